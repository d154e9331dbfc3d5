// GET /api/sync/retention through the one HTTP client: the caller's true retention, counted by the
// server from every device's reviews in this device's time zone. The answer is checked against core's
// schema before it is kept.
import { retentionResponseSchema, type RetentionResponse } from '@zan/core';
import { ApiError, apiGet } from '../../lib/api.ts';

/** This device's time zone (IANA name; UTC when the browser does not say). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export async function fetchRetention(timeZone = deviceTimeZone()): Promise<RetentionResponse> {
  const body = await apiGet<unknown>(`/api/sync/retention?timeZone=${encodeURIComponent(timeZone)}`);
  const parsed = retentionResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'BAD_RESPONSE', 'The retention figures could not be read.');
  return parsed.data;
}
