// The scheduler settings' sync (issue 18): a change made here is sent (PUT, latest `updatedAt` wins on
// the server) and the answer merged; the server's changes arrive with the progress pull.
import { getSchedulerSettingsRow, mergeServerSchedulerSettings } from '../local/scheduler-settings.ts';
import type { ZanDb } from '../local/db.ts';
import type { SyncContext } from './engine-context.ts';

/** A change made here waits to be sent. */
export const schedulerSettingsDirty = async (db: ZanDb, userId: string): Promise<boolean> =>
  (await getSchedulerSettingsRow(db, userId))?.dirty === true;

export async function syncSchedulerSettings(ctx: SyncContext): Promise<void> {
  const { api, db } = ctx;
  if (!api.putSchedulerSettings) return;
  const uid = ctx.user().uid;
  const row = await getSchedulerSettingsRow(db, uid);
  if (!row?.dirty) return;
  const { settings } = await api.putSchedulerSettings(row.settings);
  await mergeServerSchedulerSettings(db, uid, settings, row.settings);
}
