// Shared request/response shapes: the one JSON error shape and id params.
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamSchema = z.strictObject({ id: z.string().min(1).max(100) });
export const okSchema = z.object({ ok: z.literal(true) });
