// The daily limits across devices (issue 18): GET /api/sync/day-tally — the cards the student's other
// devices answered since the day started — checked against core's schema and kept for the day's tally.
// 'Review all due' waits for it briefly when online; offline (or slow) the last kept figures count.
import { dayTallyResponseSchema } from '@zan/core';
import { apiGet } from '../../../lib/api.ts';
import { getDeviceId } from '../../../sync/device-id.ts';
import { saveOtherDevicesTally } from './daily-tally.ts';

/** How long building the queue waits for the other devices' answers. */
const OTHER_DEVICES_WAIT_MS = 1_500;

/** Fetches and keeps the other devices' answers of the day; false when it could not (offline, refused, slow). */
export async function refreshOtherDevicesTally(
  userId: string,
  dayStart: number,
  waitMs = OTHER_DEVICES_WAIT_MS,
): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const query = `since=${dayStart}&deviceId=${encodeURIComponent(getDeviceId())}`;
  const fetched = apiGet<unknown>(`/api/sync/day-tally?${query}`).then(
    (body) => {
      const parsed = dayTallyResponseSchema.safeParse(body);
      if (!parsed.success) return false;
      saveOtherDevicesTally(userId, dayStart, parsed.data);
      return true;
    },
    () => false,
  );
  const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), waitMs));
  return Promise.race([fetched, late]);
}
