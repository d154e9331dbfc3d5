// Flashcard progress writes (SPEC §4 Flashcard state per user; ARCHITECTURE §5 "nothing is lost"):
// every change writes the userProgress row AND its progress-outbox operation in ONE Dexie transaction,
// so a review either lands completely (and will upload) or not at all.
import {
  memoryDto,
  memoryFieldsOf,
  newCardState,
  ratingNumber,
  scheduleReview,
  toCardStateDto,
  type ProgressOp,
  type ProgressRecordDto,
  type Rating,
  type ReviewScheduler,
} from '@zan/core';
import { getUserDb, type UserProgressRow, type ZanDb } from './db.ts';
import { queueOps } from './outbox.ts';

export const progressId = (userId: string, itemId: string): string => `${userId}_${itemId}`;

type CardRef = { id: string };
/** `db`: the store to write (default: the signed-in user's); tests drive several devices at once. */
type Scope = { userId: string; deckId: string; subjectId: string; db?: ZanDb };

export type RecordReviewInput = Scope & {
  card: CardRef;
  rating: Rating;
  now: Date;
  /** The scheduler in force (issue 18); SM-2 when not given. */
  scheduler?: ReviewScheduler;
  /** Ms from showing the card to rating it. */
  durationMs?: number | null;
};
/** What takes one review back (undoReview): its op and the card's row before it (null: it was new). */
export type UndoToken = { opId: string; itemId: string; prior: UserProgressRow | null };
/** The row written by a review, with what undoes it. */
export type RecordedReview = UserProgressRow & { undo: UndoToken };
export type UndoReviewInput = { userId: string; token: UndoToken; now: Date; db?: ZanDb };
export type SetSuspendedInput = Scope & { cardId: string; suspended: boolean; now: Date };
export type ResetDeckInput = { userId: string; deckId: string; now: Date; db?: ZanDb };

const newOpId = (): string => crypto.randomUUID();

/**
 * When a change made now happens in latest-wins terms: never before the state it was made on (a
 * device whose clock is behind still wins over what it has seen), so at least the prior time + 1 ms.
 */
export function changeTime(now: Date, ...seen: Array<Date | null | undefined>): Date {
  const after = Math.max(-Infinity, ...seen.map((d) => (d ? d.getTime() + 1 : -Infinity)));
  return after > now.getTime() ? new Date(after) : now;
}

export function toProgressRecord(row: UserProgressRow, reviewedAt: Date): ProgressRecordDto {
  return {
    itemId: row.itemId,
    type: row.type,
    cardId: row.cardId ?? null,
    questionId: row.questionId ?? null,
    subjectId: row.subjectId,
    deckId: row.deckId ?? null,
    easeFactor: row.easeFactor,
    interval: Math.round(row.interval),
    dueDate: row.dueDate ? row.dueDate.getTime() : null,
    isSuspended: row.isSuspended,
    reviewedAt: reviewedAt.getTime(),
    ...memoryDto(row),
  };
}

async function queue(db: ZanDb, op: ProgressOp, now: Date): Promise<void> {
  await queueOps(db, [op], now.getTime());
}

function upsertOp(
  row: UserProgressRow,
  now: Date,
  rating: number | null,
): Extract<ProgressOp, { kind: 'upsert' }> {
  return { opId: newOpId(), kind: 'upsert', record: toProgressRecord(row, now), rating };
}

/** When the card was last reviewed: recorded, or (older rows) its due date less its interval. */
function lastReviewOf(prior: UserProgressRow | undefined): number | null {
  if (!prior) return null;
  if (prior.lastReview) return prior.lastReview.getTime();
  return prior.dueDate && prior.interval > 0 ? prior.dueDate.getTime() - prior.interval * 1000 : null;
}

function cardRow(input: Scope & { cardId: string }, prior: UserProgressRow | undefined): UserProgressRow {
  const base = prior ?? { ...newCardState(), isSuspended: false };
  return {
    id: progressId(input.userId, input.cardId),
    userId: input.userId,
    itemId: input.cardId,
    cardId: input.cardId,
    subjectId: input.subjectId,
    deckId: input.deckId,
    type: 'flashcard',
    easeFactor: base.easeFactor,
    interval: base.interval,
    dueDate: base.dueDate,
    isSuspended: base.isSuspended,
    reviewedAt: prior?.reviewedAt,
  };
}

/**
 * Rate a card (Again/Hard/Good/Easy): schedules from the stored state with the scheduler in force (at
 * the review's change time, as the server's replay does) and queues the upload with what replay and the
 * optimizer need: the scheduler, the state before, the time since the last review and the answer time.
 */
