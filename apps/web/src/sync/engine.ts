// The sync engine of one signed-in user (SPEC §4 Sync, ARCHITECTURE §5): content + announcements +
// progress as one queued run, topic content on demand, and the progress outbox drained in the
// background with backoff. React reaches it through SyncProvider / useSync(); nothing here renders.
import { SIGN_OUT_SYNC_POLL_MS, SIGN_OUT_SYNC_WAIT_MS } from '@zan/core';
import { ApiError } from '../lib/api.ts';
import { liveQuery, type ZanDb } from '../local/db.ts';
import { outboxCount } from '../local/outbox.ts';
import { studySessionWritesSettled } from '../local/study-sessions.ts';
import { getGlobalSync, getProgressVersion } from '../local/sync-meta.ts';
import { announcementsAtHead, cleanUpAnnouncements, pullAnnouncements } from './announcement-sync.ts';
import { pullContent, type ContentSyncMode } from './content-sync.ts';
import { isCompleteUser, isOnline, type SyncContext, type SyncUser } from './engine-context.ts';
import { getDeviceId } from './device-id.ts';
import { withSyncLock, type WebLocks } from './locks.ts';
import { progressAtHead, pullProgress, uploadOutbox } from './progress-sync.ts';
import { pullQuestionStats } from './question-stats-sync.ts';
import { schedulerSettingsDirty, syncSchedulerSettings } from './scheduler-settings-sync.ts';
import { SingleFlight } from './runner.ts';
import { pruneImages } from './topic-images.ts';
import { httpSyncApi, type SyncApi } from './sync-api.ts';
import {
  ensureSubjectTopics,
  limiter,
  PARALLEL,
  refreshStaleTopics,
  syncTopicContent,
  topicWriter,
  type TopicSyncResult,
} from './topic-sync.ts';

/** success; locked (another sync holds the lock: aborted); the rest are failures of some kind. */
export type SyncOutcome = 'success' | 'failed' | 'offline' | 'locked' | 'incomplete' | 'unauthorized';
export type EngineState = { status: 'idle' | 'syncing'; lastSyncedAt: number | null };
/**
 * upload: drain the outbox. both: upload, then pull the other devices' progress. catch-up (after a
 * content sync): upload what waits, pull only when behind the head the content pull reported, and
 * make no request at all when both are already done.
 */
type ProgressKind = 'upload' | 'catch-up' | 'both';
const progressRank: Record<ProgressKind, number> = { upload: 0, 'catch-up': 1, both: 2 };

export const PROGRESS_DEBOUNCE_MS = 2_000;
const PROGRESS_MAX_BACKOFF_MS = 300_000;
/** A 429 without a readable Retry-After: wait this long before uploading again. */
const PROGRESS_LIMITED_WAIT_MS = 60_000;

export type SyncEngineOptions = {
  db: ZanDb;
  user: SyncUser;
  api?: SyncApi;
  now?: () => number;
  webLocks?: WebLocks | null;
  deviceId?: string;
};

export type SyncEngine = ReturnType<typeof createSyncEngine>;

