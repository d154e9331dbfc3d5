// A student's Anki scheduling as progress ops (issue 20 'Import Anki progress'): each matched card's
// Anki reviews become rated upserts at their own times (the review log: stats, retention, the
// optimizer), then one unrated upsert ('set', as a suspend is) at the import's time carries the card's
// state as Anki has it — FSRS memory from the card's data, else interval, ease and due date; suspended
// stays suspended. They go through the progress upload (progress-service.ts): the record is the replay
// of the card's whole history, so a device's own reviews made after the import still apply on top,
// earlier ones lose to it, and every device pulls the result like any other progress. Issue 38: built
// from the reader's checked chunks (progress-import-data.ts) a batch at a time, never all at once.
import type { ProgressOp, ProgressRecordDto } from '@zan/core';
import {
  REVIEW_LEARNING,
  type AnkiProgressCard,
  type AnkiProgressChunk,
  type AnkiProgressProblem,
} from './progress-import-data.ts';
import type { AnkiMatchRow } from './progress-import-repository.ts';

/** The device the import's ops are stamped with (never a real device's id, which is a UUID). */
export const ANKI_IMPORT_DEVICE = 'anki-progress-import';

/** The Zan cards of each Anki (note id, ordinal). */
export type AnkiMatches = ReadonlyMap<string, readonly AnkiMatchRow[]>;
export const ankiKey = (c: { noteId: number | string; ord: number }) => `${c.noteId}:${c.ord}`;

type Meta = Pick<ProgressRecordDto, 'itemId' | 'type' | 'cardId' | 'questionId' | 'subjectId' | 'deckId'>;
const metaOf = (m: AnkiMatchRow): Meta => ({
  itemId: m.cardId,
  type: 'flashcard',
  cardId: m.cardId,
  questionId: null,
  subjectId: m.subjectId,
  deckId: m.deckId,
});

/** What one import matched and takes; the first value out of Anki's ranges among the matched cards. */
export type AnkiProgressSummary = {
  matched: number;
  unmatched: number;
  cards: number;
  reviews: number;
  problem: AnkiProgressProblem | null;
};

export const emptySummary = (): AnkiProgressSummary => ({
  matched: 0,
  unmatched: 0,
  cards: 0,
  reviews: 0,
  problem: null,
});

/** Adds a chunk's cards to the summary (one pass over its cards, never over their reviews). */
export function summarize(s: AnkiProgressSummary, chunk: AnkiProgressChunk, matches: AnkiMatches): void {
  for (const c of chunk.cards) {
    const zan = matches.get(ankiKey(c));
    if (!zan) {
      s.unmatched++;
      continue;
    }
    s.matched++;
    if (c.problem) s.problem ??= c.problem;
    if (!c.carry) continue;
    s.cards += zan.length;
    s.reviews += zan.length * (c.carry.to - c.carry.from);
  }
}

function* cardOps(
  c: AnkiProgressCard,
  r: AnkiProgressChunk['reviews'],
  zan: readonly AnkiMatchRow[],
  at: number,
): Generator<ProgressOp> {
  if (!c.carry) return;
  for (const m of zan) {
    const meta = metaOf(m);
    for (let i = c.carry.from; i < c.carry.to; i++) {
      const reviewedAt = r.at[i]!;
      const interval = r.interval[i]!;
      yield {
        opId: `anki:${reviewedAt}:${meta.itemId}`,
        kind: 'upsert',
        rating: r.rating[i]!,
        record: {
          ...meta,
          easeFactor: r.ease[i]!,
          interval,
          dueDate: reviewedAt + interval * 1000,
          isSuspended: false,
          reviewedAt,
          learningState: REVIEW_LEARNING[r.learning[i]!] ?? 'review',
        },
      };
    }
    yield {
      opId: `anki-set:${at}:${m.cardId}`,
      kind: 'upsert',
      rating: null,
      record: { ...meta, ...c.carry.state },
    };
  }
}

/** The import's ops at `at` (epoch ms), in batches of at most `size`, built as they are taken. */
export function* ankiOpBatches(
  chunks: readonly AnkiProgressChunk[],
  matches: AnkiMatches,
  at: number,
  size: number,
): Generator<ProgressOp[]> {
  let batch: ProgressOp[] = [];
  for (const chunk of chunks)
    for (const c of chunk.cards) {
      const zan = matches.get(ankiKey(c));
      if (!zan) continue;
      for (const op of cardOps(c, chunk.reviews, zan, at)) {
        batch.push(op);
        if (batch.length >= size) {
          yield batch;
          batch = [];
        }
      }
    }
  if (batch.length) yield batch;
}
