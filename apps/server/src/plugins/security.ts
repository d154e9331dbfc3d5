// helmet with a strict CSP (no inline script), and Origin checks on every state-changing request
// (any path: the router decodes `/%61pi/…` to `/api/…`, so a check by path prefix can be walked around).
// The headers that only mean something for a document (CSP, COOP, X-Frame-Options, …) go out only
// with documents: HTML/XML/SVG responses and navigations or worker scripts. JSON, CSS, images and
// module scripts carry the rest (nosniff, CORP, Referrer-Policy, HSTS, …), which saves ~400 B per
// API response.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

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
    const host = request.headers.host;
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    if (!trusted.has(origin) && !sameHost) throw forbidden('Origin not allowed.', 'BAD_ORIGIN');
  });
}
