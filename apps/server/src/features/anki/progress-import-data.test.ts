// The progress import's reader side (issue 38, progress-import-data.ts) and its ops: one pass groups a
// card's reviews however many there are (no copy of a card's list per review), each chunk carries them as
// typed columns, and every op built from the widest values Anki itself takes keeps to the progress
// contract (the upload does not parse the import's ops again).
import { describe, expect, it } from 'vitest';
import { progressOpSchema } from '@zan/core';
import type { AnkiCard, AnkiPackage, AnkiReview } from './model.ts';
import { ankiProgressChunks } from './progress-import-data.ts';
import { ankiOpBatches, emptySummary, summarize } from './progress-import-ops.ts';
import type { AnkiMatchRow } from './progress-import-repository.ts';

const AT = Date.UTC(2025, 0, 1);
const DAY = 86_400_000;

const pkgOf = (
  cards: AnkiCard[],
  revlog: AnkiReview[],
  createdSecs = (AT - 400 * DAY) / 1000,
): AnkiPackage => ({
  format: 'legacy2',
  createdSecs,
  notetypes: [],
  decks: [],
  notes: [],
  cards,
  revlog,
  media: [],
  missingMedia: [],
  refusedMedia: [],
});
const cardOf = (id: number, s: Partial<AnkiCard['scheduling']> = {}): AnkiCard => ({
  id,
  noteId: 1000 + id,
  deckId: 1,
  ord: 0,
  scheduling: { type: 2, queue: 2, due: 410, ivl: 21, factor: 2500, reps: 3, lapses: 0, memory: null, ...s },
});
const reviewOf = (cardId: number, id: number, r: Partial<AnkiReview> = {}): AnkiReview => ({
  id,
  cardId,
  ease: 3,
  ivl: 4,
  lastIvl: 1,
  factor: 2500,
  time: 1000,
  type: 1,
  ...r,
});
const matchOf = (c: AnkiCard): [string, AnkiMatchRow[]] => [
  `${c.noteId}:${c.ord}`,
  [
    {
      cardId: `zan-${c.id}`,
      deckId: 'deck',
      subjectId: 'subject',
      ankiNoteId: String(c.noteId),
      ankiOrd: c.ord,
    },
  ],
];

describe('ankiProgressChunks', () => {
  it('groups 200,000 reviews of one card in one pass, in time order, as columns in bounded chunks', () => {
    const cards = [cardOf(1), cardOf(2)];
    // The log in id order, the two cards' reviews interleaved; one in the future is left out.
    const revlog = Array.from({ length: 200_001 }, (_, i) =>
      reviewOf(i % 50_000 === 7 ? 2 : 1, AT - 300 * DAY + i * 60_000),
    );
    revlog.push(reviewOf(1, AT + 1));
    const chunks = [...ankiProgressChunks(pkgOf(cards, revlog), AT)];
    // A chunk ends once it holds enough reviews: the long card's chunk is its own.
    expect(chunks.map((c) => c.cards.map((card) => card.id))).toEqual([[1], [2]]);
    const [first, second] = chunks;
    expect(first!.reviews.at).toBeInstanceOf(Float64Array);
    const one = first!.cards[0]!;
    const two = second!.cards[0]!;
    expect(two.carry!.to - two.carry!.from).toBe(4);
    expect(one.carry!.to - one.carry!.from).toBe(200_001 - 4);
    const at = first!.reviews.at.subarray(one.carry!.from, one.carry!.to);
    expect(at.every((t, i) => i === 0 || t > at[i - 1]!)).toBe(true);
    expect(one.carry!.state.lastReview).toBe(revlog[200_000]!.id);
  });

  it('a chunk holds a bounded number of cards: a collection of 5,000 cards comes in several', () => {
    const cards = Array.from({ length: 5000 }, (_, i) => cardOf(i + 1));
    const chunks = [...ankiProgressChunks(pkgOf(cards, []), AT)];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.reduce((n, c) => n + c.cards.length, 0)).toBe(5000);
  });

  it('every op built from the widest values Anki itself takes keeps to the progress contract', () => {
    const U32 = 2 ** 32 - 1;
    const cards = [
      cardOf(1, { factor: 65_535, ivl: U32, reps: U32, lapses: U32, due: 100_000 }),
      cardOf(2, {
        type: 1,
        queue: 1,
        due: 2 ** 31 - 1,
        ivl: 0,
        factor: 0,
        memory: { stability: 1e300, difficulty: -5 },
      }),
      cardOf(3, { type: 3, queue: 3, due: -100_000, memory: { stability: 1e-9, difficulty: 99 } }),
      cardOf(4, { type: 0, queue: -1, due: 2 ** 31 - 1, ivl: 0, factor: 0 }),
    ];
    const revlog = [
      reviewOf(1, 1, { ivl: -(2 ** 31), factor: U32, type: 0, ease: 1 }),
      reviewOf(1, 2, { ivl: 2 ** 31 - 1, factor: 0, type: 3, ease: 4 }),
      reviewOf(2, 3, { ease: 0, type: 4 }),
      reviewOf(2, AT - 1, { ease: 2, type: 5 }),
      reviewOf(3, AT - 2, { ease: 2, type: 2, factor: 100 }),
    ];
    const chunks = [...ankiProgressChunks(pkgOf(cards, revlog), AT)];
    const matches = new Map(cards.map(matchOf));
    const summary = emptySummary();
    for (const c of chunks) summarize(summary, c, matches);
    expect(summary).toMatchObject({ matched: 4, cards: 4, reviews: 3, problem: null });
    const ops = [...ankiOpBatches(chunks, matches, AT, 2)].flat();
    expect(ops).toHaveLength(3 + 4);
    for (const op of ops) expect(progressOpSchema.safeParse(op).error, op.opId).toBeUndefined();
  });

  it('names the first value out of Anki’s ranges, its card and, for a review, its time', () => {
    const cards = [cardOf(1), cardOf(2, { ivl: -1 }), cardOf(3)];
    const revlog = [reviewOf(3, AT - DAY, { ease: 9 })];
    const chunks = [...ankiProgressChunks(pkgOf(cards, revlog), AT)];
    const problems = chunks.flatMap((c) => c.cards.map((card) => card.problem));
    expect(problems).toEqual([
      null,
      { card: 2, field: 'ivl', value: -1, review: null },
      { card: 3, field: 'ease', value: 9, review: AT - DAY },
    ]);
    // A due that is no date (a day number −2,000,000,000 from the collection's creation).
    const [far] = [...ankiProgressChunks(pkgOf([cardOf(1, { due: -2_000_000_000 })], []), AT)];
    expect(far!.cards[0]!.problem).toMatchObject({ field: 'due', value: -2_000_000_000 });
  });
});
