// Every route of the API as a table row: method, url, access level, schemas, success status and the one
// service call. Keeps route files to "parse, call one service method, return" without repeating options;
// no route is written by hand (eslint.config.js refuses app.get / app.post / app.route elsewhere).
//
// A row's reply is one of three:
// - JSON (the default): `response` checks and writes what `call` answers, with `status`. A reply with
//   thousands of items is checked and written a slice at a time (sliced-reply.ts). `withHeaders` adds
//   headers of the call's own (set-cookie).
// - 'raw': the call answers bytes, a stream or text with their type and other headers (`rawReply`): a
//   download, a picture, an HTML page, a proxied answer. A `response` schema then only documents the bytes.
// - 'events': a Server-Sent Events stream; the call answers the writer the table hands the response to.
// A body the schemas do not parse (multipart, the feature's plugin registers @fastify/multipart; a raw
// upload stream, the plugin adds its content-type parser) is read from `request.http`, the Fastify request,
// which also gives the caller's address and headers.
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { requireActor, requireVerified, type AccessLevel, type RequestActor } from './access.ts';
import { encodeInSlices } from './sliced-reply.ts';

/** A part of the request the row does not parse (no params, querystring or body): never read. */
type None = z.ZodType<undefined, undefined>;

/** Reply headers by name; set-cookie may be several. */
export type ReplyHeaders = Record<string, string | number | string[]>;

/** A JSON answer with headers of the call's own (set after the call, on a success only). */
export class WithHeaders<T> {
  constructor(
    readonly body: T,
    readonly headers: ReplyHeaders,
  ) {}
}
export const withHeaders = <T>(body: T, headers: ReplyHeaders): WithHeaders<T> =>
  new WithHeaders(body, headers);

/** An answer that is not the row's JSON: its body, its headers (content-type among them), its status. */
export type RawReply = { body: Buffer | Readable | string; headers: ReplyHeaders; status: number };
export const rawReply = (body: RawReply['body'], headers: ReplyHeaders = {}, status = 200): RawReply => ({
  body,
  headers,
  status,
});

/** Writes a signed-in user's events to the (hijacked) response until the client goes. */
type EventWriter = (out: ServerResponse) => void;

/** The caller as the access level knows it: none on a 'public' row, a signed-in user otherwise. */
type ActorOf<A extends AccessLevel> = A extends 'public' ? null : RequestActor;

/** The parsed request, and the Fastify request itself for what the schemas do not cover. */
type Parsed<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  http: FastifyRequest;
};

type Call<A extends AccessLevel, P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, T> = (
  actor: ActorOf<A>,
  request: Parsed<P, Q, B>,
) => Promise<T>;

type RowBase<A extends AccessLevel, P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /**
   * Who may call (plugins/access.ts enforces it before parsing): 'public' anyone (the call gets no actor;
   * resolveActor finds one that matters), 'signedIn' any session, 'verified' and up a verified user.
   */
  access: A;
  /** The OpenAPI tags, when not the table's. */
  tags?: string[];
  /** Left out of the OpenAPI document (and so without tags). */
  hide?: true;
  params?: P;
  querystring?: Q;
  body?: B;
  bodyLimit?: number;
  /** Never compressed (an event stream; bytes the service compressed itself). */
  compress?: false;
  /** Headers set before the call: an error reply carries them too (cache-control: no-store). */
  headers?: ReplyHeaders;
  /** The route's own hooks: a rate limit per address (onRequest) or per account (preHandler), a guard. */
  onRequest?: RouteOptions['onRequest'];
  preHandler?: RouteOptions['preHandler'];
};

type RouteRow<
  A extends AccessLevel,
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> = RowBase<A, P, Q, B> &
  (
    | {
        reply?: 'json';
        response: R;
        /** The status of a success (200 unless said). */
        status?: 200 | 201 | 202;
        /** The one service call, with the caller and the parsed request. */
        call: Call<A, P, Q, B, z.input<R> | WithHeaders<z.input<R>>>;
      }
    | { reply: 'raw'; response?: R; call: Call<A, P, Q, B, RawReply> }
    | { reply: 'events'; response?: never; call: Call<A, P, Q, B, EventWriter> }
  );

/** Adds one row's route to `app`. */
export type AddRoute = <
  A extends AccessLevel,
  R extends z.ZodType = None,
  P extends z.ZodType = None,
  Q extends z.ZodType = None,
  B extends z.ZodType = None,
>(
  row: RouteRow<A, P, Q, B, R>,
) => void;

function callerOf(access: AccessLevel, request: FastifyRequest): RequestActor | null {
  if (access === 'public') return null;
  return access === 'signedIn' ? requireActor(request) : requireVerified(request);
}

/** The table's rows are added to `app`, under `tags` in the OpenAPI document unless a row names its own. */
export function routeTable(app: Pick<FastifyInstance, 'route'>, tags?: string[]): AddRoute {
  return (row) => {
    const { method, url, access, params, querystring, body, response } = row;
    const status = row.reply === undefined || row.reply === 'json' ? (row.status ?? 200) : 200;
    const rowTags = row.hide ? undefined : (row.tags ?? tags);
    const route: RouteOptions = {
      method,
      url,
      schema: {
        ...(row.hide && { hide: true }),
        ...(rowTags && { tags: rowTags }),
        ...(params && { params }),
        ...(querystring && { querystring }),
        ...(body && { body }),
        ...(response && { response: { [status]: response } }),
      },
      config: { access },
      ...(row.bodyLimit !== undefined && { bodyLimit: row.bodyLimit }),
      ...(row.compress === false && { compress: false }),
      ...(row.onRequest && { onRequest: row.onRequest }),
      ...(row.preHandler && { preHandler: row.preHandler }),
      handler: async (request, reply) => {
        const actor = callerOf(access, request) as never;
        if (row.headers) void reply.headers(row.headers);
        const parsed = { params: request.params, query: request.query, body: request.body, http: request };
        if (row.reply === 'events') {
          const write = await row.call(actor, parsed as never);
          reply.hijack();
          // Headers already set by hooks (security headers, a refreshed session cookie) go out too.
          for (const [key, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined) reply.raw.setHeader(key, value);
          }
          write(reply.raw);
          return;
        }
        if (row.reply === 'raw') {
          const out = await row.call(actor, parsed as never);
          return reply.code(out.status).headers(out.headers).send(out.body);
        }
        const result = await row.call(actor, parsed as never);
        const data = result instanceof WithHeaders ? result.body : result;
        if (result instanceof WithHeaders) void reply.headers(result.headers);
        const sliced = await encodeInSlices(response as z.ZodType, data, { method, url });
        if (sliced !== null) return reply.code(status).type('application/json; charset=utf-8').send(sliced);
        return reply.code(status).send(data);
      },
    };
    app.route(route);
  };
}