export async function recordReview(input: RecordReviewInput): Promise<RecordedReview> {
  const db = input.db ?? getUserDb(input.userId);
  const id = progressId(input.userId, input.card.id);
  const scheduler = input.scheduler ?? { scheduler: 'sm2' };
  return db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
    const prior = await db.userProgress.get(id);
    const at = changeTime(input.now, prior?.reviewedAt);
    const next = scheduleReview(scheduler, prior ?? newCardState(), input.rating, at, input.card.id);
    const { easeFactor, interval, dueDate } = next;
    const row: UserProgressRow = {
      ...cardRow({ ...input, cardId: input.card.id }, prior),
      easeFactor,
      interval,
      dueDate,
      ...memoryFieldsOf(next),
      isSuspended: prior?.isSuspended ?? false,
      reviewedAt: at,
    };
    await db.userProgress.put(row);
    const last = lastReviewOf(prior);
    const op: ProgressOp = {
      ...upsertOp(row, at, ratingNumber(input.rating)),
      review: {
        scheduler,
        before: prior ? toCardStateDto(prior) : null,
        elapsedMs: last === null ? null : Math.max(0, at.getTime() - last),
        durationMs:
          input.durationMs == null
            ? null
            : Math.max(0, Math.min(2_147_483_647, Math.round(input.durationMs))),
      },
    };
    await queue(db, op, at);
    return { ...row, undo: { opId: op.opId, itemId: input.card.id, prior: prior ?? null } };
  });
}

/**
 * Undo (issue 18): the card goes back to its row before the review and an undo op is queued, in one
 * transaction; the server drops the review from the card's history and replays it, so every device
 * pulls the earlier state.
 */
export async function undoReview(input: UndoReviewInput): Promise<UserProgressRow | null> {
  const db = input.db ?? getUserDb(input.userId);
  const { token } = input;
  const id = progressId(input.userId, token.itemId);
  return db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
    const current = await db.userProgress.get(id);
    const at = changeTime(input.now, current?.reviewedAt);
    if (token.prior) await db.userProgress.put(token.prior);
    else await db.userProgress.delete(id);
    await queue(
      db,
      { opId: newOpId(), kind: 'undo', reviewOpId: token.opId, itemId: token.itemId, at: at.getTime() },
      at,
    );
    return token.prior;
  });
}

/**
 * Suspend or unsuspend a card. Unsuspending a card that was never reviewed deletes its record, so it is
 * new again (SPEC §4: new = no record) rather than stuck with no due date.
 */
export async function setSuspended(input: SetSuspendedInput): Promise<UserProgressRow | null> {
  const db = input.db ?? getUserDb(input.userId);
  const id = progressId(input.userId, input.cardId);
  return db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
    const prior = await db.userProgress.get(id);
    const at = changeTime(input.now, prior?.reviewedAt);
    if (!input.suspended && (!prior || prior.dueDate == null)) {
      if (!prior) return null;
      await db.userProgress.delete(id);
      await queue(db, { opId: newOpId(), kind: 'delete', itemId: input.cardId, at: at.getTime() }, at);
      return null;
    }
    const row: UserProgressRow = { ...cardRow(input, prior), isSuspended: input.suspended, reviewedAt: at };
    await db.userProgress.put(row);
    await queue(db, upsertOp(row, at, null), at);
    return row;
  });
}

/**
 * SPEC §4: reset deletes all progress records of the deck. One deck-level op goes to the server, which
 * applies it to every card of the deck (also those this device never saw). Returns how many local
 * records were deleted.
 */
export async function resetDeckProgress(input: ResetDeckInput): Promise<number> {
  const db = input.db ?? getUserDb(input.userId);
  return db.transaction('rw', db.cards, db.userProgress, db.progressOutbox, async () => {
    const cardIds = await db.cards.where('deckId').equals(input.deckId).primaryKeys();
    const inDeck = new Set(cardIds);
    const ids = cardIds.map((c) => progressId(input.userId, c));
    const rows = (await db.userProgress.bulkGet(ids)).filter((r): r is UserProgressRow => r !== undefined);
    // Records of cards no longer in the deck's local copy still belong to the deck.
    const strays = await db.userProgress
      .where('userId')
      .equals(input.userId)
      .filter((r) => r.deckId === input.deckId && !inDeck.has(r.itemId))
      .toArray();
    const all = [...rows, ...strays];
    await db.userProgress.bulkDelete(all.map((r) => r.id));
    const at = changeTime(input.now, ...all.map((r) => r.reviewedAt)).getTime();
    await queueOps(db, [{ opId: newOpId(), kind: 'resetDeck', deckId: input.deckId, at }], at);
    return all.length;
  });
}
