// A student's Anki scheduling as progress ops (issue 20 'Import Anki progress'): each matched card's
// Anki reviews become rated upserts at their own times (the review log: stats, retention, the
// optimizer), then one unrated upsert ('set', as a suspend is) at the import's time carries the card's
// state as Anki has it — FSRS memory from the card's data, else interval, ease and due date; suspended
// stays suspended. They go through the ordinary upload (progress-service.ts push): the record is the
// replay of the card's whole history, so a device's own reviews made after the import still apply on
// top, earlier ones lose to it, and every device pulls the result like any other progress.
import type { AnkiCard, AnkiPackage, AnkiReview, AnkiScheduling } from './model.ts';
import type { LearningState, ProgressOp, ProgressRecordDto } from '@zan/core';
import type { AnkiMatchRow } from './progress-import-repository.ts';

const DAY_S = 86_400;
/** The device the import's ops are stamped with (never a real device's id, which is a UUID). */
export const ANKI_IMPORT_DEVICE = 'anki-progress-import';

const ease = (factor: number) => (factor > 0 ? Math.min(10, Math.max(1.3, factor / 1000)) : 2.5);
const seconds = (ivl: number) => Math.min(2_000_000_000, ivl >= 0 ? ivl * DAY_S : -ivl);

/** A learning card's due: epoch seconds (queue 1), a day number (queue 3, day learning). */
function dueMs(s: AnkiScheduling, createdSecs: number): number | null {
  if (s.type === 0) return null;
  if (s.type === 2 || s.queue === 3 || s.due < 1_000_000_000) return (createdSecs + s.due * DAY_S) * 1000;
  return s.due * 1000;
}

const LEARNING: Record<number, LearningState> = { 0: 'new', 1: 'learning', 2: 'review', 3: 'relearning' };

type Meta = Pick<ProgressRecordDto, 'itemId' | 'type' | 'cardId' | 'questionId' | 'subjectId' | 'deckId'>;
const metaOf = (m: AnkiMatchRow): Meta => ({
  itemId: m.cardId,
  type: 'flashcard',
  cardId: m.cardId,
  questionId: null,
  subjectId: m.subjectId,
  deckId: m.deckId,
});

/** The record a card's Anki scheduling becomes. */
export function ankiRecord(
  meta: Meta,
  s: AnkiScheduling,
  createdSecs: number,
  at: number,
  lastReview: number | null,
): ProgressRecordDto {
  const due = dueMs(s, createdSecs);
  return {
    ...meta,
    easeFactor: ease(s.factor),
    interval: s.type === 0 || s.type === 1 ? 0 : seconds(s.ivl),
    dueDate: due,
    isSuspended: s.queue === -1,
    reviewedAt: at,
    learningState: LEARNING[s.type] ?? 'review',
    ...(s.type === 1 || s.type === 3 ? { learningStep: 0 } : {}),
    stability: s.memory ? Math.min(1_000_000, Math.max(0, s.memory.stability)) : null,
    difficulty: s.memory ? Math.min(11, Math.max(0, s.memory.difficulty)) : null,
    lastReview,
    reps: Math.max(0, s.reps),
    lapses: Math.max(0, s.lapses),
  };
}

/** One Anki review as the rated upsert it becomes (null: a manual reschedule, no rating). */
function reviewOp(meta: Meta, r: AnkiReview): ProgressOp | null {
  if (r.ease < 1 || r.ease > 4 || r.type > 3) return null;
  const interval = seconds(r.ivl);
  return {
    opId: `anki:${r.id}:${meta.itemId}`,
    kind: 'upsert',
    rating: r.ease,
    record: {
      ...meta,
      easeFactor: ease(r.factor),
      interval,
      dueDate: r.id + interval * 1000,
      isSuspended: false,
      reviewedAt: r.id,
      learningState: r.type === 0 ? 'learning' : r.type === 2 ? 'relearning' : 'review',
    },
  };
}

export type AnkiProgressPlan = {
  ops: ProgressOp[];
  matched: number;
  unmatched: number;
  cards: number;
  reviews: number;
};

/** The ops of one import at `at` (epoch ms) and what it matched. */
export function ankiProgressPlan(
  pkg: AnkiPackage,
  matches: readonly AnkiMatchRow[],
  at: number,
): AnkiProgressPlan {
  const byKey = new Map<string, AnkiMatchRow[]>();
  for (const m of matches) {
    const k = `${m.ankiNoteId}:${m.ankiOrd}`;
    byKey.set(k, [...(byKey.get(k) ?? []), m]);
  }
  const reviews = new Map<number, AnkiReview[]>();
  for (const r of pkg.revlog) reviews.set(r.cardId, [...(reviews.get(r.cardId) ?? []), r]);
  const ops: ProgressOp[] = [];
  let matched = 0;
  let cards = 0;
  let reviewCount = 0;
  for (const card of pkg.cards as readonly AnkiCard[]) {
    const zan = byKey.get(`${card.noteId}:${card.ord}`);
    if (!zan) continue;
    matched++;
    const history = (reviews.get(card.id) ?? [])
      .filter((r) => r.id > 0 && r.id < at)
      .sort((a, b) => a.id - b.id);
    const s = card.scheduling;
    // A new card never studied and not suspended carries nothing to take.
    if (s.type === 0 && s.queue !== -1 && !history.length) continue;
    for (const m of zan) {
      cards++;
      const meta = metaOf(m);
      for (const r of history) {
        const op = reviewOp(meta, r);
        if (op) {
          ops.push(op);
          reviewCount++;
        }
      }
      const last = history[history.length - 1]?.id ?? null;
      ops.push({
        opId: `anki-set:${at}:${m.cardId}`,
        kind: 'upsert',
        rating: null,
        record: ankiRecord(meta, s, pkg.createdSecs, at, last),
      });
    }
  }
  return { ops, matched, unmatched: pkg.cards.length - matched, cards, reviews: reviewCount };
}
