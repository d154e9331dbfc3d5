// Sync bookkeeping in the user's own store (SPEC §3, §4 Sync): the content cursor ('globalSync'), the
// progress clock ('progressSync'), the announcement cursor, and the syncLocks rows with their staleness.
import { STALE_SYNC_LOCK_MS } from '@zan/core';
import type { ZanDb } from './db.ts';

export const GLOBAL_SYNC_ID = 'globalSync';
export const PROGRESS_SYNC_ID = 'progressSync';
export const ANNOUNCEMENT_SYNC_ID = 'announcementSync';

/** contentSync and announcementSync are the spec's; progressSync guards the outbox upload and pull. */
export type SyncLockId = 'contentSync' | 'announcementSync' | 'progressSync';

/**
 * The content cursor. `reconciling` is true while a full reconcile is under way: its pages are already
 * stored, but local rows the server no longer sends are only removed at its last page, so an
 * interrupted reconcile starts again from the beginning instead of continuing as a delta.
 */
export type GlobalSyncMeta = {
  id: typeof GLOBAL_SYNC_ID;
  ownerId: string;
  cursor: string;
  visibleSet: string;
  reconciling: boolean;
  lastSuccessfulTimestamp?: number;
  /** The content clock of the newest page applied: a topic download read before it is stale. */
  appliedVersion?: number;
};

export type ProgressSyncMeta = { id: typeof PROGRESS_SYNC_ID; ownerId: string; version: number };
/** `reconciling`: a reset's pull from the start is under way (`seen` holds the ids it sent so far). */
export type AnnouncementSyncMeta = {
  id: typeof ANNOUNCEMENT_SYNC_ID;
  ownerId: string;
  cursor: string;
  lastSync: number;
  visibleSet?: string;
  reconciling?: boolean;
  seen?: string[];
};

/** The content cursor of `userId`, or null (never synced here, or written for another owner). */
export async function getGlobalSync(db: ZanDb, userId: string): Promise<GlobalSyncMeta | null> {
  const row = await db.syncMetadata.get(GLOBAL_SYNC_ID);
  if (!row || row.ownerId !== userId || typeof row['cursor'] !== 'string') return null;
  return row as GlobalSyncMeta;
}

/** The content clock of the newest content page applied (0: none). */
export async function getAppliedContentVersion(db: ZanDb): Promise<number> {
  const row = await db.syncMetadata.get(GLOBAL_SYNC_ID);
  return typeof row?.['appliedVersion'] === 'number' ? row['appliedVersion'] : 0;
}

export async function getProgressVersion(db: ZanDb, userId: string): Promise<number> {
  const row = await db.syncMetadata.get(PROGRESS_SYNC_ID);
  return row?.ownerId === userId && typeof row['version'] === 'number' ? row['version'] : 0;
}

export async function getAnnouncementSync(db: ZanDb, userId: string): Promise<AnnouncementSyncMeta | null> {
  const row = await db.announcementSyncMetadata.get(ANNOUNCEMENT_SYNC_ID);
  if (!row || row.ownerId !== userId || typeof row['cursor'] !== 'string') return null;
  return row as AnnouncementSyncMeta;
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
