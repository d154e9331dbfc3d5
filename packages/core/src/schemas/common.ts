// Shared request/response shapes: the one JSON error shape, id params, and the primitives every
// request schema is built from so that what passes validation is what PostgreSQL can store: text
// without NUL, integers within int4, dates within the range both PostgreSQL and JavaScript handle.
import { z } from 'zod';
import { INT32_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';

const NUL = String.fromCharCode(0);
/** A string PostgreSQL `text` can hold (no U+0000). Chain `.trim()`, `.min()`, `.max()` as usual. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !s.includes(NUL), { message: MSG.textHasNul });

const INT32_MIN = -INT32_MAX - 1;
/** An integer an `integer` (int4) column holds. */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);

/**
 * The dates that survive the trip to PostgreSQL (`timestamptz`: 4713 BC to 294276 AD) and back:
 * the server writes ISO text (four-digit years only up to 9999) and the driver reads years below
 * 100 as 19xx/20xx. As epoch milliseconds: 1000-01-01 to 9999-12-31.
 */
export const EPOCH_MS_MIN = -30_610_224_000_000;
export const EPOCH_MS_MAX = 253_402_300_799_999;
/** A date as epoch milliseconds a `timestamptz` column stores. */
export const epochMs = () => z.number().int().min(EPOCH_MS_MIN).max(EPOCH_MS_MAX);
/** True when `d` is a valid Date inside epochMs()'s range. */
export const storableDate = (d: Date): boolean => {
  const t = d.getTime();
  return Number.isFinite(t) && t >= EPOCH_MS_MIN && t <= EPOCH_MS_MAX;
};

export const idSchema = text().min(1).max(100);
export const idParamSchema = z.strictObject({ id: idSchema });
export const okSchema = z.object({ ok: z.literal(true) });
