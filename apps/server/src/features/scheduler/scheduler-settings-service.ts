// The student's scheduler settings (issue 18): their own data, kept on the server so every device of
// theirs gets them (latest `updatedAt` wins). A stored value that no longer validates reads as none.
import type { Actor, SchedulerSettings } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { bumpVersion, progressScope } from '../../domain/clock-repository.ts';
import type { ProgressNotifier } from '../../domain/progress-notify.ts';
import {
  schedulerSettingsRepository as repo,
  validSettings,
} from '../../domain/scheduler-settings-repository.ts';

export function schedulerSettingsService({ db, notify }: { db: Database; notify: ProgressNotifier }) {
  return {
    async get(actor: Actor): Promise<{ settings: SchedulerSettings | null }> {
      return { settings: validSettings(await repo.get(db, actor.id)) };
    },
    /** A change on the user's progress clock: every device of theirs pulls it with the progress. */
    async put(actor: Actor, settings: SchedulerSettings): Promise<{ settings: SchedulerSettings | null }> {
      let version = 0;
      const stored = await db.transaction(async (tx) => {
        version = await bumpVersion(tx, progressScope(actor.id));
        return repo.put(tx, actor.id, settings, settings.updatedAt, version);
      });
      // No device id: every device of the user (this one too) pulls.
      if (stored.changed) await notify(actor.id, { version, deviceId: '' });
      return { settings: validSettings(stored.settings) };
    },
  };
}
export type SchedulerSettingsService = ReturnType<typeof schedulerSettingsService>;
