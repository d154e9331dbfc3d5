// The session's access to the profile cached in the user's local store (offline start). The store
// (Dexie) is loaded on demand: a signed-out visitor never downloads it.
import type { UserProfile } from '@zan/core';

let local: typeof import('../../local/users.ts') | null = null;
const localUsers = async () => (local ??= await import('../../local/users.ts'));

/** Synchronous, so a sign-out never closes a store opened after it; nothing to close if never loaded. */
export const closeLocalDb = (): void => local?.closeUserDb();
export const loadCachedProfile = async (uid: string): Promise<UserProfile | null> =>
  (await localUsers()).loadCachedProfile(uid);
export const saveCachedProfile = async (profile: UserProfile): Promise<void> =>
  (await localUsers()).saveCachedProfile(profile);
