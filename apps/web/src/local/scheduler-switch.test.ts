// Switching scheduler on this device: reviewed cards get their memory state with due dates kept, each
// change queued as an upsert (no rating) in the same transaction; the history still in the outbox is
// replayed; chunks report progress; switching back writes nothing; Reschedule moves due dates.
import { memoryStateFromSm2, scheduleReview, type CardState, type ReviewScheduler } from '@zan/core';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDb, getUserDb, type UserProgressRow } from './db.ts';
import { progressId, recordReview } from './progress.ts';
import { localHistories, switchSchedulerOnDevice } from './scheduler-switch.ts';

const FSRS = {
  scheduler: 'fsrs',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
} as const satisfies ReviewScheduler;
const DAY = 86_400_000;
const t0 = new Date('2026-03-01T09:00:00Z');
const now = new Date('2026-03-05T09:00:00Z');
const uid = () => 'switch-' + crypto.randomUUID();

afterEach(() => closeUserDb());

const row = (userId: string, itemId: string, over: Partial<UserProgressRow> = {}): UserProgressRow => ({
  id: progressId(userId, itemId),
  userId,
  itemId,
  cardId: itemId,
  subjectId: 's1',
  deckId: 'd1',
  type: 'flashcard',
  easeFactor: 2.5,
  interval: 10 * 86_400,
  dueDate: new Date(t0.getTime() + 10 * DAY),
  isSuspended: false,
  reviewedAt: t0,
  ...over,
});

describe('switchSchedulerOnDevice', () => {
  it('SM-2 → FSRS: memory from SM-2, due dates kept, one upsert op per changed card', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    await db.userProgress.bulkPut([
      row(userId, 'c1'),
      row(userId, 'c2', { interval: 600, dueDate: new Date(t0.getTime() + 600_000) }),
      row(userId, 'q1', { type: 'mcq', questionId: 'q1' }),
    ]);
    const seen: number[] = [];
    const result = await switchSchedulerOnDevice({
      db,
      userId,
      change: { from: 'sm2', to: FSRS, reschedule: false },
      now,
      onProgress: (p) => seen.push(p.done),
      chunkSize: 2,
    });
    expect(result).toEqual({ total: 3, changed: 1 });
    expect(seen).toEqual([0, 2, 3]);
    const c1 = await db.userProgress.get(progressId(userId, 'c1'));
    expect(c1?.dueDate).toEqual(new Date(t0.getTime() + 10 * DAY));
    expect(c1?.stability).toBeCloseTo(memoryStateFromSm2(2.5, 10).stability, 9);
    expect(c1?.learningState).toBe('review');
    expect(c1?.reviewedAt).toEqual(now);
    const ops = await db.progressOutbox.toArray();
    expect(ops).toHaveLength(1);
    const op = ops[0]?.payload;
    expect(op?.kind === 'upsert' && op.rating).toBeNull();
    expect(op?.kind === 'upsert' && op.record).toMatchObject({
      itemId: 'c1',
      dueDate: c1?.dueDate?.getTime(),
      stability: c1?.stability,
      difficulty: c1?.difficulty,
      learningState: 'review',
      reviewedAt: now.getTime(),
    });
  });

  it('replays the reviews still in the outbox when they start from a new card', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const scope = { userId, deckId: 'd1', subjectId: 's1', card: { id: 'c1' } };
    await recordReview({ ...scope, rating: 'good', now: t0 });
    await recordReview({ ...scope, rating: 'good', now: new Date(t0.getTime() + 600_000) });
    await recordReview({ ...scope, rating: 'good', now: new Date(t0.getTime() + DAY + 600_000) });
    const before = await db.userProgress.get(progressId(userId, 'c1'));
    let want: CardState = { easeFactor: 2.5, interval: 0, dueDate: null };
    for (const ms of [0, 600_000, DAY + 600_000])
      want = scheduleReview(FSRS, want, 'good', new Date(t0.getTime() + ms), 'c1');
    const histories = localHistories(await db.progressOutbox.toArray());
    expect(histories.get('c1')).toMatchObject({ complete: true });
    expect(histories.get('c1')?.reviews).toHaveLength(3);
    await switchSchedulerOnDevice({ db, userId, change: { from: 'sm2', to: FSRS, reschedule: false }, now });
    const after = await db.userProgress.get(progressId(userId, 'c1'));
    expect(after?.stability).toBe(want.stability);
    expect(after?.difficulty).toBe(want.difficulty);
    expect(after?.dueDate).toEqual(before?.dueDate);
  });

  it('FSRS → SM-2 writes nothing; Reschedule recomputes due dates from the memory', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    await db.userProgress.put(row(userId, 'c1'));
    await switchSchedulerOnDevice({ db, userId, change: { from: 'sm2', to: FSRS, reschedule: false }, now });
    await db.progressOutbox.clear();
    const back = await switchSchedulerOnDevice({
      db,
      userId,
      change: { from: 'fsrs', to: { scheduler: 'sm2' }, reschedule: false },
      now,
    });
    expect(back).toEqual({ total: 0, changed: 0 });
    expect(await db.progressOutbox.count()).toBe(0);
    const lower = { ...FSRS, desiredRetention: 0.8 };
    const moved = await switchSchedulerOnDevice({
      db,
      userId,
      change: { from: 'fsrs', to: lower, reschedule: true },
      now,
    });
    expect(moved.changed).toBe(1);
    const c1 = await db.userProgress.get(progressId(userId, 'c1'));
    expect(c1?.dueDate?.getTime()).toBeGreaterThan(t0.getTime() + 20 * DAY);
    expect(await db.progressOutbox.count()).toBe(1);
  });

  it('localHistories: undone reviews leave, a deck reset cuts what came before', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const scope = { userId, deckId: 'd1', subjectId: 's1' };
    await recordReview({ ...scope, card: { id: 'c1' }, rating: 'good', now: t0 });
    await recordReview({ ...scope, card: { id: 'c2' }, rating: 'good', now: t0 });
    const undone = await recordReview({ ...scope, card: { id: 'c1' }, rating: 'again', now: now });
    const rows = await db.progressOutbox.toArray();
    const undo = {
      opId: 'u1',
      createdAt: Date.now() + 10,
      kind: 'undo' as const,
      payload: { opId: 'u1', kind: 'undo' as const, reviewOpId: undone.undo.opId, itemId: 'c1', at: 1 },
    };
    expect(localHistories([...rows, undo]).get('c1')?.reviews).toHaveLength(1);
    const reset = {
      opId: 'r1',
      createdAt: Date.now() + 20,
      kind: 'resetDeck' as const,
      payload: { opId: 'r1', kind: 'resetDeck' as const, deckId: 'd1', at: 1 },
    };
    expect(localHistories([...rows, undo, reset]).size).toBe(0);
  });
});
