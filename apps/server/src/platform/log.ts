// Log options: what a log line may carry. Errors keep their SQL text, codes and stacks but never the
// query parameters (tokens, passwords, progress payloads), a row's values (PostgreSQL's `detail`)
// or a token in a URL; cookies and authorization headers are redacted as before.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const REDACTED = '[redacted]';
/** Properties that carry values rather than the shape of the failure. */
const VALUE_KEYS = new Set([
  'params',
  'parameters',
  'values',
  'detail',
  'body',
  'payload',
  'password',
  'token',
  'newPassword',
]);
const TOKEN_IN_URL = /([?&](?:token|code|newPassword|password)=)[^&#]*/gi;

const redactUrl = (url: string): string => url.replace(TOKEN_IN_URL, `$1${REDACTED}`);

/** The message without drizzle's "params: …" tail (DrizzleQueryError puts every parameter there). */
function redactMessage(message: string): string {
  const i = message.indexOf('\nparams: ');
  return i >= 0 ? `${message.slice(0, i)}\nparams: ${REDACTED}` : message;
}

/** pino's error shape ({ type, message, stack, …own fields }) with values removed, causes included. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) {
    if (err && typeof err === 'object' && depth < 3)
      return redactObject(err as Record<string, unknown>, depth);
    return err;
  }
  const message = redactMessage(err.message);
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: typeof err.stack === 'string' ? err.stack.replace(err.message, message) : err.stack,
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'message' || key === 'stack') continue;
    if (VALUE_KEYS.has(key)) out[key] = REDACTED;
    else if (key === 'cause' || value instanceof Error)
      out[key] = depth < 3 ? serializeError(value, depth + 1) : '[cause]';
    else if (key === 'query' && typeof value === 'string') out[key] = value;
    else if (value && typeof value === 'object')
      out[key] = depth < 3 ? redactObject(value as Record<string, unknown>, depth + 1) : '[object]';
    else out[key] = value;
  }
  if (err.cause !== undefined && !('cause' in out))
    out.cause = depth < 3 ? serializeError(err.cause, depth + 1) : '[cause]';
  return out;
}

function redactObject(value: Record<string, unknown> | unknown[], depth: number): unknown {
  if (Array.isArray(value))
    return value.map((v) =>
      v instanceof Error
        ? serializeError(v, depth + 1)
        : v && typeof v === 'object' && depth < 3
          ? redactObject(v as Record<string, unknown>, depth + 1)
          : v,
    );
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (VALUE_KEYS.has(key)) out[key] = REDACTED;
    else if (v instanceof Error) out[key] = serializeError(v, depth + 1);
    else if (v && typeof v === 'object' && depth < 3)
      out[key] = redactObject(v as Record<string, unknown>, depth + 1);
    else out[key] = v;
  }
  return out;
}

type Req = { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } };

/** Fastify's logger options; `stream` lets tests read the lines. */
export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      err: serializeError,
      error: serializeError,
      args: (args: unknown) => (Array.isArray(args) ? redactObject(args, 0) : args),
      req: (req: Req) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  } as FastifyServerOptions['logger'];
}
