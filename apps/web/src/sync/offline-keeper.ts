// Offline by choice (issue 11): 'Make available offline' (a module) and 'Download everything' record the
// choice, then fetch every visible topic of it through the engine's on-demand topic pull, with
// progress; after every later successful sync the kept topics that are missing or stale are fetched
// again, so kept content stays current. One job at a time; later requests queue behind it.
// Issue 18: after a sync, with 'Keep my modules on this device' on (the default), every module is kept
// by itself unless the space estimate is over AUTO_KEEP_MAX_BYTES (or the device's free space).
import {
  addOfflineKeep,
  getOfflineKeep,
  hasKeep,
  needsDownload,
  removeOfflineKeep,
  topicsOf,
  type OfflineTarget,
} from '../local/offline-keep.ts';
import type { ZanDb } from '../local/db.ts';
import { isOnline } from './engine-context.ts';
import {
  AUTO_KEEP_MAX_BYTES,
  ESTIMATED_TOPIC_BYTES,
  readKeepModules,
  writeKeepModules,
} from './keep-modules.ts';
import { pooled, type TopicSyncResult } from './topic-sync.ts';

type OfflineJobStatus = 'running' | 'done' | 'partial' | 'offline';
export type OfflineJob = {
  target: OfflineTarget;
  /** choice: the student asked; refresh: the automatic top-up after a sync. */
  reason: 'choice' | 'refresh';
  /** Topics to fetch (the rest of the target is already current here). */
  total: number;
  /** Topics finished, whatever their result. */
  done: number;
  failed: number;
  status: OfflineJobStatus;
  /** How much the device's storage grew (navigator.storage.estimate()), when known. */
  addedBytes: number | null;
};
export type OfflineKeeperState = { job: OfflineJob | null };

export type OfflineKeeperOptions = {
  db: ZanDb;
  userId: string;
  /** The engine's topic pull (deduplicated per topic, bounded fetches). */
  syncTopic: (topicId: string) => Promise<TopicSyncResult>;
  /** Storage in use by this origin, in bytes; null when the browser cannot tell. */
  storageUsage?: () => Promise<number | null>;
  /** 'Keep my modules on this device' (default: the student's setting). */
  keepModules?: () => boolean | Promise<boolean>;
  /** Free space for this origin in bytes (quota − usage); null when the browser cannot tell. */
  storageFree?: () => Promise<number | null>;
};

async function browserStorageUsage(): Promise<number | null> {
  try {
    const est = await navigator.storage?.estimate?.();
    return typeof est?.usage === 'number' ? est.usage : null;
  } catch {
    return null;
  }
}

async function browserStorageFree(): Promise<number | null> {
  try {
    const est = await navigator.storage?.estimate?.();
    return typeof est?.usage === 'number' && typeof est.quota === 'number' ? est.quota - est.usage : null;
  } catch {
    return null;
  }
}

export type OfflineKeeper = ReturnType<typeof createOfflineKeeper>;

export function createOfflineKeeper({
  db,
  userId,
  syncTopic,
  storageUsage = browserStorageUsage,
  keepModules = () => readKeepModules(db, userId),
  storageFree = browserStorageFree,
}: OfflineKeeperOptions) {
  let state: OfflineKeeperState = { job: null };
  let disposed = false;
  const listeners = new Set<() => void>();
  const set = (job: OfflineJob) => {
    if (disposed) return;
    state = { job };
    for (const l of listeners) l();
  };
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  async function run(
    target: OfflineTarget,
    reason: OfflineJob['reason'],
    ids: string[],
  ): Promise<OfflineJob> {
    let job: OfflineJob = {
      target,
      reason,
      total: ids.length,
      done: 0,
      failed: 0,
      status: 'running',
      addedBytes: null,
    };
    if (!isOnline()) {
      job = { ...job, status: 'offline' };
      set(job);
      return job;
    }
    set(job);
    const before = ids.length ? await storageUsage() : null;
    let offline = false;
    // Lecture images (once lectures have them) belong to each topic's step here: after its content
    // is saved, its images are fetched into the image cache, counted in the same progress.
    await pooled(ids, async (id) => {
      const result = offline || disposed ? 'offline' : await syncTopic(id);
      if (result === 'offline') offline = true;
      const failed = result !== 'saved' && result !== 'gone';
      job = { ...job, done: job.done + 1, failed: job.failed + (failed ? 1 : 0) };
      set(job);
      return result;
    });
    const after = before === null ? null : await storageUsage();
    const addedBytes = before !== null && after !== null ? Math.max(0, after - before) : null;
    job = { ...job, status: offline ? 'offline' : job.failed ? 'partial' : 'done', addedBytes };
    set(job);
    return job;
  }

  return {
    getState: (): OfflineKeeperState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Records the choice and fetches the target's topics that are missing or stale here. */
    keep(target: OfflineTarget): Promise<OfflineJob> {
      if (target.kind === 'everything') void writeKeepModules(db, userId, true).catch(() => undefined);
      return enqueue(async () => {
        await addOfflineKeep(db, userId, target);
        const ids = (await topicsOf(db, target)).filter(needsDownload).map((t) => t.id);
        return run(target, 'choice', ids);
      });
    },
    /** After a sync: fetch the kept topics that are missing or stale (nothing to do: no job, null). */
    refresh(): Promise<OfflineJob | null> {
      return enqueue(async () => {
        if (!isOnline()) return null;
        let keep = await getOfflineKeep(db, userId);
        if (!keep.everything && (await keepModules())) {
          // The student's modules kept by themselves: 'Download everything' done for them.
          const missing = (await topicsOf(db, { kind: 'everything' })).filter(needsDownload).length;
          const bytes = missing * ESTIMATED_TOPIC_BYTES;
          const free = bytes > 0 ? await storageFree() : null;
          if (bytes <= AUTO_KEEP_MAX_BYTES && (free === null || bytes <= free))
            keep = await addOfflineKeep(db, userId, { kind: 'everything' });
        }
        if (!hasKeep(keep)) return null;
        const ids = (await topicsOf(db, keep)).filter(needsDownload).map((t) => t.id);
        if (ids.length === 0) return null;
        // One kept module reads as that module; several (or everything) as the whole kept set.
        const only = !keep.everything && keep.modules.length === 1 ? keep.modules[0] : undefined;
        return run(only ? { kind: 'module', moduleId: only } : { kind: 'everything' }, 'refresh', ids);
      });
    },
    /** Stops keeping the target offline (queued behind a running job); its content stays here. */
    async unkeep(target: OfflineTarget): Promise<void> {
      if (target.kind === 'everything') await writeKeepModules(db, userId, false).catch(() => undefined);
      await enqueue(() => removeOfflineKeep(db, userId, target));
    },
    /** Forget the finished job's message. */
    dismiss(): void {
      if (state.job && state.job.status !== 'running') {
        state = { job: null };
        for (const l of listeners) l();
      }
    },
    dispose(): void {
      disposed = true;
      listeners.clear();
    },
  };
}
