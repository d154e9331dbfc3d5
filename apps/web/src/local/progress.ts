// Flashcard progress writes (SPEC §4 Flashcard state per user; ARCHITECTURE §5 "nothing is lost"):
// every change writes the userProgress row AND its progress-outbox operation in ONE Dexie transaction,
// so a review either lands completely (and will upload) or not at all.
import {
  RATINGS,
  newCardState,
  schedule,
  type ProgressOp,
  type ProgressRecordDto,
  type Rating,
} from '@zan/core';
import { getUserDb, type UserProgressRow, type ZanDb } from './db.ts';
import { queueOps } from './outbox.ts';

export const progressId = (userId: string, itemId: string): string => `${userId}_${itemId}`;

type CardRef = { id: string };
/** `db`: the store to write (default: the signed-in user's); tests drive several devices at once. */
type Scope = { userId: string; deckId: string; subjectId: string; db?: ZanDb };

export type RecordReviewInput = Scope & { card: CardRef; rating: Rating; now: Date };
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
  };
}

async function queue(db: ZanDb, op: ProgressOp, now: Date): Promise<void> {
  await queueOps(db, [op], now.getTime());
}

function upsertOp(row: UserProgressRow, now: Date, rating: number | null): ProgressOp {
  return { opId: newOpId(), kind: 'upsert', record: toProgressRecord(row, now), rating };
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

/** Rate a card (Again/Hard/Good/Easy): schedules from the stored state and queues the upload. */
export async function recordReview(input: RecordReviewInput): Promise<UserProgressRow> {
  const db = input.db ?? getUserDb(input.userId);
  const id = progressId(input.userId, input.card.id);
  return db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
    const prior = await db.userProgress.get(id);
    const next = schedule(prior ?? newCardState(), input.rating, input.now);
    const at = changeTime(input.now, prior?.reviewedAt);
    const row: UserProgressRow = {
      ...cardRow({ ...input, cardId: input.card.id }, prior),
      ...next,
      isSuspended: prior?.isSuspended ?? false,
      reviewedAt: at,
    };
    await db.userProgress.put(row);
    await queue(db, upsertOp(row, at, RATINGS.indexOf(input.rating) + 1), at);
    return row;
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
