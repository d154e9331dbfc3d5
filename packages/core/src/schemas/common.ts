// Shared request/response shapes: the one JSON error shape and id params.
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idParamSchema = z.strictObject({ id: z.string().min(1).max(100) });
export const okSchema = z.object({ ok: z.literal(true) });

// Column-safe primitives (issue 9): what passes these never fails in PostgreSQL. (The security work
// defines the same for every route; the lead unifies them on merge.)
/** Text without NUL (PostgreSQL text cannot hold it). */
export const safeText = (max: number) => z.string().max(max).refine((s) => !s.includes('\u0000'), 'Text must not contain NUL characters.');
export const INT32_MAX = 2_147_483_647;
/** An integer column (int4). */
export const int32 = () => z.number().int().min(-INT32_MAX - 1).max(INT32_MAX);
/** Epoch milliseconds of years 0001–9999 (what a timestamptz column and toISOString() both take). */
export const EPOCH_MS_MIN = -62_135_596_800_000;
export const EPOCH_MS_MAX = 253_402_300_799_999;
export const epochMs = () => z.number().int().min(EPOCH_MS_MIN).max(EPOCH_MS_MAX);
