import { SRS } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from './db.ts';
import { recordAnswer, setQuestionSuspended } from './mcq-progress.ts';
import { progressId } from './progress.ts';

const uid = () => 'mcq-' + crypto.randomUUID();
const at = new Date('2026-03-01T10:00:00Z');
const scope = (userId: string) => ({ userId, subjectId: 's1', questionId: 'q1' });

afterEach(() => {
  vi.restoreAllMocks();
  closeUserDb();
});

const payloads = async (userId: string) =>
  (await getUserDb(userId).progressOutbox.orderBy('createdAt').toArray()).map((r) => r.payload);

describe('recordAnswer', () => {
  it('writes an mcq progress row (correct → Good) and an upsert op whose rating is the chosen option', async () => {
    const userId = uid();
    await recordAnswer({ ...scope(userId), option: 3, correct: true, now: at });
    const row = await getUserDb(userId).userProgress.get(progressId(userId, 'q1'));
    expect(row).toMatchObject({
      type: 'mcq',
      itemId: 'q1',
      questionId: 'q1',
      subjectId: 's1',
      isSuspended: false,
      interval: SRS.first.good,
    });
    expect(row?.cardId).toBeUndefined();
    const [op] = await payloads(userId);
    expect(op?.kind).toBe('upsert');
    if (op?.kind !== 'upsert') return;
    expect(op.rating).toBe(3);
    expect(op.record).toMatchObject({
      type: 'mcq',
      itemId: 'q1',
      questionId: 'q1',
      cardId: null,
      deckId: null,
      reviewedAt: at.getTime(),
    });
  });

  it('a wrong answer schedules Again (ease down, 60 s)', async () => {
    const userId = uid();
    const row = await recordAnswer({ ...scope(userId), option: 1, correct: false, now: at });
    expect(row.interval).toBe(SRS.again.interval);
    expect(row.easeFactor).toBeCloseTo(SRS.startingEase - 0.2);
  });

  it('writes nothing when the outbox write fails (one transaction)', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    vi.spyOn(db.progressOutbox, 'bulkAdd').mockRejectedValue(new Error('disk full'));
    await expect(recordAnswer({ ...scope(userId), option: 2, correct: true, now: at })).rejects.toThrow(
      'disk full',
    );
    expect(await db.userProgress.count()).toBe(0);
    expect(await db.progressOutbox.count()).toBe(0);
  });

  it('rejects an option outside 1–5', async () => {
    await expect(recordAnswer({ ...scope(uid()), option: 6, correct: false, now: at })).rejects.toThrow();
  });
});

describe('setQuestionSuspended', () => {
  it('suspends with an upsert (rating null); unsuspending a never-answered question deletes its record', async () => {
    const userId = uid();
    await setQuestionSuspended({ ...scope(userId), suspended: true, now: at });
    expect((await getUserDb(userId).userProgress.get(progressId(userId, 'q1')))?.isSuspended).toBe(true);
    await setQuestionSuspended({ ...scope(userId), suspended: false, now: at });
    expect(await getUserDb(userId).userProgress.get(progressId(userId, 'q1'))).toBeUndefined();
    const ops = await payloads(userId);
    expect(ops.map((o) => o.kind)).toEqual(['upsert', 'delete']);
    expect(ops[0]?.kind === 'upsert' && ops[0].rating).toBeNull();
  });

  it('unsuspending an answered question keeps its schedule', async () => {
    const userId = uid();
    await recordAnswer({ ...scope(userId), option: 1, correct: true, now: at });
    await setQuestionSuspended({ ...scope(userId), suspended: true, now: at });
    const row = await setQuestionSuspended({ ...scope(userId), suspended: false, now: at });
    expect(row).toMatchObject({ isSuspended: false, interval: SRS.first.good });
    expect(await getUserDb(userId).progressOutbox.count()).toBe(3);
  });
});
