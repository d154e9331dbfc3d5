// Shared request/response shapes: the one JSON error shape and id params.
import { z } from 'zod';
import { MSG } from '../messages.ts';

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** PostgreSQL text cannot hold NUL: such input is refused by validation, never reaching the database. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
export const NO_NUL = /^[^\u0000]*$/;
/** A string without NUL characters (ARCHITECTURE §8 "validation matches storage"). */
export const safeString = (params?: Parameters<typeof z.string>[0]) => z.string(params).regex(NO_NUL, { message: MSG.textHasNul });
export const idParamSchema = z.strictObject({ id: safeString().min(1).max(100) });
export const okSchema = z.object({ ok: z.literal(true) });
