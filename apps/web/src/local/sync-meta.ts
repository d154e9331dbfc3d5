// Sync bookkeeping in the user's own store (SPEC §3, §4 Sync): the content cursor ('globalSync'), the
// progress clock ('progressSync'), the announcement cursor, and the syncLocks rows with their staleness.
import { STALE_SYNC_LOCK_MS } from '@zan/core';
import {
  ANNOUNCEMENT_SYNC_ID,
  GLOBAL_SYNC_ID,
  PROGRESS_SYNC_ID,
  type AnnouncementSyncMeta,
  type GlobalSyncMeta,
  type ZanDb,
} from './db.ts';

/** contentSync and announcementSync are the spec's; progressSync guards the outbox upload and pull. */
export type SyncLockId = 'contentSync' | 'announcementSync' | 'progressSync';

/** The content cursor of `userId`, or null (never synced here, or written for another owner). */
export async function getGlobalSync(db: ZanDb, userId: string): Promise<GlobalSyncMeta | null> {
  const row = await db.syncMetadata.get(GLOBAL_SYNC_ID);
  return row?.id === GLOBAL_SYNC_ID && row.ownerId === userId ? row : null;
}

/** The content clock of the newest content page applied (0: none). */
export async function getAppliedContentVersion(db: ZanDb): Promise<number> {
  const row = await db.syncMetadata.get(GLOBAL_SYNC_ID);
  return row?.id === GLOBAL_SYNC_ID ? (row.appliedVersion ?? 0) : 0;
}

export async function getProgressVersion(db: ZanDb, userId: string): Promise<number> {
  const row = await db.syncMetadata.get(PROGRESS_SYNC_ID);
  return row?.id === PROGRESS_SYNC_ID && row.ownerId === userId ? row.version : 0;
}

export async function getAnnouncementSync(db: ZanDb, userId: string): Promise<AnnouncementSyncMeta | null> {
  const row = await db.announcementSyncMetadata.get(ANNOUNCEMENT_SYNC_ID);
  return row?.ownerId === userId ? row : null;
}

export type LockRef = { id: SyncLockId; owner: string };

/**
 * Takes the lock row unless another holder's row is fresh (younger than STALE_SYNC_LOCK_MS).
 * A stale row is cleared and replaced. `force` takes it regardless (the caller already holds the
 * cross-tab Web Lock, so any row left is from a holder that died).
 */
export async function tryAcquireLock(
  db: ZanDb,
  id: SyncLockId,
  owner: string,
  now: number,
  force = false,
): Promise<boolean> {
  if (force) {
    // Nothing to read: whatever row is there gets replaced (one write, its own transaction).
    await db.syncLocks.put({ id, timestamp: now, owner });
    return true;
  }
  return db.transaction('rw', db.syncLocks, async () => {
    const row = await db.syncLocks.get(id);
    if (row && !force && row.owner !== owner && now - row.timestamp < STALE_SYNC_LOCK_MS) return false;
    await db.syncLocks.put({ id, timestamp: now, owner });
    return true;
  });
}

/** Keeps a long sync's lock fresh; false when the lock was lost (taken over after going stale). */
export async function touchLock(db: ZanDb, { id, owner }: LockRef, now: number): Promise<boolean> {
  return db.transaction('rw', db.syncLocks, async () => {
    const row = await db.syncLocks.get(id);
    if (row && row.owner !== owner) return false;
    await db.syncLocks.put({ id, timestamp: now, owner });
    return true;
  });
}

/** Releases the lock if it is still ours. */
export async function releaseLock(db: ZanDb, { id, owner }: LockRef): Promise<void> {
  await db.transaction('rw', db.syncLocks, async () => {
    const row = await db.syncLocks.get(id);
    if (row?.owner === owner) await db.syncLocks.delete(id);
  });
}
