// 'Keep my modules on this device' (issue 18), on by default: after a sync the keeper keeps every
// module offline by itself ('Download everything' done for the student) unless this is off or the
// estimate is over AUTO_KEEP_MAX_BYTES. One source of truth: the synced scheduler settings'
// `keepModulesOffline`; an older device's localStorage 'off' (`zan.keepModules.<userId>`) moves there once.
import { LOCAL_KEYS } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getUserDb, type ZanDb } from '../local/db.ts';
import { readSchedulerSettings, saveSchedulerSettings } from '../local/scheduler-settings.ts';

/** Above this estimate the modules are not kept by themselves (the student can still choose to). */
export const AUTO_KEEP_MAX_BYTES = 500 * 1024 * 1024;
/** What one topic's content takes on a device, for the estimate (cards, questions, pages; generous). */
export const ESTIMATED_TOPIC_BYTES = 200 * 1024;

const legacyKey = (userId: string) => `${LOCAL_KEYS.keepModules}.${userId}`;

/** The choice turned off before it was a synced setting: read once, then the key goes. */
async function migrateLegacy(db: ZanDb, userId: string): Promise<void> {
  let legacy: string | null;
  try {
    legacy = localStorage.getItem(legacyKey(userId));
    if (legacy !== null) localStorage.removeItem(legacyKey(userId));
  } catch {
    return;
  }
  if (legacy === 'off') await writeKeepModules(db, userId, false);
}

export async function readKeepModules(db: ZanDb, userId: string): Promise<boolean> {
  await migrateLegacy(db, userId);
  return (await readSchedulerSettings(db, userId)).keepModulesOffline;
}

/** Stores the choice in the settings (synced to the student's other devices) when it changes. */
export async function writeKeepModules(db: ZanDb, userId: string, on: boolean): Promise<void> {
  const current = await readSchedulerSettings(db, userId);
  if (current.keepModulesOffline !== on)
    await saveSchedulerSettings(db, userId, { ...current, keepModulesOffline: on }, new Date());
}

/** The choice, live (on while it loads: the default); an older device's choice moves in first. */
export function useKeepModules(userId: string): boolean {
  useEffect(() => {
    void migrateLegacy(getUserDb(userId), userId).catch(() => undefined);
  }, [userId]);
  // Only store reads inside the live query (an await of anything else would stop it observing).
  const settings = useLiveQuery(() => readSchedulerSettings(getUserDb(userId), userId), [userId]);
  return settings?.keepModulesOffline ?? true;
}

/** The Account switch's write: the signed-in user's store. */
export const setKeepModules = (userId: string, on: boolean): Promise<void> =>
  writeKeepModules(getUserDb(userId), userId, on);
