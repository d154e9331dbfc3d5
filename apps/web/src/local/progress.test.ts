import { SRS, type ProgressOp } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from './db.ts';
import { progressId, recordReview, resetDeckProgress, setSuspended } from './progress.ts';

const uid = () => 'prog-' + crypto.randomUUID();
const at = new Date('2026-03-01T10:00:00Z');

afterEach(() => {
  vi.restoreAllMocks();
  closeUserDb();
});

describe('recordReview', () => {
  it('writes the progress row and an upsert op to the outbox', async () => {
    const userId = uid();
    const row = await recordReview({
      userId,
      card: { id: 'c1' },
      deckId: 'd1',
      subjectId: 's1',
      rating: 'good',
      now: at,
    });
    const db = getUserDb(userId);
    const stored = await db.userProgress.get(progressId(userId, 'c1'));
    expect(stored).toMatchObject({
      itemId: 'c1',
      cardId: 'c1',
      deckId: 'd1',
      subjectId: 's1',
      type: 'flashcard',
      isSuspended: false,
    });
    expect(stored?.interval).toBe(SRS.first.good);
    expect(stored?.dueDate).toEqual(new Date(at.getTime() + SRS.first.good * 1000));
    expect(stored?.reviewedAt).toEqual(at);
    expect(row.interval).toBe(SRS.first.good);

    const ops = await db.progressOutbox.toArray();
    expect(ops).toHaveLength(1);
    const op = ops[0]?.payload as ProgressOp;
    expect(op.kind).toBe('upsert');
    if (op.kind !== 'upsert') return;
    expect(op.rating).toBe(3);
    expect(op.record).toMatchObject({
      itemId: 'c1',
      interval: SRS.first.good,
      reviewedAt: at.getTime(),
      dueDate: at.getTime() + SRS.first.good * 1000,
    });
    expect(ops[0]?.opId).toBe(op.opId);
  });

  it('schedules from the stored state (a second Good multiplies by the ease)', async () => {
    const userId = uid();
    const input = { userId, card: { id: 'c1' }, deckId: 'd1', subjectId: 's1', rating: 'good' as const };
    await recordReview({ ...input, now: at });
    const second = await recordReview({ ...input, now: new Date(at.getTime() + 3_600_000) });
    expect(second.interval).toBe(SRS.first.good * SRS.startingEase);
    expect(await getUserDb(userId).progressOutbox.count()).toBe(2);
  });

  it('writes nothing when the outbox write fails (one transaction)', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    vi.spyOn(db.progressOutbox, 'bulkAdd').mockRejectedValue(new Error('disk full'));
    await expect(
      recordReview({ userId, card: { id: 'c1' }, deckId: 'd1', subjectId: 's1', rating: 'easy', now: at }),
    ).rejects.toThrow('disk full');
    expect(await db.userProgress.get(progressId(userId, 'c1'))).toBeUndefined();
    expect(await db.userProgress.count()).toBe(0);
  });
});

describe('setSuspended and resetDeckProgress', () => {
  it('suspends a new card, and unsuspending it makes it new again (record deleted)', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const scope = { userId, cardId: 'c1', deckId: 'd1', subjectId: 's1', now: at };
    await setSuspended({ ...scope, suspended: true });
    expect(await db.userProgress.get(progressId(userId, 'c1'))).toMatchObject({
      isSuspended: true,
      dueDate: null,
    });
    await setSuspended({ ...scope, suspended: false });
    expect(await db.userProgress.get(progressId(userId, 'c1'))).toBeUndefined();
    const kinds = (await db.progressOutbox.orderBy('createdAt').toArray()).map((o) => o.kind);
    expect(kinds).toEqual(['upsert', 'delete']);
  });

  it('unsuspending a reviewed card keeps its schedule', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    await recordReview({
      userId,
      card: { id: 'c1' },
      deckId: 'd1',
      subjectId: 's1',
      rating: 'hard',
      now: at,
    });
    await setSuspended({ userId, cardId: 'c1', deckId: 'd1', subjectId: 's1', suspended: true, now: at });
    await setSuspended({ userId, cardId: 'c1', deckId: 'd1', subjectId: 's1', suspended: false, now: at });
    expect(await db.userProgress.get(progressId(userId, 'c1'))).toMatchObject({
      isSuspended: false,
      interval: SRS.first.hard,
    });
  });

  it('reset deletes every progress record of the deck and queues one deck reset', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const card = (id: string, deckId: string) => ({
      id,
      deckId,
      front: id,
      back: id,
      collegeId: 'c1',
      yearGroup: 'First Year',
      createdAt: 0,
      updatedAt: 0,
    });
    await db.cards.bulkPut([card('c1', 'd1'), card('c2', 'd1'), card('c9', 'd2')]);
    for (const id of ['c1', 'c2'])
      await recordReview({ userId, card: { id }, deckId: 'd1', subjectId: 's1', rating: 'good', now: at });
    await recordReview({
      userId,
      card: { id: 'c9' },
      deckId: 'd2',
      subjectId: 's1',
      rating: 'good',
      now: at,
    });
    await db.progressOutbox.clear();

    expect(await resetDeckProgress({ userId, deckId: 'd1', now: at })).toBe(2);
    expect((await db.userProgress.toArray()).map((r) => r.itemId)).toEqual(['c9']);
    const ops = (await db.progressOutbox.toArray()).map((o) => o.payload);
    // One deck-level op (the server applies it to every card of the deck), later than the reviews it undoes.
    expect(ops).toEqual([
      { opId: expect.any(String), kind: 'resetDeck', deckId: 'd1', at: at.getTime() + 1 },
    ]);
  });
});
