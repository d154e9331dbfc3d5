// The idle delta sync (ARCHITECTURE §9: one small request): the last content page carries the heads
// of the announcement and progress streams, and the engine skips the pulls that would bring nothing.
// Also the topic worker pool of ensureSubjectTopics: bounded, atomic per topic, errors reported.
import type { ProgressOp, TopicContentResponse } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZanDb } from '../local/db.ts';
import { createSyncEngine } from './engine.ts';
import {
  announcement,
  counts,
  freshDb,
  mod,
  ok,
  page,
  stubFetch,
  student,
  subj,
  topic,
  topicContent,
  type FakeHandler,
} from './testing/fake-server.ts';
import { limiter, pooled } from './topic-sync.ts';
import type { WebLocks } from './locks.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const emptyProgress = { records: [], deletedItemIds: [], sessions: [], version: 0, hasMore: false };
const noAnnouncements = { announcements: [], deleted: [], cursor: '', hasMore: false };

/** A Web Locks double that records every lock name it was asked for. */
function recordingLocks() {
  const names: string[] = [];
  const webLocks: WebLocks = {
    request: (name, _options, callback) => {
      names.push(name.split(':').pop() as string);
      return callback({});
    },
  };
  return { names, webLocks };
}

function newEngine(db: ZanDb = freshDb(), webLocks: WebLocks | null = null) {
  return { db, engine: createSyncEngine({ db, user: student('u1'), webLocks, deviceId: 'device-test-1' }) };
}

/** A server whose content pull reports `heads`; the other pulls answer from `progressVersion`. */
function server(
  heads: { announcements: string; progress: number } | undefined,
  progressVersion = heads?.progress ?? 0,
): FakeHandler {
  return (req) => {
    if (req.path === '/api/sync/content') return ok(page(heads ? { heads } : {}));
    if (req.path === '/api/sync/announcements')
      return ok({ ...noAnnouncements, cursor: heads?.announcements ?? '' });
    if (req.path === '/api/sync/progress' && req.method === 'POST') {
      return ok({
        accepted: (req.body as { ops: ProgressOp[] }).ops.map((o) => o.opId),
        serverTime: Date.now(),
      });
    }
    return ok({ ...emptyProgress, version: progressVersion });
  };
}

async function queueReview(db: ZanDb, opId: string) {
  const at = Date.now();
  const payload: ProgressOp = {
    opId,
    kind: 'upsert',
    rating: 3,
    record: {
      itemId: `card-${opId}`,
      type: 'flashcard',
      cardId: `card-${opId}`,
      questionId: null,
      subjectId: 's1',
      deckId: 'd1',
      easeFactor: 2.5,
      interval: 600,
      dueDate: at + 600_000,
      isSuspended: false,
      reviewedAt: at,
    },
  };
  await db.progressOutbox.add({ opId, createdAt: at, kind: payload.kind, payload });
}

