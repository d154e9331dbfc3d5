// Progress upload (outbox drained oldest first, only acknowledged opIds deleted, nothing lost on
// failure, same opIds on retry) and pull (latest reviewedAt wins against pending local rows).
import type { ProgressOp, ProgressRecordDto } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZanDb } from '../local/db.ts';
import { outboxRow } from '../local/outbox.ts';
import { mergePulledProgress } from '../local/progress-merge.ts';
import { createSyncEngine, PROGRESS_DEBOUNCE_MS } from './engine.ts';
import { pullProgress, uploadOutbox } from './progress-sync.ts';
import { httpSyncApi } from './sync-api.ts';
import { freshDb, ok, stubFetch, student, type FakeRequest } from './testing/fake-server.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const record = (
  itemId: string,
  reviewedAt: number,
  over: Partial<ProgressRecordDto> = {},
): ProgressRecordDto => ({
  itemId,
  type: 'flashcard',
  cardId: itemId,
  questionId: null,
  subjectId: 's1',
  deckId: 'd1',
  easeFactor: 2.5,
  interval: 600,
  dueDate: reviewedAt + 600_000,
  isSuspended: false,
  reviewedAt,
  ...over,
});

async function queue(db: ZanDb, opId: string, createdAt: number, op?: Partial<ProgressOp>) {
  const payload = {
    opId,
    kind: 'upsert',
    record: record(`card-${opId}`, createdAt),
    rating: 3,
    ...op,
  } as ProgressOp;
  await db.progressOutbox.add(outboxRow(payload, createdAt));
}

const ctx = (db: ZanDb) => ({
  db,
  user: () => student('u1'),
  api: httpSyncApi,
  now: Date.now,
  webLocks: null,
});
const pushed = (requests: FakeRequest[]) =>
  requests
    .filter((r) => r.method === 'POST')
    .map((r) => (r.body as { ops: ProgressOp[] }).ops.map((o) => o.opId));

