// helmet with a strict CSP (no inline script), and Origin checks on every state-changing /api request.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../errors.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
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
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });

  const trusted = new Set(config.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    // Same-origin requests from the app carry Origin; tools without a browser (tests through
    // app.inject, curl) send none and are not a CSRF vector because cookies need a browser.
    if (origin === undefined) return;
    const host = request.headers.host;
    const sameHost = host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
    if (!trusted.has(origin) && !sameHost) throw forbidden('Origin not allowed.', 'BAD_ORIGIN');
  });
}
