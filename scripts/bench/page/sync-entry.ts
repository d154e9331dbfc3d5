// Bundled for the benchmark page (esbuild, IIFE): the web app's REAL sync code (engine, content and
// topic sync, Dexie schema) plus the "Dexie alone" baseline, exposed as window.zanBench.
import type { ContentPullResponse, TopicContentResponse } from '@zan/core';
import { pullContent } from '../../../apps/web/src/sync/content-sync.ts';
import { createSyncEngine, type SyncEngine } from '../../../apps/web/src/sync/engine.ts';
import { httpSyncApi, type SyncApi } from '../../../apps/web/src/sync/sync-api.ts';
import {
  limiter,
  PARALLEL,
  pooled,
  syncTopicContent,
  topicWriter,
  worst,
} from '../../../apps/web/src/sync/topic-sync.ts';
import type { SyncUser } from '../../../apps/web/src/sync/engine-context.ts';
import {
  GLOBAL_SYNC_ID,
  openUserDb,
  type GlobalSyncMeta,
  type LocalTopic,
  type ZanDb,
} from '../../../apps/web/src/local/db.ts';
import { applyContentPage, contentTables } from '../../../apps/web/src/local/content.ts';
import { getSubjectTopics, replaceTopicContent } from '../../../apps/web/src/local/topic-content.ts';

type Recorded = { pages: ContentPullResponse[]; topics: TopicContentResponse[] };
type Counts = Record<
  'modules' | 'subjects' | 'topics' | 'topicsSynced' | 'decks' | 'cards' | 'quizzes' | 'questions' | 'pages',
  number
>;

let user: SyncUser | null = null;
let recorded: Recorded = { pages: [], topics: [] };
let userDb: ZanDb | null = null;
let engine: SyncEngine | null = null;

const now = () => performance.now();
const requireUser = () => {
  if (!user) throw new Error('zanBench.init(user) first');
  return user;
};

async function freshDb(name: string): Promise<ZanDb> {
  const db = openUserDb(name);
  await db.delete();
  return openUserDb(name);
}

async function counts(db: ZanDb): Promise<Counts> {
  return {
    modules: await db.modules.count(),
    subjects: await db.subjects.count(),
    topics: await db.topics.count(),
    topicsSynced: await db.topics.filter((t) => (t as LocalTopic).lastSynced !== undefined).count(),
    decks: await db.flashcardDecks.count(),
    cards: await db.cards.count(),
    quizzes: await db.mcqQuizzes.count(),
    questions: await db.mcqQuestions.count(),
    pages: await db.htmlContent.count(),
  };
}

/** Requests (and their sizes) the page made since `mark` (resource timing; same-origin, so sizes are exposed). */
function requestsSince(mark: number) {
  const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (e) => e.startTime >= mark && e.name.includes('/api/'),
  );
  return {
    count: entries.length,
    transferBytes: entries.reduce((s, e) => s + e.transferSize, 0),
    bodyBytes: entries.reduce((s, e) => s + e.encodedBodySize, 0),
    urls: entries.map((e) => new URL(e.name).pathname),
  };
}

const recordingApi = (): SyncApi => ({
  ...httpSyncApi,
  contentPage: async (q) => {
    const page = await httpSyncApi.contentPage(q);
    recorded.pages.push(page);
    return page;
  },
  topicContent: async (topicId) => {
    const content = await httpSyncApi.topicContent(topicId);
    recorded.topics.push(content);
    return content;
  },
});

