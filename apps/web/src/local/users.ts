// The signed-in user's profile in their own local database, for offline start (SPEC §4).
import type { UserProfile } from '@zan/core';
import { getUserDb } from './db.ts';

/** Re-exported so the session can close the store without importing Dexie up front. */
export { closeUserDb } from './db.ts';

export async function loadCachedProfile(uid: string): Promise<UserProfile | null> {
  const row = await getUserDb(uid).users.get(uid);
  if (!row) return null;
  const { savedAt: _savedAt, ...profile } = row;
  return profile;
}

export async function saveCachedProfile(profile: UserProfile): Promise<void> {
  await getUserDb(profile.uid).users.put({ ...profile, savedAt: Date.now() });
}
