// The student's scheduler settings on this device (issue 18): the 'schedulerSettings' row of
// syncMetadata. A change here is stored at once and marked dirty; the progress sync sends it and takes
// the server's when that is newer (latest `updatedAt` wins on the server).
import { DEFAULT_SCHEDULER_SETTINGS, type SchedulerSettings } from '@zan/core';
import { SCHEDULER_SETTINGS_ID, type SchedulerSettingsMeta, type ZanDb } from './db.ts';

/** The stored row of `userId`, or null (never set on this device, or another owner's). */
export async function getSchedulerSettingsRow(
  db: ZanDb,
  userId: string,
): Promise<SchedulerSettingsMeta | null> {
  const row = await db.syncMetadata.get(SCHEDULER_SETTINGS_ID);
  return row?.id === SCHEDULER_SETTINGS_ID && row.ownerId === userId ? row : null;
}

/** The settings in force on this device (the defaults until the student or a sync sets them). */
export async function readSchedulerSettings(db: ZanDb, userId: string): Promise<SchedulerSettings> {
  return (await getSchedulerSettingsRow(db, userId))?.settings ?? DEFAULT_SCHEDULER_SETTINGS;
}

/** Stores a change made here (stamped `now`, at least after the stored one) for the next sync to send. */
export async function saveSchedulerSettings(
  db: ZanDb,
  userId: string,
  settings: SchedulerSettings,
  now: Date,
): Promise<SchedulerSettings> {
  return db.transaction('rw', db.syncMetadata, async () => {
    const stored = await getSchedulerSettingsRow(db, userId);
    const updatedAt = Math.max(now.getTime(), (stored?.settings.updatedAt ?? 0) + 1);
    const next = { ...settings, ...browserTimeZone(), updatedAt };
    await db.syncMetadata.put({ id: SCHEDULER_SETTINGS_ID, ownerId: userId, settings: next, dirty: true });
    return next;
  });
}

/**
 * The server's settings (null: none stored there) merged in: kept when newer than what is here, and
 * what is here stays dirty when it is newer still (sent again). `sent`: the local settings the server
 * answered for, no longer dirty if unchanged since.
 */
export async function mergeServerSchedulerSettings(
  db: ZanDb,
  userId: string,
  server: SchedulerSettings | null,
  sent?: SchedulerSettings,
): Promise<void> {
  await db.transaction('rw', db.syncMetadata, async () => {
    const stored = await getSchedulerSettingsRow(db, userId);
    const local = stored?.settings;
    if (server && (!local || server.updatedAt >= local.updatedAt)) {
      await db.syncMetadata.put({
        id: SCHEDULER_SETTINGS_ID,
        ownerId: userId,
        settings: server,
        dirty: false,
      });
      return;
    }
    if (
      stored &&
      sent &&
      stored.dirty &&
      sent.updatedAt === stored.settings.updatedAt &&
      server?.updatedAt === sent.updatedAt
    )
      await db.syncMetadata.put({ ...stored, dirty: false });
  });
}

/** The browser's time zone, saved with the settings: the server's own optimizer runs count days in it. */
export function browserTimeZone(): { timeZone?: string } {
  try {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZone && timeZone.length <= 64 ? { timeZone } : {};
  } catch {
    return {};
  }
}
