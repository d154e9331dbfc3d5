// Switching scheduler on this device (issue 18, Account → Scheduler): each changed card's new state
// (core switchCard), written in chunks — each chunk's rows and their upsert ops (no rating: the server
// keeps the record as written) in one transaction, so the change goes up with the progress sync.
// SM-2 → FSRS with due dates kept writes only the cards whose reviews are still in the outbox (replayed
// under FSRS): every other card's memory is derived from its SM-2 state when read (core fsrsMemory), on
// every device alike, so 20,000 cards need no writes. 'Reschedule all cards' walks every row.
// Runs offline; yields to the page between chunks so the progress bar moves.
import {
  ratingOf,
  switchCard,
  switchTouchesCards,
  type LocalHistory,
  type ProgressOp,
  type SchedulerSwitch,
} from '@zan/core';
import type { ProgressOutboxRow, UserProgressRow, ZanDb } from './db.ts';
import { queueOps } from './outbox.ts';
import { changeTime, progressId, toProgressRecord } from './progress.ts';

type SwitchProgress = { done: number; total: number };
export type SwitchResult = { total: number; changed: number };
export type SwitchInput = {
  db: ZanDb;
  userId: string;
  change: SchedulerSwitch;
  now: Date;
  onProgress?: (p: SwitchProgress) => void;
  /** Cards per transaction. */
  chunkSize?: number;
};

const CHUNK = 2000;
type Chunk = { read: number; last: string | null; changed: number };
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The reviews of each card this device still holds (the outbox: not uploaded yet), oldest first, less
 * undone ones; `complete` when they start from the card being new (its first review is among them).
 */
export function localHistories(rows: readonly ProgressOutboxRow[]): Map<string, LocalHistory> {
  const byItem = new Map<string, LocalHistory & { deckId: string | null }>();
  const sorted = [...rows].sort((a, b) => a.createdAt - b.createdAt);
  const undone = new Set(sorted.flatMap((r) => (r.kind === 'undo' ? [r.payload.reviewOpId] : [])));
  for (const r of sorted) {
    if (r.kind === 'delete') byItem.delete(r.payload.itemId);
    if (r.kind === 'import') byItem.clear();
    if (r.kind === 'resetDeck')
      for (const [item, h] of byItem) if (h.deckId === r.payload.deckId) byItem.delete(item);
    if (r.kind !== 'upsert' || undone.has(r.opId)) continue;
    const rating = r.payload.record.type === 'flashcard' ? ratingOf(r.payload.rating) : null;
    if (!rating) continue;
    const item = r.payload.record.itemId;
    let h = byItem.get(item);
    if (!h) {
      h = { complete: r.payload.review?.before === null, reviews: [], deckId: null };
      byItem.set(item, h);
    }
    h.deckId = r.payload.record.deckId;
    h.reviews.push({ at: r.payload.record.reviewedAt, rating });
  }
  return new Map([...byItem].map(([k, h]) => [k, { complete: h.complete, reviews: h.reviews }]));
}

/** Applies the switch to every flashcard row of `userId`; returns how many rows changed. */
export async function switchSchedulerOnDevice(input: SwitchInput): Promise<SwitchResult> {
  const { db, userId, change } = input;
  if (!switchTouchesCards(change)) return { total: 0, changed: 0 };
  const outbox = await db.progressOutbox.toArray();
  const histories = localHistories(outbox.filter((r) => r.rejectedAt === undefined));
  if (!change.reschedule) return replayHistories(input, histories);
  const total = await db.userProgress.where('userId').equals(userId).count();
  const size = input.chunkSize ?? CHUNK;
  let changed = 0;
  let done = 0;
  /** The last id of the previous chunk: chunks walk the table in key order, one range read each. */
  let after: string | null = null;
  input.onProgress?.({ done: 0, total });
  for (;;) {
    const from: string | null = after;
    const chunk: Chunk = await db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
      // Read inside the transaction: a review made meanwhile is converted from its new state.
      const rows: UserProgressRow[] = await (
        from === null ? db.userProgress.orderBy(':id') : db.userProgress.where(':id').above(from)
      )
        .limit(size)
        .toArray();
      const changed = await writeSwitched(input, rows, histories);
      return { read: rows.length, last: rows[rows.length - 1]?.id ?? null, changed };
    });
    changed += chunk.changed;
    done += chunk.read;
    input.onProgress?.({ done: Math.min(done, total), total });
    if (chunk.read < size || chunk.last === null) break;
    after = chunk.last;
    await nextTask();
  }
  return { total, changed };
}

/**
 * Writes the switched state of each of `rows` that changes, with its upsert op; call inside a
 * transaction over userProgress and progressOutbox. Returns how many changed.
 */
async function writeSwitched(
  input: SwitchInput,
  rows: readonly UserProgressRow[],
  histories: ReadonlyMap<string, LocalHistory>,
): Promise<number> {
  const { db, userId, change, now } = input;
  const out: UserProgressRow[] = [];
  const ops: ProgressOp[] = [];
  for (const row of rows) {
    if (row.userId !== userId || row.type !== 'flashcard') continue;
    const next = switchCard(row, row.itemId, change, histories.get(row.itemId) ?? null);
    if (!next) continue;
    const at = changeTime(now, row.reviewedAt);
    const written: UserProgressRow = { ...next, reviewedAt: at };
    out.push(written);
    ops.push({
      opId: crypto.randomUUID(),
      kind: 'upsert',
      record: toProgressRecord(written, at),
      rating: null,
    });
  }
  await db.userProgress.bulkPut(out);
  await queueOps(db, ops, now.getTime());
  return out.length;
}

/** Due dates kept: only the cards with their whole history in the outbox change (replayed), in chunks. */
async function replayHistories(
  input: SwitchInput,
  histories: ReadonlyMap<string, LocalHistory>,
): Promise<SwitchResult> {
  const { db, userId } = input;
  const ids = [...histories].filter(([, h]) => h.complete).map(([itemId]) => progressId(userId, itemId));
  const size = input.chunkSize ?? CHUNK;
  let changed = 0;
  input.onProgress?.({ done: 0, total: ids.length });
  for (let i = 0; i < ids.length; i += size) {
    const slice = ids.slice(i, i + size);
    changed += await db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
      // Read inside the transaction: a review made meanwhile is converted from its new state.
      const rows = (await db.userProgress.bulkGet(slice)).filter((r) => r !== undefined);
      return writeSwitched(input, rows, histories);
    });
    input.onProgress?.({ done: Math.min(i + size, ids.length), total: ids.length });
    if (i + size < ids.length) await nextTask();
  }
  return { total: ids.length, changed };
}
