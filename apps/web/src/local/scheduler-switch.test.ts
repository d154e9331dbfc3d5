// Switching scheduler on this device: due dates kept, only cards whose history is still in the outbox
// are written (replayed; each change queued as an upsert, no rating, in the same transaction), the
// others read with their derived memory; chunks report progress; switching back writes nothing;
// Reschedule moves due dates.
import {
  fsrsMemory,
  memoryStateFromSm2,
  scheduleReview,
  type CardState,
  type ReviewScheduler,
} from '@zan/core';
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
  it('SM-2 → FSRS: nothing written for cards without their history here; each reads with its memory, due dates kept', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    const rows = [
      row(userId, 'c1'),
      row(userId, 'c2', { interval: 600, dueDate: new Date(t0.getTime() + 600_000) }),
      row(userId, 'q1', { type: 'mcq', questionId: 'q1' }),
    ];
    await db.userProgress.bulkPut(rows);
    const seen: number[] = [];
    const result = await switchSchedulerOnDevice({
      db,
      userId,
      change: { from: 'sm2', to: FSRS, reschedule: false },
      now,
      onProgress: (p) => seen.push(p.done),
    });
    expect(result).toEqual({ total: 0, changed: 0 });
    expect(seen).toEqual([0]);
    expect(await db.progressOutbox.count()).toBe(0);
    const c1 = await db.userProgress.get(progressId(userId, 'c1'));
    expect(c1).toEqual(rows[0]);
    // Read under FSRS: the memory a written conversion would hold.
    expect(fsrsMemory(c1 as UserProgressRow)?.stability).toBeCloseTo(
      memoryStateFromSm2(2.5, 10).stability,
      9,
    );
    expect(fsrsMemory(rows[1] as UserProgressRow)).toBeNull();
  });

  it('SM-2 → FSRS: a card with its reviews in the outbox is written with one upsert op (no rating), in chunks', async () => {
    const userId = uid();
    const db = getUserDb(userId);
    for (const id of ['c1', 'c2', 'c3']) {
      const scope = { userId, deckId: 'd1', subjectId: 's1', card: { id } };
      await recordReview({ ...scope, rating: 'good', now: t0 });
      await recordReview({ ...scope, rating: 'good', now: new Date(t0.getTime() + 600_000) });
    }
    await db.userProgress.put(row(userId, 'c4'));
    const before = await db.progressOutbox.count();
    const seen: number[] = [];
    const result = await switchSchedulerOnDevice({
      db,
      userId,
      change: { from: 'sm2', to: FSRS, reschedule: false },
      now,
      onProgress: (p) => seen.push(p.done),
      chunkSize: 2,
    });
    expect(result).toEqual({ total: 3, changed: 3 });
    expect(seen).toEqual([0, 2, 3]);
    const ops = (await db.progressOutbox.orderBy('createdAt').toArray()).slice(before);
    expect(ops).toHaveLength(3);
    const c1 = await db.userProgress.get(progressId(userId, 'c1'));
    const op = ops.find((o) => o.kind === 'upsert' && o.payload.record.itemId === 'c1')?.payload;
    expect(op?.kind === 'upsert' && op.rating).toBeNull();
    expect(op?.kind === 'upsert' && op.record).toMatchObject({
      itemId: 'c1',
      dueDate: c1?.dueDate?.getTime(),
      stability: c1?.stability,
      difficulty: c1?.difficulty,
      reviewedAt: now.getTime(),
    });
    expect(c1?.stability).not.toBeUndefined();
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
    // After the rows: their stamps only grow within a page (outbox.ts), so they may be ahead of Date.now().
    const last = Math.max(...rows.map((r) => r.createdAt));
    const undo = {
      opId: 'u1',
      createdAt: last + 10,
      kind: 'undo' as const,
      payload: { opId: 'u1', kind: 'undo' as const, reviewOpId: undone.undo.opId, itemId: 'c1', at: 1 },
    };
    expect(localHistories([...rows, undo]).get('c1')?.reviews).toHaveLength(1);
    const reset = {
      opId: 'r1',
      createdAt: last + 20,
      kind: 'resetDeck' as const,
      payload: { opId: 'r1', kind: 'resetDeck' as const, deckId: 'd1', at: 1 },
    };
    expect(localHistories([...rows, undo, reset]).size).toBe(0);
  });
});