describe('delta sync with the heads of the other streams', () => {
  it('at both heads: one request (the content pull), no announcement or progress lock', async () => {
    const locks = recordingLocks();
    const { db, engine } = newEngine(freshDb(), locks.webLocks);
    await db.announcementSyncMetadata.put({
      id: 'announcementSync',
      ownerId: 'u1',
      cursor: '7:1:a9',
      lastSync: 1,
    });
    await db.syncMetadata.put({ id: 'progressSync', ownerId: 'u1', version: 12 });
    const { requests } = stubFetch(server({ announcements: '7:1:a9', progress: 12 }));
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/sync/content']);
    expect(locks.names).toEqual(['contentSync']);
    expect(await db.syncLocks.count()).toBe(0); // the content lock row was written and released
    expect(engine.getState().lastSyncedAt).toBeGreaterThan(0);
  });

  it('a never-synced store with empty streams (heads "" and 0) also makes one request', async () => {
    const { engine } = newEngine();
    const { requests } = stubFetch(server({ announcements: '', progress: 0 }));
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => r.path)).toEqual(['/api/sync/content']);
  });

  it('still removes expired and archived announcements locally when it skips their pull', async () => {
    const { db, engine } = newEngine();
    await db.announcements.bulkPut([
      announcement('expired', { expiresAt: Date.now() - 1 }),
      announcement('archived', { isArchived: true }),
      announcement('live'),
    ]);
    await db.announcementSyncMetadata.put({
      id: 'announcementSync',
      ownerId: 'u1',
      cursor: 'h',
      lastSync: 1,
    });
    const { requests } = stubFetch(server({ announcements: 'h', progress: 0 }));
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => r.path)).toEqual(['/api/sync/content']);
    expect(await db.announcements.toCollection().primaryKeys()).toEqual(['live']);
  });

  it('pulls announcements when the stored cursor is not the head', async () => {
    const { db, engine } = newEngine();
    await db.announcementSyncMetadata.put({
      id: 'announcementSync',
      ownerId: 'u1',
      cursor: '3:1:a1',
      lastSync: 1,
    });
    const { requests } = stubFetch((req) => {
      if (req.path === '/api/sync/announcements')
        return ok({ announcements: [announcement('new')], deleted: [], cursor: '4:1:new', hasMore: false });
      return server({ announcements: '4:1:new', progress: 0 })(req);
    });
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => r.path)).toEqual(['/api/sync/content', '/api/sync/announcements']);
    expect(requests[1]!.query.get('cursor')).toBe('3:1:a1');
    expect(await db.announcements.toCollection().primaryKeys()).toEqual(['new']);
    // Now at the head: the next sync is one request again.
    requests.length = 0;
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => r.path)).toEqual(['/api/sync/content']);
  });

  it('pulls progress when the stored clock is behind the head, then stops pulling', async () => {
    const { db, engine } = newEngine();
    await db.syncMetadata.put({ id: 'progressSync', ownerId: 'u1', version: 3 });
    const { requests } = stubFetch(server({ announcements: '', progress: 5 }));
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/sync/content',
      'GET /api/sync/progress',
    ]);
    expect(requests[1]!.query.get('since')).toBe('3');
    expect(await db.syncMetadata.get('progressSync')).toMatchObject({ version: 5 });
    requests.length = 0;
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => r.path)).toEqual(['/api/sync/content']);
  });

  it('uploads a non-empty outbox even at the progress head (and pulls its own changes back)', async () => {
    const locks = recordingLocks();
    const { db, engine } = newEngine(freshDb(), locks.webLocks);
    await db.syncMetadata.put({ id: 'progressSync', ownerId: 'u1', version: 5 });
    await queueReview(db, 'op-1');
    const { requests } = stubFetch(server({ announcements: '', progress: 5 }, 6));
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/sync/content',
      'POST /api/sync/progress',
      'GET /api/sync/progress',
    ]);
    expect(locks.names).toEqual(['contentSync', 'progressSync']);
    expect(await db.progressOutbox.count()).toBe(0);
  });

  it('without heads (an older server) pulls both as before', async () => {
    const { db, engine } = newEngine();
    await db.announcementSyncMetadata.put({
      id: 'announcementSync',
      ownerId: 'u1',
      cursor: 'x',
      lastSync: 1,
    });
    const { requests } = stubFetch(server(undefined));
    expect(await engine.syncNow()).toBe('success');
    expect(requests.map((r) => r.path)).toEqual([
      '/api/sync/content',
      '/api/sync/announcements',
      '/api/sync/progress',
    ]);
  });

  it('syncProgress() (a live progress event) still pulls regardless of the last heads', async () => {
    const { engine } = newEngine();
    const { requests } = stubFetch(server({ announcements: '', progress: 0 }));
    await engine.syncNow();
    requests.length = 0;
    await engine.syncProgress();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/sync/progress']);
  });
});

describe('pooled (topic fetch worker pool)', () => {
  it('keeps at most `limit` calls in flight, starts the next as soon as one ends, and keeps the order', async () => {
    let inFlight = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = new Map<number, () => void>();
    const fn = (n: number) =>
      new Promise<number>((resolve) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        started.push(n);
        gates.set(n, () => {
          inFlight--;
          resolve(n * 10);
        });
      });
    const run = pooled([1, 2, 3, 4, 5, 6, 7], fn, 3);
    await vi.waitFor(() => expect(started).toEqual([1, 2, 3]));
    gates.get(2)!(); // one ends: the next starts without waiting for 1 and 3 (no batches)
    await vi.waitFor(() => expect(started).toEqual([1, 2, 3, 4]));
    for (const n of [1, 3, 4, 5, 6, 7]) {
      await vi.waitFor(() => expect(gates.has(n)).toBe(true));
      gates.get(n)!();
    }
    expect(await run).toEqual([10, 20, 30, 40, 50, 60, 70]);
    expect(peak).toBe(3);
  });

  it('handles fewer items than workers, and none', async () => {
    expect(await pooled([1], async (n) => n + 1, 3)).toEqual([2]);
    expect(await pooled([], async (n: number) => n, 3)).toEqual([]);
  });
});