describe('outbox upload', () => {
  it('sends the oldest first in batches and deletes only the accepted opIds', async () => {
    const db = freshDb();
    for (const [id, at] of [
      ['op-c', 3],
      ['op-a', 1],
      ['op-b', 2],
      ['op-d', 4],
      ['op-e', 5],
    ] as const)
      await queue(db, id, at);
    const { requests } = stubFetch((req) => {
      const ops = (req.body as { ops: ProgressOp[]; deviceId: string }).ops;
      expect((req.body as { deviceId: string }).deviceId).toBe('device-test-1');
      // The server refuses op-b (it stays queued); everything else is acknowledged.
      return ok({ accepted: ops.map((o) => o.opId).filter((id) => id !== 'op-b'), serverTime: 9 });
    });
    const result = await uploadOutbox(ctx(db), 'device-test-1', 2);
    expect(pushed(requests)).toEqual([['op-a', 'op-b']]);
    expect(result).toEqual({ uploaded: 1, remaining: true });
    expect((await db.progressOutbox.toCollection().primaryKeys()).sort()).toEqual([
      'op-b',
      'op-c',
      'op-d',
      'op-e',
    ]);
  });

  it('drains everything when all is accepted', async () => {
    const db = freshDb();
    for (let i = 0; i < 5; i++) await queue(db, `op-${i}`, i);
    const { requests } = stubFetch((req) =>
      ok({ accepted: (req.body as { ops: ProgressOp[] }).ops.map((o) => o.opId), serverTime: 1 }),
    );
    expect(await uploadOutbox(ctx(db), 'device-test-1', 2)).toEqual({ uploaded: 5, remaining: false });
    expect(pushed(requests)).toEqual([['op-0', 'op-1'], ['op-2', 'op-3'], ['op-4']]);
    expect(await db.progressOutbox.count()).toBe(0);
  });

  it('keeps every row when the request fails, and a retry resends the same opIds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = freshDb();
    await queue(db, 'op-1', 1);
    await queue(db, 'op-2', 2);
    let fail = true;
    const { requests } = stubFetch((req) => {
      if (req.method === 'GET')
        return ok({ records: [], deletedItemIds: [], sessions: [], version: 0, hasMore: false });
      if (fail) return { status: 503, body: { error: { code: 'DOWN', message: 'down' } } };
      return ok({ accepted: (req.body as { ops: ProgressOp[] }).ops.map((o) => o.opId), serverTime: 1 });
    });
    const engine = createSyncEngine({ db, user: student('u1'), webLocks: null, deviceId: 'device-test-1' });
    await expect(engine.syncProgress()).rejects.toThrow();
    expect(await db.progressOutbox.count()).toBe(2);
    fail = false;
    // Backoff: the retry comes by itself (2 × the debounce after the first failure).
    await vi.advanceTimersByTimeAsync(PROGRESS_DEBOUNCE_MS * 2 + 10);
    await vi.waitFor(async () => expect(await db.progressOutbox.count()).toBe(0));
    expect(pushed(requests)).toEqual([
      ['op-1', 'op-2'],
      ['op-1', 'op-2'],
    ]);
    engine.dispose();
  });

  it('a 429 keeps the outbox, tries no upload before Retry-After, then sends the same opIds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = freshDb();
    await queue(db, 'op-1', 1);
    await queue(db, 'op-2', 2);
    let limited = true;
    const { requests } = stubFetch((req) => {
      if (req.method === 'GET')
        return ok({ records: [], deletedItemIds: [], sessions: [], version: 0, hasMore: false });
      if (limited)
        return {
          status: 429,
          headers: { 'Retry-After': '120' },
          body: { error: { code: 'PROGRESS_UPLOAD_LIMITED', message: 'later' } },
        };
      return ok({ accepted: (req.body as { ops: ProgressOp[] }).ops.map((o) => o.opId), serverTime: 1 });
    });
    let clock = 1_000_000;
    const engine = createSyncEngine({
      db,
      user: student('u1'),
      webLocks: null,
      deviceId: 'device-test-1',
      now: () => clock,
    });
    // Not a failed sync: the device keeps the ops and sends them when the server takes them again.
    await expect(engine.syncProgress()).resolves.toBe(true);
    expect(await db.progressOutbox.count()).toBe(2);
    limited = false;
    // A new review meanwhile, the backoff's first retry, a manual sync: no upload before 120 s.
    await queue(db, 'op-3', 3);
    engine.scheduleProgressUpload();
    clock += 60_000;
    await vi.advanceTimersByTimeAsync(60_000);
    await engine.syncProgress();
    expect(pushed(requests)).toEqual([['op-1', 'op-2']]);
    clock += 60_000;
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await db.progressOutbox.count()).toBe(0));
    expect(pushed(requests)).toEqual([
      ['op-1', 'op-2'],
      ['op-1', 'op-2', 'op-3'],
    ]);
    engine.dispose();
  });

  it('a burst of outbox writes makes one debounced upload', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = freshDb();
    const { requests } = stubFetch((req) =>
      ok({ accepted: (req.body as { ops: ProgressOp[] }).ops.map((o) => o.opId), serverTime: 1 }),
    );
    const engine = createSyncEngine({ db, user: student('u1'), webLocks: null, deviceId: 'device-test-1' });
    for (let i = 0; i < 3; i++) {
      await queue(db, `op-${i}`, i);
      engine.scheduleProgressUpload();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(PROGRESS_DEBOUNCE_MS);
    await vi.waitFor(async () => expect(await db.progressOutbox.count()).toBe(0));
    expect(pushed(requests)).toEqual([['op-0', 'op-1', 'op-2']]);
    engine.dispose();
  });
});

