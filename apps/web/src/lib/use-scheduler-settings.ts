// The student's scheduler settings for screens (issue 18): read live from the local store (the defaults
// until set), and `save` — stored at once on this device, sent to the server by the progress sync so
// every device of theirs gets them. The Account 'Scheduler' section and the players build on it.
import { DEFAULT_SCHEDULER_SETTINGS, reviewSchedulerOf, type SchedulerSettings } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useContext, useMemo } from 'react';
import { getUserDb } from '../local/db.ts';
import { readSchedulerSettings, saveSchedulerSettings } from '../local/scheduler-settings.ts';
import { SyncContext } from '../sync/use-sync.ts';

export function useSchedulerSettings(userId: string | null) {
  const stored = useLiveQuery(
    () => (userId ? readSchedulerSettings(getUserDb(userId), userId) : DEFAULT_SCHEDULER_SETTINGS),
    [userId],
  );
  // Optional: outside the signed-in shell (tests) the change simply waits for the next sync.
  const sync = useContext(SyncContext);
  const save = useCallback(
    async (next: SchedulerSettings): Promise<SchedulerSettings> => {
      if (!userId) throw new Error('Not signed in');
      const saved = await saveSchedulerSettings(getUserDb(userId), userId, next, new Date());
      sync?.scheduleProgressUpload();
      return saved;
    },
    [userId, sync],
  );
  const settings = stored ?? DEFAULT_SCHEDULER_SETTINGS;
  /** What schedules a review now (recorded with it). */
  const scheduler = useMemo(() => reviewSchedulerOf(settings), [settings]);
  return { settings, loaded: stored !== undefined, scheduler, save };
}
