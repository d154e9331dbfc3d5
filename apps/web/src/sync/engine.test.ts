// Engine behaviour around the runs: the sign-out wait, announcements, topic content on demand.
import { DEFAULT_SCHEDULER_SETTINGS, SIGN_OUT_SYNC_POLL_MS, SIGN_OUT_SYNC_WAIT_MS } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSchedulerSettingsRow, saveSchedulerSettings } from '../local/scheduler-settings.ts';
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
  type FakeRequest,
} from './testing/fake-server.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Without the peer figures' fetch (issue 19), which follows topic downloads on its own. */
const contentRequests = (requests: FakeRequest[]) =>
  requests.filter((r) => r.path !== '/api/sync/question-stats');

const emptyProgress = { records: [], deletedItemIds: [], sessions: [], version: 0, hasMore: false };
const newEngine = (db = freshDb()) => ({
  db,
  engine: createSyncEngine({ db, user: student('u1'), webLocks: null, deviceId: 'device-test-1' }),
});

describe('sign-out wait (SPEC §4: up to 5 s for a running sync, polling every 100 ms)', () => {
  it('polls every 100 ms and gives up at 5 s while a sync still runs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch(() => new Promise<never>(() => undefined)); // the server never answers
    const { engine } = newEngine();
    void engine.syncNow();
    await vi.waitFor(() => expect(engine.isBusy()).toBe(true));
    let settled: boolean | undefined;
    const waiting = engine.waitUntilIdle().then((r) => (settled = r));
    await vi.advanceTimersByTimeAsync(SIGN_OUT_SYNC_WAIT_MS - SIGN_OUT_SYNC_POLL_MS);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(SIGN_OUT_SYNC_POLL_MS);
    await waiting;
    expect(settled).toBe(false);
    expect(SIGN_OUT_SYNC_WAIT_MS / SIGN_OUT_SYNC_POLL_MS).toBe(50);
    engine.dispose();
  });

  it('resolves at the first poll after the sync ends', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubFetch(async (req) => {
      if (req.path === '/api/sync/content') {
        await gate;
        return ok(page());
      }
      return ok(
        req.path === '/api/sync/announcements'
          ? { announcements: [], deleted: [], cursor: '', hasMore: false }
          : emptyProgress,
      );
    });
    const { engine } = newEngine();
    const run = engine.syncNow();
    await vi.waitFor(() => expect(engine.isBusy()).toBe(true));
    const started = Date.now();
    const waiting = engine.waitUntilIdle();
    setTimeout(release, 250);
    expect(await waiting).toBe(true);
    expect(await run).toBe('success');
    expect(Date.now() - started).toBeLessThan(SIGN_OUT_SYNC_WAIT_MS);
  });

  it('returns at once when nothing runs', async () => {
    const { engine } = newEngine();
    expect(await engine.waitUntilIdle()).toBe(true);
  });
});

describe('announcements', () => {
  it('stores pulled ones with their cursor and deletes expired, archived and tombstoned ones', async () => {
    const now = Date.now();
    const { db, engine } = newEngine();
    await db.announcements.bulkPut([
      announcement('expired', { expiresAt: now - 1 }),
      announcement('tomb'),
      announcement('to-archive'),
    ]);
    await db.announcementSyncMetadata.put({
      id: 'announcementSync',
      ownerId: 'u1',
      cursor: 'a5',
      lastSync: 1,
    });
    const { requests } = stubFetch((req) => {
      if (req.path === '/api/sync/content') return ok(page());
      if (req.path === '/api/sync/announcements')
        return ok({
          announcements: [
            announcement('fresh'),
            announcement('to-archive', { isArchived: true }),
            announcement('late', { expiresAt: now - 10 }),
          ],
          deleted: ['tomb'],
          cursor: 'a6',
          hasMore: false,
        });
      return ok(emptyProgress);
    });
    expect(await engine.syncNow()).toBe('success');
    expect(requests.find((r) => r.path === '/api/sync/announcements')?.query.get('cursor')).toBe('a5');
    expect(await db.announcements.toCollection().primaryKeys()).toEqual(['fresh']);
    expect(await db.announcementSyncMetadata.get('announcementSync')).toMatchObject({
      cursor: 'a6',
      ownerId: 'u1',
    });
  });
});

