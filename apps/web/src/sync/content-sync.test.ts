// Content pull: delta vs full selection, each page atomic with its cursor, reset, cascading
// tombstones, and the full reconcile removing what the server no longer sends.
import type { ContentPullResponse } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getGlobalSync } from '../local/sync-meta.ts';
import { replaceTopicContent } from '../local/topic-content.ts';
import { createSyncEngine } from './engine.ts';
import {
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
  type FakeRequest,
} from './testing/fake-server.ts';

afterEach(() => vi.unstubAllGlobals());

/** A server answering content pages from `pages` (by cursor) and empty announcements/progress. */
function server(pages: (req: FakeRequest) => ContentPullResponse | 'network') {
  return stubFetch((req) => {
    if (req.path === '/api/sync/content') {
      const answer = pages(req);
      return answer === 'network' ? answer : ok(answer);
    }
    if (req.path === '/api/sync/announcements')
      return ok({ announcements: [], deleted: [], cursor: 'a1', hasMore: false });
    if (req.path === '/api/sync/progress' && req.method === 'GET')
      return ok({ records: [], deletedItemIds: [], sessions: [], version: 0, hasMore: false });
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'nope' } } };
  });
}

const engineFor = (db = freshDb(), uid = 'u1') => ({
  db,
  engine: createSyncEngine({ db, user: student(uid), webLocks: null, deviceId: 'device-test-1' }),
});
const contentCalls = (requests: FakeRequest[]) => requests.filter((r) => r.path === '/api/sync/content');

describe('delta or full', () => {
  it('runs a full reconcile (cursor "") without metadata, then deltas from the stored cursor', async () => {
    const { db, engine } = engineFor();
    const { requests } = server((req) =>
      req.query.get('cursor') === '' ? page({ modules: [mod('m1')], cursor: 'c1' }) : page({ cursor: 'c2' }),
    );
    expect(await engine.syncNow()).toBe('success');
    const first = contentCalls(requests)[0]!;
    expect(first.query.get('cursor')).toBe('');
    expect(first.query.has('visibleSet')).toBe(false);
    const meta = await getGlobalSync(db, 'u1');
    expect(meta).toMatchObject({ ownerId: 'u1', cursor: 'c1', visibleSet: 'vs1', reconciling: false });
    expect(meta?.lastSuccessfulTimestamp).toBeGreaterThan(0);

    expect(await engine.syncNow()).toBe('success');
    const second = contentCalls(requests)[1]!;
    expect(second.query.get('cursor')).toBe('c1');
    expect(second.query.get('visibleSet')).toBe('vs1');
    expect((await getGlobalSync(db, 'u1'))?.cursor).toBe('c2');
  });

  it('ignores metadata written for another user and syncs full', async () => {
    const { db, engine } = engineFor(freshDb(), 'u2');
    await db.syncMetadata.put({
      id: 'globalSync',
      ownerId: 'someone-else',
      cursor: 'c9',
      visibleSet: 'v',
      reconciling: false,
    });
    const { requests } = server(() => page());
    await engine.syncNow();
    expect(contentCalls(requests)[0]!.query.get('cursor')).toBe('');
  });

  it('fullSync starts from the start even with metadata', async () => {
    const { db, engine } = engineFor();
    await db.syncMetadata.put({
      id: 'globalSync',
      ownerId: 'u1',
      cursor: 'c9',
      visibleSet: 'v',
      reconciling: false,
    });
    const { requests } = server(() => page());
    await engine.fullSync();
    expect(contentCalls(requests)[0]!.query.get('cursor')).toBe('');
  });

  it('stops for an incomplete student without asking the server', async () => {
    const db = freshDb();
    const engine = createSyncEngine({
      db,
      user: student('u1', { yearGroup: null }),
      webLocks: null,
      deviceId: 'device-test-1',
    });
    const { requests } = server(() => page());
    expect(await engine.syncNow()).toBe('incomplete');
    expect(requests).toHaveLength(0);
  });
});

