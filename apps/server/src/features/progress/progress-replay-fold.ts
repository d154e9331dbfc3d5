// One flashcard's replay (issue 18, progress-replay.ts) as a fold over its review-log rows in review-time
// order (issue 38): a row at a time, so a history of 200,000 reviews is read in pages and never held
// whole. A deck reset or import cuts what came before it.
import {
  cardReplay,
  reviewSchedulerSchema,
  ratingOf,
  type CardState,
  type CardStateDto,
  type HistoryEvent,
  type ProgressRecordDto,
  type ReplayedCard,
} from '@zan/core';
import { before, resetsOfDeck, type Key, type Reset } from './progress-repository.ts';

export type LogRow = {
  item_id: string;
  id: string | number;
  device_id: string;
  reviewed_at: Date | string;
  rating: number | null;
  type: 'flashcard' | 'mcq';
  payload: { kind: 'upsert'; record: ProgressRecordDto } | { kind: 'delete'; at: number };
  scheduler: unknown;
  state_before: CardStateDto | null;
};

/** A record's scheduling state from its wire form (a 'set' event: import, suspend of an unseen card). */
function stateOf(r: CardStateDto & { isSuspended: boolean }): ReplayedCard {
  return {
    easeFactor: r.easeFactor,
    interval: r.interval,
    dueDate: r.dueDate === null ? null : new Date(r.dueDate),
    isSuspended: r.isSuspended,
    stability: r.stability ?? null,
    difficulty: r.difficulty ?? null,
    ...(r.learningState ? { learningState: r.learningState } : {}),
    ...(r.learningStep !== undefined ? { learningStep: r.learningStep } : {}),
    lastReview: r.lastReview == null ? null : new Date(r.lastReview),
    ...(r.reps !== undefined ? { reps: r.reps } : {}),
    ...(r.lapses !== undefined ? { lapses: r.lapses } : {}),
  } satisfies CardState & { isSuspended: boolean };
}

const stateOfDto = (d: CardStateDto): CardState => stateOf({ ...d, isSuspended: false });

function eventOf(row: LogRow, at: number): HistoryEvent {
  if (row.payload.kind === 'delete') return { kind: 'delete', at };
  const rating = row.type === 'flashcard' ? ratingOf(row.rating) : null;
  if (!rating) return { kind: 'set', at, state: stateOf(row.payload.record), device: row.device_id };
  const sched = reviewSchedulerSchema.safeParse(row.scheduler);
  // A review with its detail recorded its prior state (null column and a scheduler: it was new).
  const before = row.scheduler == null ? undefined : row.state_before ? stateOfDto(row.state_before) : null;
  return {
    kind: 'review',
    at,
    rating,
    scheduler: sched.success ? sched.data : { scheduler: 'sm2' },
    after: stateOf(row.payload.record),
    ...(before !== undefined ? { before } : {}),
    device: row.device_id,
  };
}

export type ItemWrite = {
  itemId: string;
  key: Key;
  state: ReplayedCard | null;
  meta: ProgressRecordDto | null;
};

/**
 * One item's record from its history, row by row in review-time order (pure), given the deck whose
 * resets cut it — its latest upsert's, else its stored record's. `cut`: whether a reset cuts the row;
 * `end`: the record, null when nothing keys it (`fallback`: the key when no row is left).
 */
export function replayFold(
  itemId: string,
  deckId: string | null,
  userResets: readonly Reset[],
  fallback: Key | null,
) {
  const resets = resetsOfDeck(userResets, deckId);
  const replay = cardReplay(itemId);
  let meta: ProgressRecordDto | null = null;
  let last: Key | null = null;
  const keyOf = (row: LogRow): Key => ({ at: new Date(row.reviewed_at).getTime(), device: row.device_id });
  const cut = (row: LogRow, e: Key) =>
    resets.some((r) =>
      r.device === e.device ? Number(row.id) < r.seq : before(e, { at: r.at, device: r.device }),
    );
  return {
    itemId,
    cut: (row: LogRow) => cut(row, keyOf(row)),
    step(row: LogRow): void {
      if (row.payload.kind === 'upsert') meta = row.payload.record;
      const e = keyOf(row);
      if (cut(row, e)) return;
      replay.step(eventOf(row, e.at));
      last = e;
    },
    end(): ItemWrite | null {
      // The record's latest-wins key: its last event, or the reset that cut everything.
      const lastReset = resets.reduce<Reset | null>((a, r) => (!a || before(a, r) ? r : a), null);
      const key = last ?? (lastReset ? { at: lastReset.at, device: lastReset.device } : fallback);
      return key ? { itemId, key, state: replay.state(), meta } : null;
    },
  };
}

/** Each item's latest upsert's deck (null: it names none), from rows in review-time order. */
export function latestDecks(rows: readonly LogRow[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const r of rows) if (r.payload.kind === 'upsert') out.set(r.item_id, r.payload.record.deckId);
  return out;
}
