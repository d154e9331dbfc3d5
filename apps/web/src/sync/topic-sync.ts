// Topic content on demand (SPEC §4 Sync): one topic's resources fetched and swapped in atomically;
// a subject's topics fetched the first time it is studied; the per-topic freshness check against the
// server's content versions, resyncing only the stale ones. All of it only when online.
import { ApiError } from '../lib/api.ts';
import { getSubjectTopics, getTopics, removeTopic, replaceTopicContent } from '../local/topic-content.ts';
import { isOnline, type SyncContext } from './context.ts';

/** saved; offline / failed (network or server); save-failed (the local write failed); gone (404). */
export type TopicSyncResult = 'saved' | 'offline' | 'failed' | 'save-failed' | 'gone';

const VERSIONS_CHUNK = 1000;
const PARALLEL = 3;

export async function syncTopicContent(ctx: SyncContext, topicId: string): Promise<TopicSyncResult> {
  if (!isOnline()) return 'offline';
  let content;
  try {
    content = await ctx.api.topicContent(topicId);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      await removeTopic(ctx.db, topicId).catch(() => undefined);
      return 'gone';
    }
    return e instanceof ApiError && e.isNetwork ? 'offline' : 'failed';
  }
  try {
    await replaceTopicContent(ctx.db, content, ctx.now());
    return 'saved';
  } catch (e) {
    console.error('Zan: saving topic content failed', e);
    return 'save-failed';
  }
}

/** Runs `fn` over `items`, a few at a time; returns the results in order. */
async function inBatches<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += PARALLEL) out.push(...(await Promise.all(items.slice(i, i + PARALLEL).map(fn))));
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
  return worst(await inBatches(missing.map((t) => t.id), syncTopic));
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
  return worst(await inBatches(stale, syncTopic));
}
