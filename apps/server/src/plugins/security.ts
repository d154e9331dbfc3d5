// helmet with a strict CSP (no inline script), and Origin checks on every state-changing request
// (any path: the router decodes `/%61pi/…` to `/api/…`, so a check by path prefix can be walked around).
// The headers that only mean something for a document (CSP, COOP, X-Frame-Options, …) go out only
// with documents: HTML/XML/SVG responses and navigations or worker scripts. JSON, CSS, images and
// module scripts carry the rest (nosniff, CORP, Referrer-Policy, HSTS, …), which saves ~400 B per
// API response.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError, forbidden } from '../errors.ts';

/** Methods that change nothing; every other method is checked. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
} as const;

/** Off for every response, on again (with helmet's defaults) for documents. */
const DOCUMENT_ONLY = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xXssProtection: false,
} as const;

/** Content types a browser may render as a document (and so run script in). */
const DOCUMENT_TYPE =
  /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;
/** Requests whose response becomes a document or a worker's global scope (CSP applies to workers). */
const DOCUMENT_DEST = new Set([
  'document',
  'iframe',
  'frame',
  'embed',
  'object',
  'worker',
  'sharedworker',
  'serviceworker',
]);

function isDocumentResponse(request: FastifyRequest, reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && DOCUMENT_TYPE.test(type)) return true;
  if (request.headers['service-worker'] !== undefined) return true; // the service worker script fetch
  const dest = request.headers['sec-fetch-dest'];
  return typeof dest === 'string' && DOCUMENT_DEST.has(dest);
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const common: FastifyHelmetOptions = {
    contentSecurityPolicy: false,
    ...DOCUMENT_ONLY,
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  };
  await app.register(helmet, common);

  // The document headers, exactly as helmet builds them; a route that set its own CSP keeps it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-security-policy') || !isDocumentResponse(request, reply)) return payload;
    reply.helmet({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      crossOriginOpenerPolicy: true,
      originAgentCluster: true,
      xDnsPrefetchControl: true,
      xDownloadOptions: true,
      xFrameOptions: true,
      xXssProtection: true,
    });
    return payload;
  });

  const trusted = new Set(config.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    // Same-origin requests from the app carry Origin; tools without a browser (tests through
    // app.inject, curl) send none and are not a CSRF vector because cookies need a browser. A
    // browser that withholds Origin still says where the request comes from in Sec-Fetch-Site.
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site')
        throw forbidden('Origin not allowed.', 'BAD_ORIGIN');
      return;
    }
    if (!trusted.has(origin)) throw forbidden('Origin not allowed.', 'BAD_ORIGIN');
  });
}

/**
 * DNS rebinding: a page on another name that resolves to this server (a loopback dev server included)
 * is not answered. Registered before every other hook, so nothing (session, access) runs first.
 */
export function registerHostCheck(app: FastifyInstance, config: Config): void {
  const hosts = allowedHosts(config);
  app.addHook('onRequest', async (request) => {
    if (!hostAllowed(hosts, request) && !(request.method === 'GET' && request.url === HEALTH_PATH))
      throw new AppError(421, 'BAD_HOST', 'This server does not answer for that host name.');
  });
}

/** Load balancers may check health by address; it answers nothing a rebinding page could use. */
const HEALTH_PATH = '/api/health';
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

type HostPort = { hostname: string; port: string };
const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

function parseHost(value: string, protocol: string): HostPort | null {
  try {
    const url = new URL(`${protocol}//${value}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    return { hostname: url.hostname.toLowerCase(), port: url.port || DEFAULT_PORT[protocol] || '' };
  } catch {
    return null;
  }
}

/**
 * The Host names this server answers for: the public URL's and the trusted origins'. When the public
 * URL is a loopback name (the default start, dev), every loopback name at that port, or at the port a
 * listener actually got, is the same server.
 */
function allowedHosts(config: Config) {
  const pub = new URL(config.publicUrl);
  const exact = new Set<string>();
  for (const origin of [config.publicUrl, ...config.trustedOrigins]) {
    try {
      const u = new URL(origin);
      exact.add(`${u.hostname.toLowerCase()}:${u.port || DEFAULT_PORT[u.protocol]}`);
    } catch {
      /* not an origin: ignored */
    }
  }
  const loopbackPorts = new Set(
    [...exact]
      .filter((h) => LOOPBACK_NAMES.has(h.slice(0, h.lastIndexOf(':'))))
      .map((h) => h.slice(h.lastIndexOf(':') + 1)),
  );
  return {
    exact,
    protocol: pub.protocol,
    loopback: LOOPBACK_NAMES.has(pub.hostname.toLowerCase()),
    loopbackPorts,
  };
}

function hostAllowed(hosts: ReturnType<typeof allowedHosts>, request: FastifyRequest): boolean {
  const raw = request.headers.host;
  const host = raw ? parseHost(raw, hosts.protocol) : null;
  if (!host) return false;
  if (hosts.exact.has(`${host.hostname}:${host.port}`)) return true;
  if (!hosts.loopback || !LOOPBACK_NAMES.has(host.hostname)) return false;
  if (hosts.loopbackPorts.has(host.port)) return true;
  const address = request.server.server.address();
  return typeof address === 'object' && address !== null && String(address.port) === host.port;
}
