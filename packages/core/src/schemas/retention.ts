// GET /api/sync/retention (issue 18, Stats → 'Retention'): the caller's true retention per week and per
// month, computed on the server from their whole review log (every device's reviews), in their days.
import { z } from 'zod';
import type { RetentionSummary } from '../retention.ts';
import { epochMs, text } from './common.ts';

/** The caller's time zone (IANA name): the days start at their rollover hour there. */
export const retentionQuerySchema = z.strictObject({ timeZone: text().min(1).max(64) });
export type RetentionQuery = z.infer<typeof retentionQuerySchema>;

const count = z.number().int().min(0);
const countsSchema = z.object({ pass: count, total: count });
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const periodSchema = z.object({ start: isoDay, end: isoDay, young: countsSchema, mature: countsSchema });

export const retentionResponseSchema = z.object({
  weeks: z.array(periodSchema),
  months: z.array(periodSchema),
  reviews: count,
  /** The zone the days were counted in (UTC when the one asked for is unknown) and the rollover hour. */
  timeZone: z.string(),
  rolloverHour: z.number().int().min(0).max(23),
  computedAt: epochMs(),
}) satisfies z.ZodType<RetentionSummary & { timeZone: string; rolloverHour: number; computedAt: number }>;
export type RetentionResponse = z.infer<typeof retentionResponseSchema>;
