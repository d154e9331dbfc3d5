import type { ProgressOp } from '@zan/core';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, getUserDb } from './db.ts';
import { outboxCount, queueOps } from './outbox.ts';
import { saveStudySession, studySessionWritesSettled } from './study-sessions.ts';

const uid = () => 'sessions-' + crypto.randomUUID();
const T0 = new Date('2026-03-01T09:00:00Z').getTime();

afterEach(() => closeUserDb());

const sessionOps = async (userId: string) =>
  (await getUserDb(userId).progressOutbox.orderBy('createdAt').toArray())
    .map((r) => r.payload)
    .flatMap((op) => (op.kind === 'session' ? [op.session] : []));

describe('saveStudySession', () => {
  it('a growing session saved again under its id is ONE record and ONE waiting op, the latest duration', async () => {
    const userId = uid();
    const base = { userId, subjectId: 's1', startedAt: T0, uuid: 'sess-1' };
    await saveStudySession({ ...base, seconds: 3 });
    const again = await saveStudySession({ ...base, seconds: 7 });
    expect(again?.durationInSeconds).toBe(7);
    // A shorter (older) save arriving late never shrinks it.
    expect(await saveStudySession({ ...base, seconds: 5 })).toBeNull();

    const rows = await getUserDb(userId).studySessions.toArray();
    expect(rows.map((r) => [r.uuid, r.durationInSeconds])).toEqual([['sess-1', 7]]);
    expect((await sessionOps(userId)).map((s) => [s.id, s.durationInSeconds, s.date])).toEqual([
      ['sess-1', 7, T0],
    ]);
    expect(await outboxCount(getUserDb(userId))).toBe(1);
  });

  it('an op already uploaded is not touched: the longer save queues a new op for the same session', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const base = { userId, subjectId: 's1', startedAt: T0, uuid: 'sess-2' };
    await saveStudySession({ ...base, seconds: 4 });
    await db.progressOutbox.clear(); // acknowledged by the server
    await saveStudySession({ ...base, seconds: 9 });
    expect((await sessionOps(userId)).map((s) => [s.id, s.durationInSeconds])).toEqual([['sess-2', 9]]);
  });

  it('sessions of 0 s are not saved', async () => {
    const userId = uid();
    expect(await saveStudySession({ userId, subjectId: 's1', startedAt: T0, seconds: 0.9 })).toBeNull();
    expect(await getUserDb(userId).progressOutbox.count()).toBe(0);
  });

  it('tells when the saves in flight have finished', async () => {
    const userId = uid();
    void saveStudySession({ userId, subjectId: 's1', startedAt: T0, seconds: 12, uuid: 'sess-3' });
    await studySessionWritesSettled();
    expect(await getUserDb(userId).studySessions.count()).toBe(1);
  });
});

describe('outboxCount', () => {
  it('counts a study session once however many waiting ops carry it (distinct changes)', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const session = (seconds: number): ProgressOp => ({
      opId: crypto.randomUUID(),
      kind: 'session',
      session: {
        id: 'sess-4',
        date: T0,
        durationInSeconds: seconds,
        subjectId: 's1',
        subjectName: '',
        moduleId: '',
        moduleName: '',
      },
    });
    await queueOps(db, [
      session(2),
      session(5),
      { opId: crypto.randomUUID(), kind: 'resetDeck', deckId: 'd1', at: T0 },
    ]);
    expect(await outboxCount(db)).toBe(2);
  });
});
