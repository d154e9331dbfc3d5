import { SRS, type ProgressOp } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeUserDb, getUserDb } from './db.ts';
import { progressId, recordReview, resetDeckProgress, setSuspended, undoReview } from './progress.ts';

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

describe('FSRS reviews and undo (issue 18)', () => {
  const fsrs = {
    scheduler: 'fsrs',
    desiredRetention: 0.9,
    learningSteps: '1m 10m',
    relearningSteps: '10m',
    parameters: null,
  } as const;

  it('records the memory state and what replay needs: scheduler, state before, elapsed and answer time', async () => {
    const userId = uid();
    const input = { userId, card: { id: 'c1' }, deckId: 'd1', subjectId: 's1', scheduler: fsrs };
    await recordReview({ ...input, rating: 'good', now: at, durationMs: 4200 });
    const later = new Date(at.getTime() + 600_000);
    const row = await recordReview({ ...input, rating: 'good', now: later, durationMs: 3000 });
    expect(row.learningState).toBe('review');
    expect(row.stability).toBeGreaterThan(0);
    expect(row.lastReview).toEqual(later);
    const ops = (await getUserDb(userId).progressOutbox.orderBy('createdAt').toArray()).map((r) => r.payload);
    const [first, second] = ops;
    if (first?.kind !== 'upsert' || second?.kind !== 'upsert') throw new Error('expected two upserts');
    expect(first.review).toEqual({ scheduler: fsrs, before: null, elapsedMs: null, durationMs: 4200 });
    expect(second.review?.before).toMatchObject({ interval: 600, learningState: 'learning' });
    expect(second.review?.elapsedMs).toBe(600_000);
    expect(second.record.stability).toBe(row.stability);
  });

  it('undo puts the card back to its row before the review and queues an undo op, together', async () => {
    const userId = uid();
    const input = { userId, card: { id: 'c1' }, deckId: 'd1', subjectId: 's1', rating: 'good' as const };
    const first = await recordReview({ ...input, now: at });
    const second = await recordReview({ ...input, now: new Date(at.getTime() + 3_600_000) });
    const db = getUserDb(userId);
    const back = await undoReview({ userId, token: second.undo, now: new Date(at.getTime() + 3_700_000) });
    const { undo: _firstUndo, ...firstRow } = first;
    expect(back).toEqual(firstRow);
    expect(await db.userProgress.get(progressId(userId, 'c1'))).toEqual(firstRow);
    const last = (await db.progressOutbox.orderBy('createdAt').last())?.payload;
    expect(last).toMatchObject({ kind: 'undo', reviewOpId: second.undo.opId, itemId: 'c1' });
    // Undoing the first review as well: the card is new again (no record).
    await undoReview({ userId, token: first.undo, now: new Date(at.getTime() + 3_800_000) });
    expect(await db.userProgress.get(progressId(userId, 'c1'))).toBeUndefined();
    expect(await db.progressOutbox.count()).toBe(4);
  });

  it('an undo that fails to queue leaves the card as it was (one transaction)', async () => {
    const userId = uid();
    const input = { userId, card: { id: 'c1' }, deckId: 'd1', subjectId: 's1', rating: 'good' as const };
    const first = await recordReview({ ...input, now: at });
    const db = getUserDb(userId);
    vi.spyOn(db.progressOutbox, 'bulkAdd').mockRejectedValueOnce(new Error('disk full'));
    await expect(undoReview({ userId, token: first.undo, now: at })).rejects.toThrow('disk full');
    const { undo: _u, ...row } = first;
    expect(await db.userProgress.get(progressId(userId, 'c1'))).toEqual(row);
  });
});