describe('pages and cursors', () => {
  it('pulls every page and stores each with its cursor', async () => {
    const { db, engine } = engineFor();
    server((req) => {
      const c = req.query.get('cursor');
      if (c === '') return page({ modules: [mod('m1')], cursor: 'p1', hasMore: true });
      if (c === 'p1') return page({ subjects: [subj('s1', 'm1')], cursor: 'p2', hasMore: true });
      return page({ topics: [topic('t1', 's1', 'm1')], cursor: 'p3' });
    });
    expect(await engine.syncNow()).toBe('success');
    expect(await counts(db)).toMatchObject({ modules: 1, subjects: 1, topics: 1 });
    expect((await getGlobalSync(db, 'u1'))?.cursor).toBe('p3');
  });

  it('a failure writing a page leaves that page out and the cursor where it was', async () => {
    const { db, engine } = engineFor();
    await db.syncMetadata.put({
      id: 'globalSync',
      ownerId: 'u1',
      cursor: 'c0',
      visibleSet: 'vs1',
      reconciling: false,
    });
    server((req) => {
      if (req.query.get('cursor') === 'c0')
        return page({ modules: [mod('m1')], cursor: 'c1', hasMore: true });
      // A row without a key cannot be stored: the whole page transaction fails.
      const bad = { ...mod('m3'), id: undefined } as unknown as ReturnType<typeof mod>;
      return page({ modules: [mod('m2'), bad], cursor: 'c2' });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await engine.syncNow()).toBe('failed');
    expect((await db.modules.toCollection().primaryKeys()).sort()).toEqual(['m1']);
    const meta = await getGlobalSync(db, 'u1');
    expect(meta?.cursor).toBe('c1');
    expect(meta?.lastSuccessfulTimestamp).toBeUndefined();
  });

  it('a network failure mid-way keeps the pages already stored and resumes from their cursor', async () => {
    const { db, engine } = engineFor();
    await db.syncMetadata.put({
      id: 'globalSync',
      ownerId: 'u1',
      cursor: 'c0',
      visibleSet: 'vs1',
      reconciling: false,
    });
    let down = true;
    const { requests } = server((req) => {
      const c = req.query.get('cursor');
      if (c === 'c0') return page({ modules: [mod('m1')], cursor: 'c1', hasMore: true });
      if (down) return 'network';
      return page({ modules: [mod('m2')], cursor: 'c2' });
    });
    expect(await engine.syncNow()).toBe('offline');
    expect((await getGlobalSync(db, 'u1'))?.cursor).toBe('c1');
    down = false;
    expect(await engine.syncNow()).toBe('success');
    expect(contentCalls(requests).at(-1)!.query.get('cursor')).toBe('c1');
    expect(await db.modules.count()).toBe(2);
  });
});

describe('reset', () => {
  it('wipes local content and restarts from the start', async () => {
    const { db, engine } = engineFor();
    await db.modules.bulkPut([mod('old1'), mod('old2')]);
    const t = topic('t-old', 's-old', 'old1');
    await db.topics.put(t);
    await replaceTopicContent(db, topicContent(t), 1);
    await db.syncMetadata.put({
      id: 'globalSync',
      ownerId: 'u1',
      cursor: 'c5',
      visibleSet: 'vs-old',
      reconciling: false,
    });
    const { requests } = server((req) =>
      req.query.get('cursor') === 'c5'
        ? page({ reset: true, visibleSet: 'vs-new', cursor: '' })
        : page({ modules: [mod('m-new')], visibleSet: 'vs-new', cursor: 'n1' }),
    );
    expect(await engine.syncNow()).toBe('success');
    const calls = contentCalls(requests);
    expect(calls.map((c) => c.query.get('cursor'))).toEqual(['c5', '']);
    expect(await db.modules.toCollection().primaryKeys()).toEqual(['m-new']);
    expect(await counts(db)).toMatchObject({
      topics: 0,
      decks: 0,
      cards: 0,
      quizzes: 0,
      questions: 0,
      html: 0,
    });
    expect(await getGlobalSync(db, 'u1')).toMatchObject({
      cursor: 'n1',
      visibleSet: 'vs-new',
      reconciling: false,
    });
  });
});

describe('tombstones cascade', () => {
  async function seed() {
    const { db, engine } = engineFor();
    server((req) =>
      req.query.get('cursor') === ''
        ? page({
            modules: [mod('m1'), mod('m2')],
            subjects: [subj('s1', 'm1'), subj('s2', 'm1'), subj('s3', 'm2')],
            topics: [topic('t1', 's1', 'm1'), topic('t2', 's2', 'm1'), topic('t3', 's3', 'm2')],
            cursor: 'c1',
          })
        : page({ cursor: 'c1' }),
    );
    await engine.syncNow();
    for (const id of ['t1', 't2', 't3'])
      await replaceTopicContent(db, topicContent((await db.topics.get(id)) as never), 5);
    return { db, engine };
  }

  it('a deleted module takes its subjects, topics, decks, cards, quizzes, questions and pages', async () => {
    const { db, engine } = await seed();
    expect(await counts(db)).toEqual({
      modules: 2,
      subjects: 3,
      topics: 3,
      decks: 3,
      cards: 6,
      quizzes: 3,
      questions: 3,
      html: 3,
    });
    server(() => page({ deleted: { modules: ['m1'], subjects: [], topics: [] }, cursor: 'c2' }));
    expect(await engine.syncNow()).toBe('success');
    expect(await counts(db)).toEqual({
      modules: 1,
      subjects: 1,
      topics: 1,
      decks: 1,
      cards: 2,
      quizzes: 1,
      questions: 1,
      html: 1,
    });
    expect(await db.cards.where('deckId').equals('t3-deck-a').count()).toBe(2);
  });

  it('a deleted subject or topic takes what is under it', async () => {
    const { db, engine } = await seed();
    server(() => page({ deleted: { modules: [], subjects: ['s1'], topics: ['t3'] }, cursor: 'c2' }));
    await engine.syncNow();
    expect((await db.subjects.toCollection().primaryKeys()).sort()).toEqual(['s2', 's3']);
    expect(await db.topics.toCollection().primaryKeys()).toEqual(['t2']);
    expect(await counts(db)).toMatchObject({ decks: 1, cards: 2, quizzes: 1, questions: 1, html: 1 });
  });

  it('a topic moved out of a deleted subject in the same page keeps its content and lastSynced', async () => {
    const { db, engine } = await seed();
    server(() =>
      page({
        topics: [topic('t1', 's2', 'm1')],
        deleted: { modules: [], subjects: ['s1'], topics: [] },
        cursor: 'c2',
      }),
    );
    await engine.syncNow();
    const t1 = await db.topics.get('t1');
    expect(t1).toMatchObject({ subjectId: 's2', lastSynced: 5 });
    expect(await db.cards.where('deckId').equals('t1-deck-a').count()).toBe(2);
  });

  it("a content page keeps a topic's lastSynced and local content version, noting the server's", async () => {
    const { db, engine } = await seed();
    server(() => page({ topics: [topic('t2', 's2', 'm1', 7)], cursor: 'c2' }));
    await engine.syncNow();
    expect(await db.topics.get('t2')).toMatchObject({
      lastSynced: 5,
      contentVersion: 1,
      serverContentVersion: 7,
    });
  });

  it('a full reconcile removes local rows the server no longer sends', async () => {
    const { db, engine } = await seed();
    server((req) =>
      req.query.get('cursor') === ''
        ? page({ modules: [mod('m2')], subjects: [subj('s3', 'm2')], cursor: 'f1', hasMore: true })
        : page({ topics: [topic('t3', 's3', 'm2')], cursor: 'f2' }),
    );
    expect(await engine.fullSync()).toBe('success');
    expect(await counts(db)).toEqual({
      modules: 1,
      subjects: 1,
      topics: 1,
      decks: 1,
      cards: 2,
      quizzes: 1,
      questions: 1,
      html: 1,
    });
    expect(await db.topics.get('t3')).toMatchObject({ lastSynced: 5 });
  });

  it('an interrupted reconcile is marked and starts again from the beginning', async () => {
    const { db, engine } = engineFor();
    const { requests } = server((req) => {
      if (req.query.get('cursor') === '') return page({ modules: [mod('m1')], cursor: 'f1', hasMore: true });
      return 'network';
    });
    expect(await engine.syncNow()).toBe('offline');
    expect(await getGlobalSync(db, 'u1')).toMatchObject({ cursor: 'f1', reconciling: true });
    await engine.syncNow();
    expect(contentCalls(requests).at(-1)!.query.get('cursor')).toBe('f1');
    expect(contentCalls(requests).filter((r) => r.query.get('cursor') === '')).toHaveLength(2);
  });
});
