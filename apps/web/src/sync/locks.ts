// One sync of each kind at a time (SPEC §4 Sync, ARCHITECTURE §5). Across tabs the Web Locks API
// decides when the browser has it; the syncLocks table row is still written, expires after
// STALE_SYNC_LOCK_MS and is the lock itself where Web Locks are missing. An unavailable lock aborts.
import type { ZanDb } from '../local/db.ts';
import { releaseLock, touchLock, tryAcquireLock, type SyncLockId } from '../local/sync-meta.ts';

export type LockOutcome<T> = { acquired: false } | { acquired: true; value: T };

/** The slice of navigator.locks used here (injectable for tests). */
export type WebLocks = {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
};

class LockLostError extends Error {
  constructor(id: SyncLockId) {
    super(`Sync lock ${id} was taken over`);
    this.name = 'LockLostError';
  }
}

const browserWebLocks = (): WebLocks | null =>
  typeof navigator !== 'undefined' && navigator.locks && typeof navigator.locks.request === 'function'
    ? (navigator.locks as unknown as WebLocks)
    : null;

/**
 * Runs `fn` holding lock `id`, or answers { acquired: false } at once when it is held elsewhere.
 * `fn` gets `touch`, to call between pages of a long sync so its lock row never looks stale.
 */
export async function withSyncLock<T>(
  db: ZanDb,
  id: SyncLockId,
  fn: (touch: () => Promise<void>) => Promise<T>,
  options: { now?: () => number; webLocks?: WebLocks | null } = {},
): Promise<LockOutcome<T>> {
  const now = options.now ?? Date.now;
  const webLocks = options.webLocks === undefined ? browserWebLocks() : options.webLocks;
  const ref = { id, owner: crypto.randomUUID() };
  const run = async (force: boolean): Promise<LockOutcome<T>> => {
    if (!(await tryAcquireLock(db, id, ref.owner, now(), force))) return { acquired: false };
    const touch = async () => {
      if (!(await touchLock(db, ref, now()))) throw new LockLostError(id);
    };
    try {
      return { acquired: true, value: await fn(touch) };
    } finally {
      await releaseLock(db, ref).catch(() => undefined);
    }
  };
  if (!webLocks) return run(false);
  // Holding the Web Lock means no other tab syncs: a row still there is from a holder that died.
  return webLocks.request(`zan-sync:${db.name}:${id}`, { ifAvailable: true }, (lock) =>
    lock ? run(true) : Promise.resolve<LockOutcome<T>>({ acquired: false }),
  );
}