describe('progress pull and merge', () => {
  const pageOf = (over: Partial<Parameters<typeof mergePulledProgress>[2]> = {}) => ({
    records: [],
    deletedItemIds: [],
    sessions: [],
    version: 1,
    hasMore: false,
    ...over,
  });

  it('latest reviewedAt wins against a local row with a pending op; the server wins otherwise', async () => {
    const db = freshDb();
    const local = (itemId: string, at: number, ease: number) =>
      db.userProgress.put({
        id: `u1_${itemId}`,
        userId: 'u1',
        itemId,
        cardId: itemId,
        subjectId: 's1',
        type: 'flashcard',
        easeFactor: ease,
        interval: 60,
        dueDate: new Date(at),
        isSuspended: false,
        reviewedAt: new Date(at),
      });
    await local('newer-local', 2_000, 1.5); // pending op, newer than the server's
    await local('older-local', 1_000, 1.5); // pending op, older than the server's
    await local('synced', 5_000, 1.5); // no pending op: the server's state is the truth
    await queue(db, 'op-newer', 2_000, { record: record('newer-local', 2_000) } as Partial<ProgressOp>);
    await queue(db, 'op-older', 1_000, { record: record('older-local', 1_000) } as Partial<ProgressOp>);

    await mergePulledProgress(
      db,
      'u1',
      pageOf({
        records: [
          record('newer-local', 1_500, { easeFactor: 2.9 }),
          record('older-local', 1_500, { easeFactor: 2.9 }),
          record('synced', 1_500, { easeFactor: 2.9 }),
          record('brand-new', 1_500, { easeFactor: 2.9, isSuspended: true }),
        ],
      }),
    );
    const ease = async (id: string) => (await db.userProgress.where('itemId').equals(id).first())?.easeFactor;
    expect(await ease('newer-local')).toBe(1.5);
    expect(await ease('older-local')).toBe(2.9);
    expect(await ease('synced')).toBe(2.9);
    expect(await db.userProgress.get('u1_brand-new')).toMatchObject({
      isSuspended: true,
      dueDate: new Date(601_500),
      reviewedAt: new Date(1_500),
    });
    // The pending operations still upload.
    expect(await db.progressOutbox.count()).toBe(2);
    expect(await db.syncMetadata.get('progressSync')).toMatchObject({ version: 1 });
  });

  it('deletes pulled deletions unless a local change waits, and adds sessions once by uuid', async () => {
    const db = freshDb();
    for (const itemId of ['gone', 'kept']) {
      await db.userProgress.put({
        id: `u1_${itemId}`,
        userId: 'u1',
        itemId,
        subjectId: 's1',
        type: 'flashcard',
        easeFactor: 2.5,
        interval: 60,
        dueDate: null,
        isSuspended: false,
      });
    }
    await queue(db, 'op-kept', 9, { record: record('kept', 9) } as Partial<ProgressOp>);
    const session = {
      id: '7d0c2f0e-4d7a-4b59-9d0a-0b3c5f1e2a11',
      date: 1_000,
      durationInSeconds: 90,
      subjectId: 's1',
      subjectName: 'S',
      moduleId: 'm1',
      moduleName: 'M',
    };
    await mergePulledProgress(db, 'u1', pageOf({ deletedItemIds: ['gone', 'kept'], sessions: [session] }));
    await mergePulledProgress(db, 'u1', pageOf({ sessions: [session], version: 2 }));
    expect(await db.userProgress.toCollection().primaryKeys()).toEqual(['u1_kept']);
    const sessions = await db.studySessions.toArray();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ uuid: session.id, durationInSeconds: 90, date: new Date(1_000) });
  });

  it('a session pulled again with a longer duration updates the one local row; a shorter copy does not', async () => {
    const db = freshDb();
    const session = {
      id: '5b1f7e52-3c1a-4f0e-8a44-2f6d3c9b7e10',
      date: 1_000,
      durationInSeconds: 40,
      subjectId: 's1',
      subjectName: 'S',
      moduleId: 'm1',
      moduleName: 'M',
    };
    await mergePulledProgress(db, 'u1', pageOf({ sessions: [session] }));
    await mergePulledProgress(
      db,
      'u1',
      pageOf({ sessions: [{ ...session, durationInSeconds: 75 }], version: 2 }),
    );
    await mergePulledProgress(
      db,
      'u1',
      pageOf({ sessions: [{ ...session, durationInSeconds: 50 }], version: 3 }),
    );
    const rows = await db.studySessions.toArray();
    expect(rows.map((r) => [r.uuid, r.durationInSeconds])).toEqual([[session.id, 75]]);
  });

  it('pulls pages from the stored clock', async () => {
    const db = freshDb();
    await db.syncMetadata.put({ id: 'progressSync', ownerId: 'u1', version: 4 });
    const { requests } = stubFetch((req) => {
      const since = Number(req.query.get('since'));
      return ok(pageOf({ records: [record(`i${since}`, since)], version: since + 1, hasMore: since < 5 }));
    });
    expect(await pullProgress(ctx(db))).toBe(2);
    expect(requests.map((r) => r.query.get('since'))).toEqual(['4', '5']);
    expect(await db.syncMetadata.get('progressSync')).toMatchObject({ version: 6 });
  });
});