describe('limiter (topic fetches in flight)', () => {
  it('runs at most n at once, hands the slot over in order, and frees it when a task fails', async () => {
    const run = limiter(2);
    const order: string[] = [];
    const gates: Record<string, () => void> = {};
    const task =
      (name: string, fail = false) =>
      () =>
        new Promise<string>((resolve, reject) => {
          order.push(name);
          gates[name] = () => (fail ? reject(new Error(name)) : resolve(name));
        });
    const a = run(task('a', true));
    const b = run(task('b'));
    const c = run(task('c'));
    const d = run(task('d'));
    await vi.waitFor(() => expect(order).toEqual(['a', 'b']));
    gates['a']!();
    await expect(a).rejects.toThrow('a');
    await vi.waitFor(() => expect(order).toEqual(['a', 'b', 'c']));
    gates['b']!();
    await vi.waitFor(() => expect(order).toEqual(['a', 'b', 'c', 'd']));
    gates['c']!();
    gates['d']!();
    expect(await Promise.all([b, c, d])).toEqual(['b', 'c', 'd']);
    // All slots are free again.
    expect(await Promise.all([run(async () => 1), run(async () => 2)])).toEqual([1, 2]);
  });
});

describe('ensureSubjectTopics through the pool', () => {
  const ids = ['t1', 't2', 't3', 't4', 't5', 't6', 't7'];
  async function withSubject() {
    const { db, engine } = newEngine();
    await db.modules.put(mod('m1'));
    await db.subjects.put(subj('s1', 'm1'));
    await db.topics.bulkPut(ids.map((id) => topic(id, 's1', 'm1', 2)));
    return { db, engine };
  }

  it('fetches at most 3 topics at once and stores every topic with all its rows', async () => {
    const { db, engine } = await withSubject();
    let inFlight = 0;
    let peak = 0;
    stubFetch(async (req) => {
      const id = decodeURIComponent(req.path.split('/').pop()!);
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5 + (id.charCodeAt(1) % 3) * 5));
      inFlight--;
      return ok(topicContent(topic(id, 's1', 'm1', 2)));
    });
    expect(await engine.ensureSubjectTopics('s1')).toBe('saved');
    expect(peak).toBe(3);
    expect(await counts(db)).toMatchObject({
      topics: 7,
      decks: 7,
      cards: 14,
      quizzes: 7,
      questions: 7,
      html: 7,
    });
    const synced = await db.topics.bulkGet(ids);
    expect(synced.every((t) => typeof t?.lastSynced === 'number')).toBe(true);
  });

  it('a failed save leaves that topic untouched (atomic), the others saved, and reports save-failed', async () => {
    const { db, engine } = await withSubject();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch((req) => {
      const id = decodeURIComponent(req.path.split('/').pop()!);
      const content: TopicContentResponse = topicContent(topic(id, 's1', 'm1', 2));
      if (id === 't4') (content.questions[0] as { id?: string }).id = undefined; // fails after decks and cards were put
      return ok(content);
    });
    expect(await engine.ensureSubjectTopics('s1')).toBe('save-failed');
    expect(await db.topics.get('t4')).not.toHaveProperty('lastSynced');
    expect(await db.flashcardDecks.where('topicId').equals('t4').count()).toBe(0);
    expect(await db.cards.where('deckId').equals('t4-deck-a').count()).toBe(0);
    expect(await counts(db)).toMatchObject({ decks: 6, cards: 12, questions: 6 });
    // The next call retries only the missing topic.
    const { requests } = stubFetch((req) =>
      ok(topicContent(topic(decodeURIComponent(req.path.split('/').pop()!), 's1', 'm1', 2))),
    );
    expect(await engine.ensureSubjectTopics('s1')).toBe('saved');
    expect(requests.map((r) => r.path)).toEqual(['/api/sync/topics/t4']);
  });

  it('reports failed / offline / gone per topic as before, while the others are saved', async () => {
    const { db, engine } = await withSubject();
    stubFetch((req) => {
      const id = decodeURIComponent(req.path.split('/').pop()!);
      if (id === 't2') return { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } };
      if (id === 't5') return { status: 404, body: { error: { code: 'TOPIC_NOT_FOUND', message: 'x' } } };
      return ok(topicContent(topic(id, 's1', 'm1', 2)));
    });
    expect(await engine.ensureSubjectTopics('s1')).toBe('failed');
    expect(await db.topics.get('t5')).toBeDefined(); // gone: only the content stream deletes
    expect(await db.topics.get('t2')).not.toHaveProperty('lastSynced');
    expect(await counts(db)).toMatchObject({ topics: 7, decks: 5 });

    const again = await withSubject();
    stubFetch((req) =>
      req.path.endsWith('/t3')
        ? 'network'
        : ok(topicContent(topic(decodeURIComponent(req.path.split('/').pop()!), 's1', 'm1', 2))),
    );
    expect(await again.engine.ensureSubjectTopics('s1')).toBe('offline');
    expect(await counts(again.db)).toMatchObject({ decks: 6 });
  });
});
