// Issue 19: the question bank's rules — pools, building a block, taking it on the wall clock, scoring,
// review filters, peer figures and item statistics, performance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockCounts,
  buildBlock,
  checkAnswer,
  choose,
  deadlineOf,
  endBlock,
  goTo,
  itemStatistics,
  peerFigures,
  performanceOf,
  poolOf,
  QBANK,
  questionHistory,
  remainingMs,
  resume,
  reviewIndexes,
  scoreBlock,
  settle,
  toggleFlag,
  toggleStrike,
  type BankQuestion,
  type QbankBlock,
  type QbankPool,
} from './qbank.ts';
import { qbankBlockSchema } from './schemas/qbank.ts';

const T0 = Date.UTC(2026, 10, 26, 9);
const bank: BankQuestion[] = Array.from({ length: 10 }, (_, i) => ({
  id: `q${i}`,
  subjectId: i < 5 ? 'cardio' : 'renal',
  topicId: `t${Math.floor(i / 3)}`,
  optionCount: 5,
}));
/** A seeded random source (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const block = (over: Partial<Parameters<typeof buildBlock>[0]> = {}): QbankBlock => {
  const b = buildBlock({
    id: 'b1',
    questions: bank,
    history: new Map(),
    pools: ['all'],
    count: 4,
    mode: 'tutor',
    secondsPerQuestion: 90,
    shuffleOptions: true,
    now: T0,
    random: seeded(1),
    ...over,
  });
  if (!b) throw new Error('empty pool');
  return b;
};
const keys = (k: Record<string, number>) => (id: string) => k[id] ?? 1;

describe('pools', () => {
  it('reads unused, incorrect, omitted and flagged from blocks and latest answers', () => {
    const earlier: QbankBlock = {
      ...block({ count: 3, shuffleOptions: false, random: () => 0 }),
      endedAt: T0 + 1000,
    };
    const [a, b, c] = earlier.questions.map((q) => q.questionId);
    const ended: QbankBlock = {
      ...earlier,
      questions: earlier.questions.map((q) => (q.questionId === a ? { ...q, answer: 2, flagged: true } : q)),
    };
    // a answered wrong (latest answer), b never answered (omitted), c answered later in the quiz player.
    const h = questionHistory(
      [ended],
      new Map([
        [a!, false],
        [c!, true],
        ['q9', true],
      ]),
    );
    const ids = (pools: QbankPool[]) => poolOf(bank, h, pools).map((q) => q.id);
    expect(ids(['incorrect'])).toEqual([a]);
    expect(ids(['omitted'])).toEqual([b]);
    expect(ids(['flagged'])).toEqual([a]);
    expect(ids(['unused'])).toEqual(bank.map((q) => q.id).filter((id) => ![a, b, c, 'q9'].includes(id)));
    expect(ids(['incorrect', 'omitted']).sort()).toEqual([a, b].sort());
    expect(ids(['all'])).toHaveLength(bank.length);
  });

  it('an empty pool builds nothing; more than the pool gives the pool; at most 100', () => {
    const all = new Map(
      bank.map((q) => [q.id, { shown: true, lastCorrect: true, omitted: false, flagged: false }]),
    );
    expect(buildBlock({ ...baseInput(), history: all, pools: ['unused'] })).toBeNull();
    expect(block({ count: 50 }).questions).toHaveLength(10);
    const big = Array.from({ length: 300 }, (_, i) => ({ ...bank[0]!, id: `x${i}` }));
    expect(block({ questions: big, count: 1000 }).questions).toHaveLength(QBANK.maxQuestions);
  });

  it('shuffles options as a permutation of the filled ones, or keeps their order', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 5 }), (seed, n) => {
        const b = block({ questions: [{ ...bank[0]!, optionCount: n }], random: seeded(seed) });
        expect([...b.questions[0]!.order].sort()).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      }),
    );
    expect(block({ shuffleOptions: false }).questions[0]!.order).toEqual([1, 2, 3, 4, 5]);
  });
});

function baseInput() {
  return {
    id: 'b',
    questions: bank,
    history: new Map(),
    pools: ['all'] as QbankPool[],
    count: 4,
    mode: 'tutor' as const,
    secondsPerQuestion: 90,
    shuffleOptions: false,
    now: T0,
    random: seeded(3),
  };
}

describe('taking a block', () => {
  it('tutor: choose, check locks the answer; strike greys an option and clears it when chosen', () => {
    let b = block();
    expect(checkAnswer(b, T0)).toBe(b); // nothing chosen
    b = choose(b, 3, T0 + 1);
    expect(b.questions[0]!.answer).toBe(3);
    b = toggleStrike(b, 3, T0 + 2);
    expect(b.questions[0]).toMatchObject({ answer: null, struck: [3] });
    expect(choose(b, 3, T0 + 3)).toBe(b); // a struck option cannot be chosen
    b = toggleStrike(b, 3, T0 + 3);
    b = checkAnswer(choose(b, 4, T0 + 4), T0 + 5);
    expect(b.questions[0]).toMatchObject({ answer: 4, checked: true, struck: [] });
    expect(choose(b, 1, T0 + 6)).toBe(b); // locked
    expect(b.updatedAt).toBe(T0 + 5);
  });

  it('timed: nothing is checked; the block ends by itself at its deadline on the wall clock', () => {
    let b = block({ mode: 'timed', secondsPerQuestion: 60 });
    expect(deadlineOf(b)).toBe(T0 + 4 * 60_000);
    expect(checkAnswer(choose(b, 1, T0), T0)).toMatchObject({ questions: [{ checked: false }, {}, {}, {}] });
    b = choose(b, 1, T0 + 1000);
    expect(remainingMs(b, T0 + 60_000)).toBe(180_000);
    // The app was closed; it is opened after the deadline: ended at the deadline, the rest omitted.
    const later = resume(b, T0 + 3_600_000);
    expect(later.endedAt).toBe(T0 + 240_000);
    expect(remainingMs(later, T0 + 3_600_000)).toBe(0);
    expect(blockCounts(later)).toEqual({ answered: 1, unanswered: 3, flagged: 0 });
    expect(choose(later, 2, T0 + 3_600_001)).toBe(later);
    expect(settle(b, T0 + 239_999)).toBe(b);
  });

  it('records the time on each question, at most the visit cap per look', () => {
    let b = block();
    b = goTo(b, 2, T0 + 30_000);
    b = goTo(b, 0, T0 + 45_000);
    b = toggleFlag(b, T0 + 46_000);
    b = endBlock(b, T0 + 60_000 + QBANK.visitCapMs * 5);
    expect(b.questions.map((q) => q.timeMs)).toEqual([30_000 + QBANK.visitCapMs, 0, 15_000, 0]);
    expect(b.questions[0]!.flagged).toBe(true);
    expect(endBlock(b, T0 + 1e9)).toBe(b);
  });

  it('scores by the option, not its letter, and filters the review', () => {
    let b = block({ count: 4 });
    const [q0, q1, q2] = b.questions.map((q) => q.questionId) as [string, string, string];
    const key = keys({ [q0]: 2, [q1]: 5, [q2]: 1 });
    b = choose(b, 2, T0);
    b = toggleFlag(goTo(b, 1, T0 + 1), T0 + 2);
    b = choose(b, 4, T0 + 3);
    b = endBlock(b, T0 + 4);
    expect(scoreBlock(b, key)).toMatchObject({
      total: 4,
      correct: 1,
      incorrect: 1,
      omitted: 2,
      flagged: 1,
      percent: 25,
    });
    expect(reviewIndexes(b, 'incorrect', key)).toEqual([1]);
    expect(reviewIndexes(b, 'flagged', key)).toEqual([1]);
    expect(reviewIndexes(b, 'omitted', key)).toEqual([2, 3]);
    expect(reviewIndexes(b, 'all', key)).toEqual([0, 1, 2, 3]);
  });
});

describe('how everyone answered', () => {
  it('shows peer figures only from 20 students, with a difficulty label', () => {
    const agg = { students: 19, correct: 10, options: [10, 5, 4, 0, 0], computedAt: T0 };
    expect(peerFigures(agg)).toEqual({ kind: 'few', students: 19 });
    expect(peerFigures(undefined)).toEqual({ kind: 'few', students: 0 });
    expect(peerFigures({ ...agg, students: 20, options: [10, 5, 4, 1, 0] })).toEqual({
      kind: 'figures',
      students: 20,
      percentCorrect: 50,
      optionPercents: [50, 25, 20, 5, 0],
      difficulty: 'Medium',
      computedAt: T0,
    });
    expect(peerFigures({ ...agg, students: 20, correct: 14 })).toMatchObject({ difficulty: 'Easy' });
    expect(peerFigures({ ...agg, students: 20, correct: 7 })).toMatchObject({ difficulty: 'Hard' });
  });

  it('item statistics: discrimination from the top and bottom groups, a mis-keyed warning', () => {
    // The strong students choose the key (1), the weak ones option 2.
    const good = Array.from({ length: 20 }, (_, i) => ({ option: i < 10 ? 2 : 1, restScore: i / 20 }));
    expect(itemStatistics(good, 1)).toMatchObject({
      answers: 20,
      percentCorrect: 50,
      optionCounts: [10, 10, 0, 0, 0],
      discrimination: 1,
      possiblyMiskeyed: false,
    });
    // Most students, strong ones above all, choose option 3 over the key 1: probably mis-keyed.
    const miskeyed = Array.from({ length: 20 }, (_, i) => ({ option: i < 6 ? 1 : 3, restScore: i / 20 }));
    const s = itemStatistics(miskeyed, 1);
    expect(s.possiblyMiskeyed).toBe(true);
    expect(s.discrimination).toBeLessThan(0);
    expect(itemStatistics(good.slice(0, 9), 1).discrimination).toBeNull();
  });
});

describe('performance', () => {
  it('per subject and topic, latest answer per question, weakest first, never answered last', () => {
    const h = questionHistory(
      [],
      new Map([
        ['q0', true],
        ['q1', false],
        ['q5', false],
        ['q6', false],
        ['q7', true],
      ]),
    );
    const { subjects, topics } = performanceOf(bank, h);
    expect(subjects).toEqual([
      { id: 'renal', questions: 5, answered: 3, correct: 1, percent: 33, unused: 2 },
      { id: 'cardio', questions: 5, answered: 2, correct: 1, percent: 50, unused: 3 },
    ]);
    expect(topics.map((t) => [t.id, t.percent])).toEqual([
      ['t1', 0],
      ['t0', 50],
      ['t2', 50],
      ['t3', null],
    ]);
  });
});

describe('the block on the wire', () => {
  it('a built, taken and ended block passes its schema; a broken one does not', () => {
    let b = block({ id: '6f1c2a4e-2b1d-4c3e-9f00-1234567890ab' });
    b = endBlock(toggleStrike(choose(b, 2, T0 + 1), 3, T0 + 2), T0 + 3);
    expect(qbankBlockSchema.parse(b)).toEqual(b);
    expect(qbankBlockSchema.safeParse({ ...b, current: 9 }).success).toBe(false);
    const q = b.questions[0]!;
    expect(qbankBlockSchema.safeParse({ ...b, questions: [{ ...q, order: [1, 1, 2] }] }).success).toBe(false);
    expect(qbankBlockSchema.safeParse({ ...b, questions: [q, q] }).success).toBe(false);
  });
});
