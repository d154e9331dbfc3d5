// The part of 'Import Anki progress' that runs where the package is read (read-package-worker.ts, issue
// 38): each card's scheduling and reviews are checked against the ranges Anki itself uses and turned into
// the values a progress record takes, the review log grouped per card in one pass — so the event loop gets
// compact chunks (the reviews as typed columns) and does no O(reviews) planning of its own.
import {
  EPOCH_MS_MAX,
  EPOCH_MS_MIN,
  INT32_MAX,
  type AnkiProgressField,
  type LearningState,
  type ProgressRecordDto,
} from '@zan/core';
import type { AnkiCard, AnkiPackage, AnkiReview, AnkiScheduling } from './model.ts';

/** A value outside Anki's ranges: the import is refused, naming it, when the card matched. */
export type AnkiProgressProblem = {
  readonly card: number;
  readonly field: AnkiProgressField;
  readonly value: number;
  /** The review's time (epoch ms) when the value is a review's. */
  readonly review: number | null;
};

/** What the card's unrated upsert carries (a record without the Zan ids). */
type AnkiCardState = Omit<
  ProgressRecordDto,
  'itemId' | 'type' | 'cardId' | 'questionId' | 'subjectId' | 'deckId'
>;

export type AnkiProgressCard = {
  readonly id: number;
  readonly noteId: number;
  readonly ord: number;
  /** null: a new card never studied nor suspended, nothing to take (it still counts as matched). */
  readonly carry: {
    readonly state: AnkiCardState;
    /** Its rated reviews: [from, to) of the chunk's columns. */
    readonly from: number;
    readonly to: number;
  } | null;
  readonly problem: AnkiProgressProblem | null;
};

/** Rated reviews in time order, one index per review (`learning`: 0 learning, 1 review, 2 relearning). */
type AnkiReviewColumns = {
  readonly at: Float64Array;
  readonly rating: Uint8Array;
  readonly ease: Float64Array;
  readonly interval: Int32Array;
  readonly learning: Uint8Array;
};

export type AnkiProgressChunk = { readonly cards: AnkiProgressCard[]; readonly reviews: AnkiReviewColumns };

export const REVIEW_LEARNING: readonly LearningState[] = ['learning', 'review', 'relearning'];
const CARD_LEARNING: Record<number, LearningState> = {
  0: 'new',
  1: 'learning',
  2: 'review',
  3: 'relearning',
};
const DAY_S = 86_400;
/** A chunk holds about this many cards and reviews (each chunk is one short message to the server). */
const CHUNK_CARDS = 2000;
const CHUNK_REVIEWS = 50_000;

/** Anki's widths (rslib's card and revlog types): what its own reader takes. */
const int = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;
const I32: [number, number] = [-(2 ** 31), 2 ** 31 - 1];
const U32: [number, number] = [0, 2 ** 32 - 1];

const ease = (factor: number) => (factor > 0 ? Math.min(10, Math.max(1.3, factor / 1000)) : 2.5);
/** Anki's interval: days, or (negative, a learning step in the review log) seconds. */
const seconds = (ivl: number) => Math.min(2_000_000_000, ivl >= 0 ? ivl * DAY_S : -ivl);

/** A card's due as epoch ms: learning cards (queue 1) keep epoch seconds, the others a day number. */
function dueMs(s: AnkiScheduling, createdSecs: number): number | null {
  if (s.type === 0) return null;
  if (s.type === 2 || s.queue === 3 || s.due < 1_000_000_000)
    return Math.round((createdSecs + s.due * DAY_S) * 1000);
  return s.due * 1000;
}
const storable = (ms: number) => Number.isInteger(ms) && ms >= EPOCH_MS_MIN && ms <= EPOCH_MS_MAX;

function cardProblem(id: number, s: AnkiScheduling, due: number | null): AnkiProgressProblem | null {
  const bad = (field: AnkiProgressField, value: number) => ({ card: id, field, value, review: null });
  if (!int(s.type, 0, 3)) return bad('type', s.type);
  if (!int(s.queue, -3, 4)) return bad('queue', s.queue);
  if (!int(s.due, ...I32) || (due !== null && !storable(due))) return bad('due', s.due);
  if (!int(s.ivl, ...U32)) return bad('ivl', s.ivl);
  if (!int(s.factor, 0, 65_535)) return bad('factor', s.factor);
  if (!int(s.reps, ...U32)) return bad('reps', s.reps);
  if (!int(s.lapses, ...U32)) return bad('lapses', s.lapses);
  return null;
}

