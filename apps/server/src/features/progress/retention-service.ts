// Stats → 'Retention' (issue 18): the caller's true retention per week and per month, from their own
// review log — every device's reviews — counted in their days (time zone, rollover hour) by core.
import {
  DEFAULT_SCHEDULER_SETTINGS,
  retentionSummary,
  retentionWindowStart,
  zoneClock,
  type Actor,
  type RetentionQuery,
  type RetentionResponse,
  type SchedulerSettings,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { retentionRepository as repo } from './retention-repository.ts';

export type SettingsStore = { get(actor: Actor): Promise<{ settings: SchedulerSettings | null }> };

export function retentionService({
  db,
  settings,
  now = () => Date.now(),
}: {
  db: Database;
  settings: SettingsStore;
  now?: () => number;
}) {
  return {
    async get(actor: Actor, query: RetentionQuery): Promise<RetentionResponse> {
      const stored = (await settings.get(actor)).settings;
      const rolloverHour = (stored ?? DEFAULT_SCHEDULER_SETTINGS).dayRolloverHour;
      const timeZone = zoneClock(query.timeZone).resolvedOptions().timeZone;
      const at = now();
      const options = { now: at, timeZone, rolloverHour };
      const reviews = await repo.reviews(db, actor.id, retentionWindowStart(options));
      return { ...retentionSummary(reviews, options), timeZone, rolloverHour, computedAt: at };
    },
  };
}