const zanBench = {
  init(u: SyncUser) {
    user = u;
    performance.setResourceTimingBufferSize(100_000);
  },

  /** (a) The app's first full sync: engine.syncNow() on an empty store, then the study page's ensureSubjectTopics. */
  async realFullSync(subjectId: string) {
    const u = requireUser();
    engine?.dispose();
    userDb?.close();
    userDb = await freshDb(u.uid);
    recorded = { pages: [], topics: [] };
    engine = createSyncEngine({ db: userDb, user: u, api: recordingApi() });
    performance.clearResourceTimings();
    const mark = now();
    const outcome = await engine.syncNow();
    const contentMs = now() - mark;
    const t1 = now();
    const topicsResult = await engine.ensureSubjectTopics(subjectId);
    const end = now();
    return {
      outcome,
      topicsResult,
      contentMs,
      topicsMs: end - t1,
      totalMs: end - mark,
      requests: requestsSince(mark),
      counts: await counts(userDb),
      recordedPages: recorded.pages.length,
      recordedTopics: recorded.topics.length,
    };
  },

  /** (b) Dexie alone writing the identical arrays (already in memory), same tables and transactions. */
  async dexieOnly() {
    const u = requireUser();
    if (!recorded.topics.length) throw new Error('run realFullSync first');
    const db = await freshDb(`${u.uid}-dexie-only`);
    const synced = Date.now();
    // Prepared outside the timed region: the cursor rows and the topic rows as replaceTopicContent stores them.
    const metas: GlobalSyncMeta[] = recorded.pages.map((p, i) => ({
      id: GLOBAL_SYNC_ID,
      ownerId: u.uid,
      cursor: p.cursor,
      visibleSet: p.visibleSet,
      reconciling: i < recorded.pages.length - 1,
      ...(i === recorded.pages.length - 1 ? { lastSuccessfulTimestamp: synced } : {}),
    }));
    const topicRows: LocalTopic[] = recorded.topics.map((c) => ({
      ...c.topic,
      serverContentVersion: c.topic.contentVersion,
      lastSynced: synced,
    }));
    const tables = contentTables(db);
    const mark = now();
    for (const [i, p] of recorded.pages.entries()) {
      await db.transaction('rw', [...tables, db.syncMetadata], async () => {
        await db.modules.bulkPut(p.modules);
        await db.subjects.bulkPut(p.subjects);
        await db.topics.bulkPut(p.topics);
        await db.syncMetadata.put(metas[i] as GlobalSyncMeta);
      });
    }
    const t1 = now();
    for (const [i, c] of recorded.topics.entries()) {
      await db.transaction('rw', tables, async () => {
        await db.flashcardDecks.bulkPut(c.decks);
        await db.cards.bulkPut(c.cards);
        await db.mcqQuizzes.bulkPut(c.quizzes);
        await db.mcqQuestions.bulkPut(c.questions);
        await db.htmlContent.bulkPut(c.htmlContent);
        await db.topics.put(topicRows[i] as LocalTopic);
      });
    }
    const end = now();
    const result = {
      contentMs: t1 - mark,
      topicsMs: end - t1,
      totalMs: end - mark,
      counts: await counts(db),
    };
    db.close();
    return result;
  },

  /**
   * The app's real local-store writers (applyContentPage, replaceTopicContent) on the recorded
   * responses, no network: what the client's own write code costs over bare bulkPut.
   */
  async localOnly() {
    const u = requireUser();
    if (!recorded.topics.length) throw new Error('run realFullSync first');
    const db = await freshDb(`${u.uid}-local-only`);
    const synced = Date.now();
    const mark = now();
    for (const [i, p] of recorded.pages.entries()) {
      const last = i === recorded.pages.length - 1;
      const meta: GlobalSyncMeta = {
        id: GLOBAL_SYNC_ID,
        ownerId: u.uid,
        cursor: p.cursor,
        visibleSet: p.visibleSet,
        reconciling: !last,
        ...(last ? { lastSuccessfulTimestamp: synced } : {}),
      };
      await applyContentPage(db, p, meta, null);
    }
    const t1 = now();
    for (const c of recorded.topics) await replaceTopicContent(db, c, synced);
    const end = now();
    const result = {
      contentMs: t1 - mark,
      topicsMs: end - t1,
      totalMs: end - mark,
      counts: await counts(db),
    };
    db.close();
    return result;
  },

  /** The same requests without storing anything (fetch + JSON parse, topics through the engine's 3-worker pool). */
  async networkOnly() {
    if (!recorded.topics.length) throw new Error('run realFullSync first');
    const mark = now();
    let cursor = '';
    let visibleSet: string | undefined;
    for (;;) {
      const page = await httpSyncApi.contentPage({ cursor, visibleSet });
      if (!page.hasMore) break;
      cursor = page.cursor;
      visibleSet = page.visibleSet;
    }
    const t1 = now();
    const ids = recorded.topics.map((c) => c.topic.id);
    let bytes = 0;
    const slot = limiter(PARALLEL);
    await pooled(ids, (id) =>
      slot(async () => {
        const res = await fetch(`/api/sync/topics/${encodeURIComponent(id)}`, {
          headers: { Accept: 'application/json' },
        });
        const text = await res.text();
        bytes += text.length;
        JSON.parse(text);
      }),
    );
    const end = now();
    return { contentMs: t1 - mark, topicsMs: end - t1, totalMs: end - mark, topicJsonChars: bytes };
  },

  /**
   * (d) Diagnosis of (a): the same engine content sync, then the app's own topic pool (`pooled`,
   * TOPIC_POOL topics in progress, PARALLEL fetches in flight, the engine's batching topicWriter) over the real syncTopicContent, timing each topic's fetch and the write after it. The
   * write side is "busy" while some topic is between its response and its saved transaction; the
   * rest of the topic phase is time the writes waited for the network (the pool was starved).
   */
  async pipelinedFullSync(subjectId: string) {
    const u = requireUser();
    const db = await freshDb(`${u.uid}-pipelined`);
    const fetchedAt = new Map<string, number>();
    const api: SyncApi = {
      ...httpSyncApi,
      topicContent: async (topicId) => {
        const content = await httpSyncApi.topicContent(topicId);
        fetchedAt.set(topicId, now());
        return content;
      },
    };
    const e = createSyncEngine({ db, user: u, api });
    const mark = now();
    const outcome = await e.syncNow();
    const contentMs = now() - mark;
    const t1 = now();
    const ctx = {
      db,
      user: () => u,
      api,
      now: Date.now,
      topicFetches: limiter(PARALLEL),
      topicWrites: topicWriter(db, Date.now),
    };
    const ids = (await getSubjectTopics(db, subjectId))
      .filter((t) => t.lastSynced === undefined)
      .map((t) => t.id);
    const spans: Array<[number, number]> = [];
    const results = await pooled(ids, async (id) => {
      const r = await syncTopicContent(ctx, id);
      spans.push([fetchedAt.get(id) ?? t1, now()]);
      return r;
    });
    const end = now();
    // Union of the write spans (they overlap while transactions queue in IndexedDB).
    spans.sort((a, b) => a[0] - b[0]);
    let busy = 0;
    let reach = t1;
    for (const [from, to] of spans) {
      const start = Math.max(from, reach);
      if (to > start) busy += to - start;
      reach = Math.max(reach, to);
    }
    const result = {
      outcome,
      topicsResult: worst(results),
      contentMs,
      topicsMs: end - t1,
      totalMs: end - mark,
      writeBusyMs: busy,
      firstResponseMs: (spans[0]?.[0] ?? t1) - t1,
      counts: await counts(db),
    };
    e.dispose();
    db.close();
    return result;
  },

  /** (2) One delta sync through the engine (content + announcements + progress), after realFullSync. */
  async deltaEngine() {
    if (!engine || !userDb) throw new Error('run realFullSync first');
    performance.clearResourceTimings();
    const mark = now();
    const outcome = await engine.syncNow();
    const ms = now() - mark;
    return { outcome, ms, requests: requestsSince(mark) };
  },

  /** (2) The content delta alone: pullContent(ctx, 'delta') — one request and one Dexie transaction. */
  async deltaContent() {
    const u = requireUser();
    if (!userDb) throw new Error('run realFullSync first');
    const db = userDb;
    performance.clearResourceTimings();
    let rows = 0;
    const api: SyncApi = {
      ...httpSyncApi,
      contentPage: async (q) => {
        const p = await httpSyncApi.contentPage(q);
        rows +=
          p.modules.length +
          p.subjects.length +
          p.topics.length +
          p.deleted.modules.length +
          p.deleted.subjects.length +
          p.deleted.topics.length;
        return p;
      },
    };
    const mark = now();
    const { mode } = await pullContent({ db, user: () => u, api, now: Date.now }, 'delta');
    const ms = now() - mark;
    return { mode, rows, ms, requests: requestsSince(mark) };
  },

  dispose() {
    engine?.dispose();
    engine = null;
    userDb?.close();
    userDb = null;
  },
};

(globalThis as unknown as { zanBench: typeof zanBench }).zanBench = zanBench;
export type ZanBench = typeof zanBench;