describe('topic content on demand', () => {
  async function withTree(handler: FakeHandler) {
    const { db, engine } = newEngine();
    await db.modules.put(mod('m1'));
    await db.subjects.put(subj('s1', 'm1'));
    await db.topics.bulkPut([topic('t1', 's1', 'm1', 3), topic('t2', 's1', 'm1', 4)]);
    const fake = stubFetch(handler);
    return { db, engine, ...fake };
  }
  const byTopic =
    (tag: string, versions: Record<string, number> = {}): FakeHandler =>
    (req) => {
      if (req.path === '/api/sync/topics/versions') return ok({ versions });
      const id = decodeURIComponent(req.path.split('/').pop()!);
      if (id === 'gone') return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } };
      return ok(topicContent(topic(id, 's1', 'm1', versions[id] ?? 3), tag));
    };

  it("syncTopic replaces the topic's content and marks lastSynced", async () => {
    const { db, engine } = await withTree(byTopic('a'));
    expect(await engine.syncTopic('t1')).toBe('saved');
    const before = (await db.topics.get('t1'))?.lastSynced;
    expect(before).toBeGreaterThan(0);
    expect(await counts(db)).toMatchObject({ decks: 1, cards: 2, quizzes: 1, questions: 1, html: 1 });
    stubFetch(byTopic('b'));
    expect(await engine.syncTopic('t1')).toBe('saved');
    expect(await db.cards.toCollection().primaryKeys()).toEqual(['t1-card-b1', 't1-card-b2']);
    expect(await counts(db)).toMatchObject({ decks: 1, cards: 2, quizzes: 1, questions: 1, html: 1 });
  });

  it('a 404 never deletes locally: it asks the content stream (a delta sync)', async () => {
    const { db, engine, requests } = await withTree(byTopic('a'));
    await db.topics.put(topic('gone', 's1', 'm1'));
    requests.length = 0;
    expect(await engine.syncTopic('gone')).toBe('gone');
    expect(await db.topics.get('gone')).toBeDefined();
    await vi.waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/sync/content'));
  });

  it('a failed local write reports save-failed and leaves the old content', async () => {
    const { db, engine } = await withTree(byTopic('a'));
    await engine.syncTopic('t1');
    const broken = topicContent(topic('t1', 's1', 'm1'), 'x');
    (broken.cards[1] as { id?: string }).id = undefined;
    stubFetch(() => ok(broken));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await engine.syncTopic('t1')).toBe('save-failed');
    expect(await db.cards.toCollection().primaryKeys()).toEqual(['t1-card-a1', 't1-card-a2']);
  });

  it('ensureSubjectTopics fetches only the topics without lastSynced', async () => {
    const { engine, requests } = await withTree(byTopic('a'));
    await engine.syncTopic('t1');
    requests.length = 0;
    expect(await engine.ensureSubjectTopics('s1')).toBe('saved');
    expect(contentRequests(requests).map((r) => r.path)).toEqual(['/api/sync/topics/t2']);
    requests.length = 0;
    expect(await engine.ensureSubjectTopics('s1')).toBe('saved');
    expect(contentRequests(requests)).toHaveLength(0);
  });

  it('refreshStaleTopics resyncs only topics whose server version differs from the local copy', async () => {
    const { db, engine } = await withTree(byTopic('a'));
    await engine.syncTopic('t1');
    await engine.syncTopic('t2');
    const fake = stubFetch(byTopic('b', { t1: 3, t2: 9 }));
    expect(await engine.refreshStaleTopics(['t1', 't2'])).toBe('saved');
    expect(contentRequests(fake.requests).map((r) => r.path)).toEqual([
      '/api/sync/topics/versions',
      '/api/sync/topics/t2',
    ]);
    expect((contentRequests(fake.requests)[0]!.body as { topicIds: string[] }).topicIds).toEqual([
      't1',
      't2',
    ]);
    expect(await db.topics.get('t2')).toMatchObject({ contentVersion: 9 });
  });

  it('caches the pictures topics link, and drops the unlinked ones once per batch of topic syncs', async () => {
    const cached = new Map<string, Response>();
    const cache = {
      match: async (p: string) => cached.get(p),
      put: async (p: string, r: Response) => void cached.set(p, r),
      keys: vi.fn(async () => [...cached.keys()].map((p) => new Request(`http://zan.test${p}`))),
      delete: async (r: Request) => cached.delete(new URL(r.url).pathname),
    };
    vi.stubGlobal('caches', { open: async () => cache });
    const withPicture = (id: string, tag: string) => {
      const c = topicContent(topic(id, 's1', 'm1'), tag);
      c.htmlContent[0]!.htmlBody = `<p><img src="/files/html_content_images/${id}-${tag}.webp" alt=""></p>`;
      return c;
    };
    const { engine } = await withTree((req) => {
      if (req.path.startsWith('/files/')) return ok('image');
      return ok(withPicture(decodeURIComponent(req.path.split('/').pop()!), 'a'));
    });
    expect(await engine.ensureSubjectTopics('s1')).toBe('saved');
    expect([...cached.keys()].sort()).toEqual([
      '/files/html_content_images/t1-a.webp',
      '/files/html_content_images/t2-a.webp',
    ]);
    await vi.waitFor(() => expect(cache.keys).toHaveBeenCalledTimes(1)); // one prune for the two topics
    stubFetch((req) => (req.path.startsWith('/files/') ? ok('image') : ok(withPicture('t1', 'b'))));
    expect(await engine.syncTopic('t1')).toBe('saved');
    await vi.waitFor(() =>
      expect([...cached.keys()].sort()).toEqual([
        '/files/html_content_images/t1-b.webp',
        '/files/html_content_images/t2-a.webp',
      ]),
    );
  });

  it('does nothing offline', async () => {
    const { engine, requests } = await withTree(byTopic('a'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await engine.ensureSubjectTopics('s1')).toBe('offline');
    expect(await engine.refreshStaleTopics(['t1'])).toBe('offline');
    expect(await engine.syncNow()).toBe('offline');
    expect(requests).toHaveLength(0);
    vi.restoreAllMocks();
  });
});

describe('flushProgress', () => {
  // Optimize flushes first; with nothing in the outbox the flush used to send nothing, so an FSRS choice
  // saved here stayed unsent and the server's fit (onto its SM-2 copy) undid it (a CI failure of
  // student-scheduler.spec.ts).
  it('sends scheduler settings saved here even when the outbox is empty', async () => {
    const requests: FakeRequest[] = [];
    stubFetch(async (req) => {
      requests.push(req);
      if (req.method === 'PUT' && req.path === '/api/sync/scheduler-settings')
        return ok({ settings: (req.body as object) ?? {} });
      if (req.path === '/api/sync/progress') return ok(emptyProgress);
      return ok({});
    });
    const { db, engine } = newEngine();
    await saveSchedulerSettings(db, 'u1', { ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' }, new Date());
    expect(await engine.flushProgress()).toBe(0);
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/sync/scheduler-settings')).toBe(true);
    expect((await getSchedulerSettingsRow(db, 'u1'))?.dirty).toBe(false);
    engine.dispose();
  });
});
