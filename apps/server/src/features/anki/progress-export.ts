// A student's own progress on a deck as Anki scheduling (issue 20 'Export', "so they can leave with it"):
// each progress record → the card's type, queue, due, interval, ease, reps, lapses and FSRS memory; each
// rated review → a revlog row. Review due days count from the collection's creation (`createdSecs`, a
// day's start no later than any due date, so no due day is negative).
import type { AnkiReview, AnkiScheduling } from './model.ts';

const DAY_S = 86_400;

/** What the export reads of a progress record (progress_record columns). */
export type ProgressRow = {
  cardId: string;
  easeFactor: number;
  /** Seconds. */
  interval: number;
  dueDate: Date | null;
  isSuspended: boolean;
  stability: number | null;
  difficulty: number | null;
  learningState: 'new' | 'learning' | 'review' | 'relearning' | null;
  reps: number | null;
  lapses: number | null;
};

/** What the export reads of a rated review (review_log). */
export type ReviewRow = {
  cardId: string;
  rating: number;
  reviewedAt: Date;
  /** Seconds after the review (the record it left). */
  interval: number;
  easeFactor: number;
  /** The state before (null: new). */
  before: { interval: number; learningState?: string | null } | null;
  durationMs: number | null;
};

/** A review as export-repository.ts `reviewPages` sends it: the review_log columns, raw. */
type ReviewTuple = [
  cardId: string,
  rating: number,
  reviewedAtMs: number,
  interval: string | null,
  easeFactor: string | null,
  stateBefore: { interval?: number; learningState?: string | null } | null,
  durationMs: number | null,
];

/** The reviews of one of `reviewPages` texts (read in the export's thread). */
export function reviewRows(json: string): ReviewRow[] {
  return (JSON.parse(json) as ReviewTuple[]).map(
    ([cardId, rating, at, interval, ease, before, duration]) => ({
      cardId,
      rating: Number(rating),
      reviewedAt: new Date(Number(at)),
      interval: Number(interval ?? 0) || 0,
      easeFactor: Number(ease ?? 2.5) || 2.5,
      before: before
        ? { interval: Number(before.interval ?? 0) || 0, learningState: before.learningState ?? null }
        : null,
      durationMs: duration === null ? null : Number(duration),
    }),
  );
}

const dayStart = (secs: number) => secs - (((secs % DAY_S) + DAY_S) % DAY_S);

/** The collection's creation: the day of the earliest due date, or of `now` when that is earlier. */
export function collectionCreated(records: readonly ProgressRow[], now: number): number {
  let min = Math.floor(now / 1000);
  for (const r of records) if (r.dueDate) min = Math.min(min, Math.floor(r.dueDate.getTime() / 1000));
  return dayStart(min);
}

/** The Anki scheduling of a record (null: a card still new and not suspended, exported as new). */
export function ankiScheduling(r: ProgressRow, createdSecs: number): AnkiScheduling | null {
  const memory =
    r.stability !== null && r.difficulty !== null
      ? { stability: r.stability, difficulty: r.difficulty }
      : null;
  const state =
    r.learningState ??
    (r.interval >= DAY_S ? 'review' : r.interval > 0 || r.dueDate !== null ? 'learning' : 'new');
  const base = {
    factor: Math.round(Math.min(10, Math.max(1.3, r.easeFactor)) * 1000),
    reps: r.reps ?? 0,
    lapses: r.lapses ?? 0,
    memory,
  };
  const dueSecs = r.dueDate ? Math.floor(r.dueDate.getTime() / 1000) : null;
  const suspended = (queue: number) => (r.isSuspended ? -1 : queue);
  if (state === 'new' || dueSecs === null)
    return r.isSuspended ? { ...base, type: 0, queue: -1, due: 0, ivl: 0, factor: 0, memory: null } : null;
  if (state === 'review' || (r.interval >= DAY_S && state !== 'learning' && state !== 'relearning'))
    return {
      ...base,
      type: 2,
      queue: suspended(2),
      due: Math.max(0, Math.floor((dueSecs - createdSecs) / DAY_S)),
      ivl: Math.max(1, Math.round(r.interval / DAY_S)),
    };
  // Learning and relearning: due in epoch seconds (queue 1).
  return {
    ...base,
    type: state === 'relearning' ? 3 : 1,
    queue: suspended(1),
    due: dueSecs,
    ivl: state === 'relearning' ? Math.max(1, Math.round(r.interval / DAY_S)) : 0,
  };
}

/** Anki's revlog interval: days, or negative seconds below a day. */
const revlogIvl = (seconds: number) =>
  seconds >= DAY_S ? Math.round(seconds / DAY_S) : -Math.round(seconds);

const REVLOG_TYPE: Record<string, number> = { review: 1, relearning: 2, learning: 0, new: 0 };

/** The revlog of the reviews (ids are review times in ms, made unique). */
export function ankiRevlog(
  reviews: readonly ReviewRow[],
  cardIdOf: (zanCardId: string) => number,
): AnkiReview[] {
  const used = new Set<number>();
  return [...reviews]
    .sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime())
    .map((r) => {
      let id = r.reviewedAt.getTime();
      while (used.has(id)) id++;
      used.add(id);
      const before = r.before;
      return {
        id,
        cardId: cardIdOf(r.cardId),
        ease: r.rating,
        ivl: revlogIvl(r.interval),
        lastIvl: before ? revlogIvl(before.interval) : 0,
        factor: Math.round(Math.min(10, Math.max(1.3, r.easeFactor)) * 1000),
        time: Math.min(60_000, Math.max(0, r.durationMs ?? 0)),
        type: before
          ? (REVLOG_TYPE[before.learningState ?? (before.interval >= DAY_S ? 'review' : 'learning')] ?? 0)
          : 0,
      };
    });
}