function reviewProblem(card: number, r: AnkiReview): AnkiProgressProblem | null {
  const bad = (field: AnkiProgressField, value: number) => ({ card, field, value, review: r.id });
  if (!int(r.ease, 0, 4)) return bad('ease', r.ease);
  if (!int(r.type, 0, 5)) return bad('reviewType', r.type);
  if (!int(r.ivl, ...I32)) return bad('ivl', r.ivl);
  if (!int(r.factor, ...U32)) return bad('factor', r.factor);
  return null;
}

/** The card's state as Anki has it, for its unrated upsert at the import's time `at`. */
function stateOf(
  s: AnkiScheduling,
  due: number | null,
  at: number,
  lastReview: number | null,
): AnkiCardState {
  return {
    easeFactor: ease(s.factor),
    interval: s.type === 0 || s.type === 1 ? 0 : seconds(s.ivl),
    dueDate: due,
    isSuspended: s.queue === -1,
    reviewedAt: at,
    learningState: CARD_LEARNING[s.type] ?? 'review',
    ...(s.type === 1 || s.type === 3 ? { learningStep: 0 } : {}),
    stability: s.memory ? Math.min(1_000_000, Math.max(0, s.memory.stability)) : null,
    difficulty: s.memory ? Math.min(11, Math.max(0, s.memory.difficulty)) : null,
    lastReview,
    reps: Math.min(INT32_MAX, s.reps),
    lapses: Math.min(INT32_MAX, s.lapses),
  };
}

/**
 * Every card of the package in its order, in chunks: its reviews before the import's time `at` (epoch
 * ms), checked and grouped by card in one pass over the log (read in id order: each card's stay in order).
 */
export function* ankiProgressChunks(pkg: AnkiPackage, at: number): Generator<AnkiProgressChunk> {
  const byCard = new Map<number, number[]>();
  pkg.revlog.forEach((r, i) => {
    if (r.id <= 0 || r.id >= at) return;
    const list = byCard.get(r.cardId);
    if (list) list.push(i);
    else byCard.set(r.cardId, [i]);
  });
  let cards: AnkiProgressCard[] = [];
  let picked: AnkiReview[] = [];
  const flush = (): AnkiProgressChunk => {
    const n = picked.length;
    const reviews = {
      at: new Float64Array(n),
      rating: new Uint8Array(n),
      ease: new Float64Array(n),
      interval: new Int32Array(n),
      learning: new Uint8Array(n),
    };
    picked.forEach((r, i) => {
      reviews.at[i] = r.id;
      reviews.rating[i] = r.ease;
      reviews.ease[i] = ease(r.factor);
      reviews.interval[i] = seconds(r.ivl);
      reviews.learning[i] = r.type === 0 ? 0 : r.type === 2 ? 2 : 1;
    });
    const chunk = { cards, reviews };
    cards = [];
    picked = [];
    return chunk;
  };
  for (const card of pkg.cards as readonly AnkiCard[]) {
    const history = (byCard.get(card.id) ?? []).map((i) => pkg.revlog[i]!);
    const s = card.scheduling;
    const due = dueMs(s, pkg.createdSecs);
    let problem = cardProblem(card.id, s, due);
    for (let i = 0; i < history.length && !problem; i++) problem = reviewProblem(card.id, history[i]!);
    // A new card never studied and not suspended carries nothing to take.
    const idle = s.type === 0 && s.queue !== -1 && !history.length;
    const from = picked.length;
    // A manual reschedule (answer 0) or a rescheduled entry (types 4, 5) is no rating.
    if (!problem && !idle) for (const r of history) if (r.ease >= 1 && r.type <= 3) picked.push(r);
    const last = history[history.length - 1]?.id ?? null;
    cards.push({
      id: card.id,
      noteId: card.noteId,
      ord: card.ord,
      carry: problem || idle ? null : { state: stateOf(s, due, at, last), from, to: picked.length },
      problem,
    });
    if (cards.length >= CHUNK_CARDS || picked.length >= CHUNK_REVIEWS) yield flush();
  }
  if (cards.length) yield flush();
}
