// Signed-in API routes as table rows: method, url, schemas, access level, success status and the one
// service call. Keeps route files to "parse, call one service method, return" without repeating options.
// A reply with thousands of items is checked and written a slice at a time (sliced-reply.ts).
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { requireVerified, type AccessLevel, type RequestActor } from './access.ts';
import { encodeInSlices } from './sliced-reply.ts';

/** A part of the request the row does not parse (no params, querystring or body): never read. */
type None = z.ZodType<undefined, undefined>;

export type RouteRow<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The caller must be verified, and at least this (plugins/access.ts enforces it before parsing). */
  access: Extract<AccessLevel, 'verified' | 'admin' | 'superadmin'>;
  params?: P;
  querystring?: Q;
  body?: B;
  response: R;
  /** The status of a success (200 unless said). */
  status?: 200 | 201;
  bodyLimit?: number;
  /** The one service call, with the verified caller and the parsed request. */
  call: (
    actor: RequestActor,
    request: { params: z.output<P>; query: z.output<Q>; body: z.output<B> },
  ) => Promise<z.input<R>>;
};

/** Adds one row's route to `app` (every route of the table under the same OpenAPI tags). */
export type AddRoute = <
  R extends z.ZodType,
  P extends z.ZodType = None,
  Q extends z.ZodType = None,
  B extends z.ZodType = None,
>(
  row: RouteRow<P, Q, B, R>,
) => void;

export function routeTable(app: Pick<FastifyInstance, 'route'>, tags: string[]): AddRoute {
  return ({ method, url, access, params, querystring, body, response, status = 200, bodyLimit, call }) => {
    const route: RouteOptions = {
      method,
      url,
      schema: {
        tags,
        ...(params && { params }),
        ...(querystring && { querystring }),
        ...(body && { body }),
        response: { [status]: response },
      },
      config: { access },
      ...(bodyLimit !== undefined && { bodyLimit }),
      handler: async (request, reply) => {
        const result = await call(requireVerified(request), request as never);
        const sliced = await encodeInSlices(response, result, { method, url });
        if (sliced !== null) return reply.code(status).type('application/json; charset=utf-8').send(sliced);
        return reply.code(status).send(result);
      },
    };
    app.route(route);
  };
}
