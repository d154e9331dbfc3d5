// Topic content on demand (SPEC §4 Sync): one topic's resources fetched and swapped in atomically;
// a subject's topics fetched the first time it is studied; the per-topic freshness check against the
// server's content versions, resyncing only the stale ones. All of it only when online.
import { ApiError } from '../lib/api.ts';
import type { TopicContentResponse } from '@zan/core';
import type { ZanDb } from '../local/db.ts';
import {
  getSubjectTopics,
  getTopics,
  replaceTopicContent,
  replaceTopicContents,
} from '../local/topic-content.ts';
import { isOnline, type SyncContext } from './engine-context.ts';
import { cacheImages, topicImagePaths } from './topic-images.ts';

/**
 * saved; offline / failed (network or server); save-failed (the local write failed); gone (404: the
 * caller runs a delta sync, the only thing that deletes topics locally).
 */
export type TopicSyncResult = 'saved' | 'offline' | 'failed' | 'save-failed' | 'gone';

const VERSIONS_CHUNK = 1000;
/** Topic fetches in flight at once, per engine (SyncContext.topicFetches). */
export const PARALLEL = 3;
/**
 * Topics in progress at once in ensureSubjectTopics / refreshStaleTopics: fetching (at most
 * PARALLEL of them) or waiting for / running their write. Well above PARALLEL, so fetches go on while
 * the downloaded topics wait for the write in progress, to be written together in the next transaction
 * (topicWriter). Measured with `npm run bench -- sync-full`: PARALLEL + 2 with one transaction per
 * topic was 1.45–1.75× Dexie alone; PARALLEL + 21 with batches of up to 24 is 1.18–1.30×. A waiting
 * topic holds its parsed response (a 200-card topic is ~140 KB of JSON), so this bounds memory too.
 */
const TOPIC_POOL = PARALLEL + 21;

/** Runs at most `n` tasks at once; the others wait in order. */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (active < n) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** At most this many topics in one write transaction. */
const WRITE_BATCH = 24;

/**
 * Writes downloaded topics, batching: the downloads that arrive while one batch is being written go
 * into the next transaction together (one commit for several topics; the first of a quiet moment is
 * written at once). A failed batch of several is retried topic by topic, so one bad topic fails alone.
 */
export function topicWriter(
  db: ZanDb,
  now: () => number,
  max = WRITE_BATCH,
): (content: TopicContentResponse) => Promise<boolean> {
  type Waiting = {
    content: TopicContentResponse;
    resolve: (ok: boolean) => void;
    reject: (e: unknown) => void;
  };
  const queue: Waiting[] = [];
  let running = false;
  const settle = async (batch: Waiting[]) => {
    try {
      const results = await replaceTopicContents(
        db,
        batch.map((w) => w.content),
        now(),
      );
      batch.forEach((w, i) => w.resolve(results[i] === true));
    } catch (e) {
      if (batch.length === 1) batch[0]?.reject(e);
      else for (const w of batch) await settle([w]);
    }
  };
  const drain = async () => {
    running = true;
    while (queue.length > 0) await settle(queue.splice(0, max));
    running = false;
  };
  return (content) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ content, resolve, reject });
      if (!running) void drain();
    });
}

/** A download that keeps arriving stale (content changing under it) is given up after this many tries. */
const STALE_TRIES = 3;

export async function syncTopicContent(ctx: SyncContext, topicId: string): Promise<TopicSyncResult> {
  for (let attempt = 0; attempt < STALE_TRIES; attempt++) {
    if (!isOnline()) return 'offline';
    let content;
    try {
      const fetchTopic = () => ctx.api.topicContent(topicId);
      content = await (ctx.topicFetches ? ctx.topicFetches(fetchTopic) : fetchTopic());
    } catch (e) {
      // Never a local delete: only the content stream deletes topics (a 404 may be older than a restore).
      if (e instanceof ApiError && e.status === 404) return 'gone';
      return e instanceof ApiError && e.isNetwork ? 'offline' : 'failed';
    }
    try {
      const saved = ctx.topicWrites
        ? await ctx.topicWrites(content)
        : await replaceTopicContent(ctx.db, content, ctx.now());
      if (saved) {
        // Pictures for offline reading; a failed fetch is retried at the next sync, never fails this one.
        // (Pictures no content links any more are dropped once a batch of topic syncs ends: engine.ts.)
        await cacheImages(topicImagePaths(content)).catch(() => undefined);
        return 'saved';
      }
    } catch (e) {
      console.error('Zan: saving topic content failed', e);
      return 'save-failed';
    }
  }
  return 'failed';
}

/**
 * Runs `fn` over `items` with at most `limit` calls in flight: a small worker pool, so the next
 * topics' fetches overlap the previous topics' writes (IndexedDB runs the writes one at a time, each
 * topic in its own transaction). Returns the results in the order of `items`.
 */
export async function pooled<T, R>(
  items: readonly T[],
  fn: (item: T) => Promise<R>,
  limit = TOPIC_POOL,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** The worst result of several, so one failed save is reported. */
export function worst(results: TopicSyncResult[]): TopicSyncResult {
  for (const r of ['save-failed', 'failed', 'offline'] as const) if (results.includes(r)) return r;
  return 'saved';
}

/** Fetches the subject's topics that have no local content yet (topics without lastSynced). */
export async function ensureSubjectTopics(
  ctx: SyncContext,
  subjectId: string,
  syncTopic: (topicId: string) => Promise<TopicSyncResult>,
): Promise<TopicSyncResult> {
  const missing = (await getSubjectTopics(ctx.db, subjectId)).filter((t) => t.lastSynced === undefined);
  if (missing.length === 0) return 'saved';
  if (!isOnline()) return 'offline';
  return worst(
    await pooled(
      missing.map((t) => t.id),
      syncTopic,
    ),
  );
}

/** Asks the server for the topics' content versions and resyncs those whose local copy is older. */
export async function refreshStaleTopics(
  ctx: SyncContext,
  topicIds: string[],
  syncTopic: (topicId: string) => Promise<TopicSyncResult>,
): Promise<TopicSyncResult> {
  if (!isOnline()) return 'offline';
  const local = (await getTopics(ctx.db, [...new Set(topicIds)])).filter((t) => t.lastSynced !== undefined);
  const stale: string[] = [];
  try {
    for (let i = 0; i < local.length; i += VERSIONS_CHUNK) {
      const chunk = local.slice(i, i + VERSIONS_CHUNK);
      const { versions } = await ctx.api.topicVersions(chunk.map((t) => t.id));
      for (const t of chunk) {
        const server = versions[t.id];
        if (server !== undefined && server !== t.contentVersion) stale.push(t.id);
      }
    }
  } catch (e) {
    return e instanceof ApiError && e.isNetwork ? 'offline' : 'failed';
  }
  return worst(await pooled(stale, syncTopic));
}