export function createSyncEngine(options: SyncEngineOptions) {
  let user = options.user;
  let disposed = false;
  let state: EngineState = { status: 'idle', lastSyncedAt: null };
  const listeners = new Set<() => void>();
  const ctx: SyncContext = {
    db: options.db,
    user: () => user,
    api: options.api ?? httpSyncApi,
    now: options.now ?? Date.now,
    webLocks: options.webLocks,
    topicFetches: limiter(PARALLEL),
  };
  ctx.topicWrites = topicWriter(ctx.db, ctx.now);
  const lockOptions = { now: ctx.now, webLocks: options.webLocks };
  const deviceId = options.deviceId ?? getDeviceId();

  const setState = (patch: Partial<EngineState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };
  const refreshLastSynced = async () => {
    const meta = await getGlobalSync(ctx.db, user.uid).catch(() => null);
    if (!disposed) setState({ lastSyncedAt: meta?.lastSuccessfulTimestamp ?? null });
  };

  // Progress: one upload (and pull) at a time, retried with backoff while it fails.
  /** The user's progress clock on the server as the last content pull reported it (null: unknown). */
  let progressHead: number | null = null;
  let progressTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  /**
   * The server refused uploads (429) until then: the outbox stays, no upload is tried before it (new
   * reviews meanwhile only queue), pulls go on.
   */
  let uploadsPausedUntil = 0;
  const scheduleProgress = (delayMs: number, kind: ProgressKind = 'upload') => {
    if (disposed) return;
    clearTimeout(progressTimer);
    const wait = Math.max(delayMs, uploadsPausedUntil - ctx.now());
    progressTimer = setTimeout(() => void progress.run(kind).catch(() => undefined), wait);
  };
  const retryProgress = () => {
    failures += 1;
    scheduleProgress(Math.min(PROGRESS_DEBOUNCE_MS * 2 ** failures, PROGRESS_MAX_BACKOFF_MS));
  };
  const progress = new SingleFlight<ProgressKind, boolean>(
    async (kind) => {
      if (disposed || !isOnline()) return false;
      try {
        const head = kind === 'catch-up' ? progressHead : null;
        if (head !== null && (await progressAtHead(ctx, head))) {
          failures = 0;
          return true;
        }
        const held = await withSyncLock(
          ctx.db,
          'progressSync',
          async () => {
            // Pulling runs even when uploading fails (the upload error is rethrown after the pull).
            let up: Awaited<ReturnType<typeof uploadOutbox>> = { uploaded: 0, remaining: true };
            let uploadError: unknown = null;
            let limited = ctx.now() < uploadsPausedUntil;
            try {
              if (!limited) up = await uploadOutbox(ctx, deviceId);
            } catch (e) {
              if (e instanceof ApiError && e.status === 429) {
                // Too many uploads: not a failure. What is left stays queued until the server's time.
                limited = true;
                const waitMs =
                  e.retryAfterSeconds === null ? PROGRESS_LIMITED_WAIT_MS : e.retryAfterSeconds * 1000;
                uploadsPausedUntil = ctx.now() + waitMs;
              } else {
                uploadError = e;
                if (e instanceof ApiError && (e.status === 401 || e.isNetwork)) throw e;
              }
            }
            const pull =
              kind === 'both' ||
              head === null ||
              up.uploaded > 0 ||
              uploadError !== null ||
              limited ||
              (await getProgressVersion(ctx.db, user.uid)) < head;
            if (pull) await pullProgress(ctx);
            // Scheduler settings changed here (issue 18); a failure leaves them dirty for next time.
            if (await schedulerSettingsDirty(ctx.db, user.uid))
              await syncSchedulerSettings(ctx).catch((e: unknown) => {
                if (e instanceof ApiError && e.status === 401) throw e;
              });
            if (uploadError) throw uploadError;
            return up;
          },
          lockOptions,
        );
        if (held.acquired && held.value.remaining) retryProgress();
        else failures = 0;
        return true;
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 401)) retryProgress();
        throw e;
      }
    },
    (a, b) => (progressRank[a] >= progressRank[b] ? a : b),
  );

  // Content, announcements and progress: one run at a time, requests meanwhile queue one follow-up.
  const content = new SingleFlight<ContentSyncMode, SyncOutcome>(
    async (mode) => {
      if (disposed) return 'unauthorized';
      if (!isCompleteUser(user)) return 'incomplete';
      if (!isOnline()) return 'offline';
      try {
        const pulled = await withSyncLock(
          ctx.db,
          'contentSync',
          (touch) => pullContent(ctx, mode, touch),
          lockOptions,
        );
        if (!pulled.acquired) return 'locked';
        const { heads, syncedAt } = pulled.value;
        // The last content page says where the other streams end: at their heads, no request (and
        // no lock) is needed; expired announcements are still removed locally.
        if (heads && (await announcementsAtHead(ctx, heads))) {
          await cleanUpAnnouncements(ctx);
        } else {
          // A busy announcement lock means another tab is pulling them: not a failure of this run.
          await withSyncLock(
            ctx.db,
            'announcementSync',
            (touch) => pullAnnouncements(ctx, touch),
            lockOptions,
          );
        }
        progressHead = heads ? heads.progress : null;
        await progress.run('catch-up');
        refreshQuestionStats();
        if (!disposed) setState({ lastSyncedAt: syncedAt });
        return 'success';
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return 'unauthorized';
        if (e instanceof ApiError && e.isNetwork) return 'offline';
        console.warn('Zan: sync failed', e);
        return 'failed';
      }
    },
    (a, b) => (a === 'full' || b === 'full' ? 'full' : 'delta'),
    (busy) => setState({ status: busy ? 'syncing' : 'idle' }),
  );

  // Announcements alone (admins and superadmins: no automatic content sync, yet their /announcements
  // page must be current without pressing SYNC). One pull at a time; a request meanwhile follows it.
  const announcements = new SingleFlight<'pull', boolean>(async () => {
    if (disposed || !isCompleteUser(user) || !isOnline()) return false;
    try {
      const held = await withSyncLock(
        ctx.db,
        'announcementSync',
        (touch) => pullAnnouncements(ctx, touch),
        lockOptions,
      );
      return held.acquired;
    } catch (e) {
      if (!(e instanceof ApiError && (e.status === 401 || e.isNetwork)))
        console.warn('Zan: announcement sync failed', e);
      return false;
    }
  });

  // The peer figures (issue 19): after a sync and after topic downloads, when due (hourly or new content).
  const questionStats = new SingleFlight<'pull', boolean>(async () => {
    if (disposed || !isCompleteUser(user)) return false;
    try {
      return (await pullQuestionStats(ctx)) === 'pulled';
    } catch {
      return false; // a 401 is the session's business; the figures stay as they are
    }
  });
  const refreshQuestionStats = () => void questionStats.run('pull').catch(() => undefined);

  const topicRuns = new Map<string, Promise<TopicSyncResult>>();
  const syncTopic = (topicId: string): Promise<TopicSyncResult> => {
    const running = topicRuns.get(topicId);
    if (running) return running;
    const run = syncTopicContent(ctx, topicId)
      .then((result) => {
        // A 404: the content stream decides whether the topic is gone (a delta sync, never a local delete).
        if (result === 'gone') void content.run('delta');
        return result;
      })
      .finally(() => {
        topicRuns.delete(topicId);
        // Once per batch, not per topic: it reads every local card and page.
        if (topicRuns.size === 0 && !disposed) {
          void pruneImages(ctx.db).catch(() => undefined);
          refreshQuestionStats(); // new content: its questions' figures
        }
      });
    topicRuns.set(topicId, run);
    return run;
  };

  // The peer figures' fetch is not waited for (sign-out): a write cut short leaves the old figures.
  const isBusy = () => content.busy || progress.busy || announcements.busy || topicRuns.size > 0;

  return {
    getState: (): EngineState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get user(): SyncUser {
      return user;
    },
    setUser(next: SyncUser): void {
      if (next.uid !== user.uid) throw new Error('A sync engine serves one user');
      user = next;
    },
    /** Delta sync (full when this user never synced here). */
    syncNow: (): Promise<SyncOutcome> => content.run('delta'),
    /** Full reconcile from the start (the account page's 'Perform Full Sync'). */
    fullSync: (): Promise<SyncOutcome> => content.run('full'),
    /** Fetch the peer figures now if due (hourly, or new topic content); false when nothing was fetched. */
    syncQuestionStats: (): Promise<boolean> => questionStats.run('pull'),
    /** Pull announcements only (no content): false when offline, incomplete or it failed. */
    syncAnnouncements: (): Promise<boolean> => announcements.run('pull'),
    syncTopic,
    ensureSubjectTopics: (subjectId: string) => ensureSubjectTopics(ctx, subjectId, syncTopic),
    refreshStaleTopics: (topicIds: string[]) => refreshStaleTopics(ctx, topicIds, syncTopic),
    /** Upload the outbox after `delayMs` (debounced: a burst of reviews makes one upload). */
    scheduleProgressUpload: (delayMs = PROGRESS_DEBOUNCE_MS) => scheduleProgress(delayMs),
    /** Upload now and pull the other devices' progress. */
    syncProgress: (): Promise<boolean> => progress.run('both'),
    /** Debounced upload whenever the outbox grows (any tab); the current backlog uploads at once. */
    watchOutbox(): () => void {
      let last = -1;
      const sub = liveQuery(() => outboxCount(ctx.db)).subscribe({
        next: (count) => {
          if (count > 0 && (last < 0 || count > last)) scheduleProgress(last < 0 ? 0 : PROGRESS_DEBOUNCE_MS);
          last = count;
        },
        error: () => undefined,
      });
      return () => sub.unsubscribe();
    },
    isBusy,
    isSyncing: () => content.busy,
    /**
     * Sign-out, Optimize, the progress export: try to upload what waits — the outbox and unsent scheduler
     * settings — (bounded by `timeoutMs`, like the wait for a running sync);
     * returns how many study changes (a study session counted once) still wait afterwards (they stay on this
     * device).
     */
    async flushProgress(timeoutMs = SIGN_OUT_SYNC_WAIT_MS): Promise<number> {
      // A study session still being written (the start-up save of a timer left by the last page)
      // belongs in what uploads or stays: count after it.
      await studySessionWritesSettled();
      // Scheduler settings saved here and not sent yet wait too (Optimize flushes first: the server fits
      // onto its own copy of the settings, so an unsent FSRS choice would come back undone).
      const waiting = (await outboxCount(ctx.db)) > 0 || (await schedulerSettingsDirty(ctx.db, user.uid));
      if (waiting && isOnline() && !disposed) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
        await Promise.race([progress.run('upload').catch(() => undefined), timeout]);
        clearTimeout(timer);
      }
      return outboxCount(ctx.db);
    },
    /** Polls every `pollMs` until nothing runs; false when `timeoutMs` passed first (SPEC §4 sign-out). */
    async waitUntilIdle(timeoutMs = SIGN_OUT_SYNC_WAIT_MS, pollMs = SIGN_OUT_SYNC_POLL_MS): Promise<boolean> {
      for (let waited = 0; isBusy(); waited += pollMs) {
        if (waited >= timeoutMs) return false;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      return true;
    },
    refreshLastSynced,
    dispose(): void {
      disposed = true;
      clearTimeout(progressTimer);
      listeners.clear();
    },
  };
}
