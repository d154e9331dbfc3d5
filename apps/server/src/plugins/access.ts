// Route access levels. Every route declares `config: { access: <level> }`; an onRequest hook
// (before body validation) resolves the session cookie into `request.actor` and enforces the level,
// so a caller without access gets 401 / 403 whatever the body. A route without a level fails closed
// (superadmin) and is logged at registration. Finer rules (an admin's own scope) are checked in
// services through @zan/core's can().
import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { can, MSG, type Actor } from '@zan/core';
import { forbidden, unauthorized } from '../errors.ts';
import type { AuthKit } from './auth.ts';

export type AccessLevel =
  | 'public' // anyone, signed in or not
  | 'signedIn' // any session, verified or not (verify screen, sign-out, resend)
  | 'verified' // a verified user of any role
  | 'admin' // a verified admin or superadmin
  | 'superadmin'; // a verified superadmin

/** The signed-in caller: core's Actor plus what logs and services need. */
export type RequestActor = Actor & { email: string; displayName: string; sessionId: string };

/** One registered route and the level it is served with (the authorization test reads these). */
type RouteAccess = {
  method: string;
  url: string;
  access: AccessLevel;
  declared: boolean;
  exempt: string | null;
  /** The route's schemas (body, params, querystring: zod), for the fuzz test. */
  schema?: FastifySchema;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    access?: AccessLevel;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The signed-in caller; null on 'public' routes (see resolveActor) and for anonymous callers. */
    actor: RequestActor | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    /** Every route registered so far with its effective access level. */
    routeAccess: RouteAccess[];
  }
}

/**
 * Routes served by third-party plugins, which cannot carry `config.access`: they are public by
 * design and listed here explicitly. Anything else without a level is treated as superadmin.
 */
const EXEMPT: { why: string; match: (r: RouteOptions) => boolean }[] = [
  {
    why: 'OpenAPI docs (@fastify/swagger-ui)',
    match: (r) => r.url === '/api/docs' || r.url.startsWith('/api/docs/'),
  },
  {
    why: 'files of the built web app (@fastify/static)',
    match: (r) => !r.url.startsWith('/api/') && (r.schema as { hide?: boolean } | undefined)?.hide === true,
  },
];

const RANK: Record<AccessLevel, number> = { public: 0, signedIn: 1, verified: 2, admin: 3, superadmin: 4 };

const lookups = new WeakMap<FastifyRequest, Promise<RequestActor | null>>();

export function registerAccess(app: FastifyInstance, kit: AuthKit): void {
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declaredLevel = route.config?.access;
    let access: AccessLevel = declaredLevel ?? 'superadmin';
    const exempt = declaredLevel ? null : (EXEMPT.find((e) => e.match(route))?.why ?? null);
    if (exempt) access = 'public';
    else if (!declaredLevel) {
      app.log.warn(
        { url: route.url, method: route.method },
        'route declares no config.access: served as superadmin only',
      );
    }
    route.config = { ...(route.config ?? {}), access };
    for (const method of methods) {
      app.routeAccess.push({
        method: String(method),
        url: route.url,
        access,
        declared: Boolean(declaredLevel),
        exempt,
        schema: route.schema,
      });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    // No route matched: the not-found handler answers (JSON 404, or the web app's index.html).
    if (request.is404) return;
    const level = request.routeOptions.config?.access ?? 'superadmin';
    if (level === 'public') return;
    const result = await kit.resolve(request);
    if (result.kind === 'invalid') {
      void reply.header('set-cookie', kit.clearCookies());
      if (result.reason === 'replaced') throw unauthorized(MSG.signedInElsewhere, 'SESSION_REPLACED');
      throw unauthorized();
    }
    if (result.kind === 'none') throw unauthorized();
    if (result.setCookie) void reply.header('set-cookie', result.setCookie);
    const actor = result.actor;
    request.actor = actor;
    lookups.set(request, Promise.resolve(actor));
    if (RANK[level] >= RANK.verified && !actor.emailVerified)
      throw forbidden(MSG.emailNotVerified, 'EMAIL_NOT_VERIFIED');
    if (level === 'admin' && !can(actor, 'admin.area')) throw forbidden();
    if (level === 'superadmin' && !can(actor, 'superadmin.area')) throw forbidden();
  });
}

/** The caller on a 'public' route that still cares who it is (resolved once, lazily; null if anonymous). */
export async function resolveActor(request: FastifyRequest, kit: AuthKit): Promise<RequestActor | null> {
  if (request.actor) return request.actor;
  let pending = lookups.get(request);
  if (!pending) {
    pending = kit.resolve(request).then((r) => (r.kind === 'ok' ? r.actor : null));
    lookups.set(request, pending);
  }
  request.actor = await pending;
  return request.actor;
}

/** The signed-in caller, for services behind a non-public route; throws 401 otherwise. */
export function requireActor(request: FastifyRequest): RequestActor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Like requireActor, and the caller must have verified their email. */
export function requireVerified(request: FastifyRequest): RequestActor {
  const actor = requireActor(request);
  if (!actor.emailVerified) throw forbidden(MSG.emailNotVerified, 'EMAIL_NOT_VERIFIED');
  return actor;
}
