// The question bank (issue 19): a block of questions built from the student's pools, taken in tutor or
// timed mode (the countdown on the wall clock), scored and reviewed, performance per subject and topic,
// and how everyone answered (peer figures for students, item statistics for admins). Pure: callers pass
// `now` and `random`, so every rule is testable; blocks are values, each change returns a new one.

export const QBANK = {
  maxQuestions: 100,
  defaultSecondsPerQuestion: 90,
  minSecondsPerQuestion: 10,
  maxSecondsPerQuestion: 600,
  /** Peer figures show from this many distinct students on. */
  peerMinStudents: 20,
  /** One look at a question counts at most this long (a block left open overnight is not 8 hours). */
  visitCapMs: 10 * 60_000,
} as const;

export const QBANK_MODES = ['tutor', 'timed'] as const;
export type QbankMode = (typeof QBANK_MODES)[number];
export const QBANK_POOLS = ['unused', 'incorrect', 'omitted', 'flagged', 'all'] as const;
export type QbankPool = (typeof QBANK_POOLS)[number];
export const QBANK_FILTERS = ['all', 'incorrect', 'flagged', 'omitted'] as const;
export type QbankFilter = (typeof QBANK_FILTERS)[number];

/**
 * One question of a block as the student met it. Options are kept by their number in the question
 * (1–5): `order` lists them as shown, so the key, strike-outs and every statistic follow the option,
 * not its letter.
 */
export type BlockQuestion = {
  readonly questionId: string;
  readonly subjectId: string;
  readonly topicId: string;
  readonly order: readonly number[];
  /** The chosen option's number in the question, or null. */
  readonly answer: number | null;
  /** Tutor mode: the answer is locked and revealed. */
  readonly checked: boolean;
  readonly flagged: boolean;
  /** Numbers of the options struck out. */
  readonly struck: readonly number[];
  readonly timeMs: number;
};

export type QbankBlock = {
  readonly id: string;
  readonly mode: QbankMode;
  /** Timed mode: the block lasts secondsPerQuestion × questions, from startedAt, on the wall clock. */
  readonly secondsPerQuestion: number;
  readonly startedAt: number;
  readonly endedAt: number | null;
  readonly current: number;
  /** When the current question was shown (its time is added when the student leaves it); null once ended. */
  readonly shownAt: number | null;
  readonly questions: readonly BlockQuestion[];
  /** Last change (epoch ms): between devices the later copy of a block wins. */
  readonly updatedAt: number;
};

/** A question of the student's visible content, as the builder needs it. */
export type BankQuestion = {
  readonly id: string;
  readonly subjectId: string;
  readonly topicId: string;
  /** Options filled (2–5): options 1..optionCount. */
  readonly optionCount: number;
};

/** What the student has done with a question so far (the pools read it). */
export type QuestionHistory = {
  /** Ever shown: in a block, or answered in the quiz player. */
  readonly shown: boolean;
  /** Whether the latest answer (quiz player or block) was correct; null: never answered. */
  readonly lastCorrect: boolean | null;
  /** Shown in an ended block and never answered anywhere. */
  readonly omitted: boolean;
  /** Flagged in any earlier block. */
  readonly flagged: boolean;
};

const NEVER: QuestionHistory = { shown: false, lastCorrect: null, omitted: false, flagged: false };

/**
 * Each question's history from the student's blocks and their latest answers (questionId → correct,
 * from the MCQ progress both players write).
 */
export function questionHistory(
  blocks: readonly QbankBlock[],
  lastCorrect: ReadonlyMap<string, boolean>,
): Map<string, QuestionHistory> {
  const out = new Map<string, QuestionHistory>();
  for (const [id, correct] of lastCorrect) out.set(id, { ...NEVER, shown: true, lastCorrect: correct });
  for (const b of blocks)
    for (const q of b.questions) {
      const h = out.get(q.questionId) ?? NEVER;
      out.set(q.questionId, {
        shown: true,
        lastCorrect: h.lastCorrect,
        omitted: h.lastCorrect === null && (h.omitted || (b.endedAt !== null && q.answer === null)),
        flagged: h.flagged || q.flagged,
      });
    }
  // An answer given after the block (in the quiz player or a later block) ends 'omitted'.
  for (const [id, h] of out) if (h.omitted && h.lastCorrect !== null) out.set(id, { ...h, omitted: false });
  return out;
}

/** Whether a question belongs to a pool. */
export function inPool(h: QuestionHistory | undefined, pool: QbankPool): boolean {
  const x = h ?? NEVER;
  switch (pool) {
    case 'all':
      return true;
    case 'unused':
      return !x.shown;
    case 'incorrect':
      return x.lastCorrect === false;
    case 'omitted':
      return x.omitted;
    case 'flagged':
      return x.flagged;
  }
}

/** The questions in any of the pools ticked (their union), in the order given. */
export function poolOf(
  questions: readonly BankQuestion[],
  history: ReadonlyMap<string, QuestionHistory>,
  pools: readonly QbankPool[],
): BankQuestion[] {
  return questions.filter((q) => pools.some((p) => inPool(history.get(q.id), p)));
}

/** Fisher–Yates with the caller's random source (a copy; the input is left alone). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export type BuildBlockInput = {
  readonly id: string;
  readonly questions: readonly BankQuestion[];
  readonly history: ReadonlyMap<string, QuestionHistory>;
  readonly pools: readonly QbankPool[];
  /** 1–100; more than the pool gives the pool. */
  readonly count: number;
  readonly mode: QbankMode;
  readonly secondsPerQuestion: number;
  readonly shuffleOptions: boolean;
  readonly now: number;
  readonly random: () => number;
};

/** A new block from the chosen pools, or null when the pool is empty (nothing starts). */
export function buildBlock(input: BuildBlockInput): QbankBlock | null {
  const pool = poolOf(input.questions, input.history, input.pools);
  if (pool.length === 0) return null;
  const count = Math.max(1, Math.min(QBANK.maxQuestions, Math.floor(input.count)));
  const picked = shuffled(pool, input.random).slice(0, count);
  return {
    id: input.id,
    mode: input.mode,
    secondsPerQuestion: clampSeconds(input.secondsPerQuestion),
    startedAt: input.now,
    endedAt: null,
    current: 0,
    shownAt: input.now,
    questions: picked.map((q) => {
      const options = Array.from({ length: q.optionCount }, (_, i) => i + 1);
      return {
        questionId: q.id,
        subjectId: q.subjectId,
        topicId: q.topicId,
        order: input.shuffleOptions ? shuffled(options, input.random) : options,
        answer: null,
        checked: false,
        flagged: false,
        struck: [],
        timeMs: 0,
      };
    }),
    updatedAt: input.now,
  };
}

const clampSeconds = (s: number) =>
  Math.max(QBANK.minSecondsPerQuestion, Math.min(QBANK.maxSecondsPerQuestion, Math.round(s)));

/** Timed mode: when the block ends by itself (epoch ms); null in tutor mode. */
export function deadlineOf(b: QbankBlock): number | null {
  return b.mode === 'timed' ? b.startedAt + b.secondsPerQuestion * b.questions.length * 1000 : null;
}

/** Timed mode: ms left at `now` (or when the block ended); null in tutor mode. */
export function remainingMs(b: QbankBlock, now: number): number | null {
  const deadline = deadlineOf(b);
  if (deadline === null) return null;
  return Math.max(0, deadline - (b.endedAt ?? now));
}

/** The current question's time up to `now` added to it (at most QBANK.visitCapMs per look). */
function withVisit(b: QbankBlock, now: number): readonly BlockQuestion[] {
  if (b.shownAt === null) return b.questions;
  const spent = Math.max(0, Math.min(QBANK.visitCapMs, now - b.shownAt));
  return b.questions.map((q, i) => (i === b.current ? { ...q, timeMs: q.timeMs + spent } : q));
}

function change(b: QbankBlock, now: number, q: (q: BlockQuestion) => BlockQuestion): QbankBlock {
  return {
    ...b,
    questions: b.questions.map((x, i) => (i === b.current ? q(x) : x)),
    updatedAt: Math.max(now, b.updatedAt),
  };
}

/**
 * The block as it stands at `now`: a timed block whose time ran out is ended at its deadline (its time
 * counted up to then). Call it whenever a block is shown (reload, another device, a tick).
 */
export function settle(b: QbankBlock, now: number): QbankBlock {
  const deadline = deadlineOf(b);
  if (b.endedAt !== null || deadline === null || now < deadline) return b;
  return endBlock(b, deadline);
}

/** Chooses option `option` (its number in the question) for the current question. */
export function choose(b: QbankBlock, option: number, now: number): QbankBlock {
  const q = b.questions[b.current];
  if (b.endedAt !== null || !q || q.checked || !q.order.includes(option) || q.struck.includes(option))
    return b;
  return change(b, now, (x) => ({ ...x, answer: option }));
}

/** Tutor mode: locks the chosen answer and reveals it (nothing without a choice). */
export function checkAnswer(b: QbankBlock, now: number): QbankBlock {
  const q = b.questions[b.current];
  if (b.mode !== 'tutor' || b.endedAt !== null || !q || q.checked || q.answer === null) return b;
  return change(b, now, (x) => ({ ...x, checked: true }));
}

export function toggleFlag(b: QbankBlock, now: number): QbankBlock {
  if (b.endedAt !== null || !b.questions[b.current]) return b;
  return change(b, now, (x) => ({ ...x, flagged: !x.flagged }));
}

/** Strikes out an option, or restores it; striking the chosen (unchecked) option clears the choice. */
export function toggleStrike(b: QbankBlock, option: number, now: number): QbankBlock {
  const q = b.questions[b.current];
  if (b.endedAt !== null || !q || q.checked || !q.order.includes(option)) return b;
  return change(b, now, (x) =>
    x.struck.includes(option)
      ? { ...x, struck: x.struck.filter((o) => o !== option) }
      : { ...x, struck: [...x.struck, option], answer: x.answer === option ? null : x.answer },
  );
}

/** Moves to question `index` (the navigator, Previous, Next); the time on the one left is recorded. */
export function goTo(b: QbankBlock, index: number, now: number): QbankBlock {
  if (b.endedAt !== null || index === b.current || index < 0 || index >= b.questions.length) return b;
  return {
    ...b,
    questions: withVisit(b, now),
    current: index,
    shownAt: now,
    updatedAt: Math.max(now, b.updatedAt),
  };
}

/** Ends the block (End Block, or the countdown at zero): unanswered questions count as omitted. */
export function endBlock(b: QbankBlock, now: number): QbankBlock {
  if (b.endedAt !== null) return b;
  return {
    ...b,
    questions: withVisit(b, now),
    endedAt: now,
    shownAt: null,
    updatedAt: Math.max(now, b.updatedAt),
  };
}

/** Back to a block after a reload or on another device: the current question is shown from `now`. */
export function resume(b: QbankBlock, now: number): QbankBlock {
  const s = settle(b, now);
  return s.endedAt !== null ? s : { ...s, shownAt: now };
}

export type QuestionOutcome = 'correct' | 'incorrect' | 'omitted';

/** How a question of a block went, given its key (its correct option's number; undefined: deleted). */
export function outcomeOf(q: BlockQuestion, key: number | undefined): QuestionOutcome {
  if (q.answer === null) return 'omitted';
  return q.answer === key ? 'correct' : 'incorrect';
}

export type BlockScore = {
  readonly total: number;
  readonly correct: number;
  readonly incorrect: number;
  readonly omitted: number;
  readonly flagged: number;
  /** Correct out of all questions of the block, 0–100 (rounded). */
  readonly percent: number;
  readonly timeMs: number;
};

export function scoreBlock(b: QbankBlock, keyOf: (questionId: string) => number | undefined): BlockScore {
  let correct = 0;
  let incorrect = 0;
  let omitted = 0;
  for (const q of b.questions) {
    const o = outcomeOf(q, keyOf(q.questionId));
    if (o === 'correct') correct++;
    else if (o === 'incorrect') incorrect++;
    else omitted++;
  }
  const total = b.questions.length;
  return {
    total,
    correct,
    incorrect,
    omitted,
    flagged: b.questions.filter((q) => q.flagged).length,
    percent: total ? Math.round((100 * correct) / total) : 0,
    timeMs: b.questions.reduce((s, q) => s + q.timeMs, 0),
  };
}

/** Indexes of the block's questions a review filter shows. */
export function reviewIndexes(
  b: QbankBlock,
  filter: QbankFilter,
  keyOf: (questionId: string) => number | undefined,
): number[] {
  const keep = (q: BlockQuestion) =>
    filter === 'all' || (filter === 'flagged' ? q.flagged : outcomeOf(q, keyOf(q.questionId)) === filter);
  return b.questions.flatMap((q, i) => (keep(q) ? [i] : []));
}

/** What End Block says before ending: how many are unanswered and flagged. */
export function blockCounts(b: QbankBlock): { unanswered: number; flagged: number; answered: number } {
  const answered = b.questions.filter((q) => q.answer !== null).length;
  return {
    answered,
    unanswered: b.questions.length - answered,
    flagged: b.questions.filter((q) => q.flagged).length,
  };
}

// ---- How everyone answered ----

/** The server's running totals for one question: each student's first answer, students only. */
export type PeerAggregate = {
  readonly students: number;
  readonly correct: number;
  /** Students who chose option 1..5 (index 0 is option 1). */
  readonly options: readonly number[];
  /** When these figures were computed (epoch ms). */
  readonly computedAt: number;
};

export type Difficulty = 'Easy' | 'Medium' | 'Hard';

export type PeerFigures =
  | { readonly kind: 'few'; readonly students: number }
  | {
      readonly kind: 'figures';
      readonly students: number;
      readonly percentCorrect: number;
      /** % of students per option 1..5 (rounded). */
      readonly optionPercents: readonly number[];
      readonly difficulty: Difficulty;
      readonly computedAt: number;
    };

/** Easy from 70 % correct, Hard below 40 %. */
export function difficultyOf(percentCorrect: number): Difficulty {
  return percentCorrect >= 70 ? 'Easy' : percentCorrect >= 40 ? 'Medium' : 'Hard';
}

/** What a student may see of a question's aggregate: nothing below QBANK.peerMinStudents. */
export function peerFigures(a: PeerAggregate | undefined): PeerFigures {
  if (!a || a.students < QBANK.peerMinStudents) return { kind: 'few', students: a?.students ?? 0 };
  const pct = (n: number) => Math.round((100 * n) / a.students);
  const percentCorrect = pct(a.correct);
  return {
    kind: 'figures',
    students: a.students,
    percentCorrect,
    optionPercents: a.options.map(pct),
    difficulty: difficultyOf(percentCorrect),
    computedAt: a.computedAt,
  };
}

/** One student's first answer to a question, with how they did on the rest of the quiz (0–1). */
export type ItemResponse = { readonly option: number; readonly restScore: number };

export type ItemStatistics = {
  readonly answers: number;
  readonly percentCorrect: number;
  /** Students per option 1..5. */
  readonly optionCounts: readonly number[];
  /**
   * Upper minus lower group's proportion correct (groups: the top and bottom 27 % by rest score), −1 to 1;
   * null below 10 answers, where it says nothing.
   */
  readonly discrimination: number | null;
  /** A wrong option drew more students than the key. */
  readonly possiblyMiskeyed: boolean;
};

/** The upper and lower groups are this share of the ranked responses each (at least one response). */
export const ITEM_GROUP_SHARE = 0.27;
/** Below this many ranked responses the discrimination says nothing (null). */
const ITEM_MIN_RANKED = 10;

/**
 * What a question's statistics are made of (the server counts them in SQL): all answers, students per
 * option 1..5, and of the ranked responses (sorted by rest score) how many there are and how many of the
 * upper and lower groups (`itemGroupSize` each) chose the key.
 */
export type ItemCounts = {
  readonly answers: number;
  readonly optionCounts: readonly number[];
  readonly ranked: number;
  readonly upperCorrect: number;
  readonly lowerCorrect: number;
};

const itemGroupSize = (ranked: number) => Math.max(1, Math.round(ranked * ITEM_GROUP_SHARE));

export function itemStatisticsOf(c: ItemCounts, key: number): ItemStatistics {
  const optionCounts = [0, 1, 2, 3, 4].map((i) => c.optionCounts[i] ?? 0);
  const correct = optionCounts[key - 1] ?? 0;
  const n = itemGroupSize(c.ranked);
  return {
    answers: c.answers,
    percentCorrect: c.answers ? Math.round((100 * correct) / c.answers) : 0,
    optionCounts,
    discrimination:
      c.ranked >= ITEM_MIN_RANKED ? Math.round((c.upperCorrect / n - c.lowerCorrect / n) * 100) / 100 : null,
    possiblyMiskeyed: optionCounts.some((count, i) => i !== key - 1 && count > correct),
  };
}

export function itemStatistics(responses: readonly ItemResponse[], key: number): ItemStatistics {
  const optionCounts = [0, 0, 0, 0, 0];
  for (const r of responses) if (r.option >= 1 && r.option <= 5) optionCounts[r.option - 1]!++;
  const sorted = [...responses].sort((a, b) => a.restScore - b.restScore);
  const n = itemGroupSize(responses.length);
  const correct = (group: readonly ItemResponse[]) => group.filter((r) => r.option === key).length;
  return itemStatisticsOf(
    {
      answers: responses.length,
      optionCounts,
      ranked: responses.length,
      upperCorrect: correct(sorted.slice(-n)),
      lowerCorrect: correct(sorted.slice(0, n)),
    },
    key,
  );
}

// ---- Performance ----

export type PerformanceRow = {
  readonly id: string;
  readonly questions: number;
  readonly answered: number;
  readonly correct: number;
  /** % correct of the answered (latest answer per question); null when none answered. */
  readonly percent: number | null;
  readonly unused: number;
};

/**
 * Per subject and per topic: questions, answered, % correct (latest answer per question) and unused;
 * weakest first (lowest %, then the most answered; never answered last).
 */
export function performanceOf(
  questions: readonly BankQuestion[],
  history: ReadonlyMap<string, QuestionHistory>,
): { subjects: PerformanceRow[]; topics: PerformanceRow[] } {
  const rows = (key: (q: BankQuestion) => string) => {
    const by = new Map<string, { questions: number; answered: number; correct: number; unused: number }>();
    for (const q of questions) {
      const r = by.get(key(q)) ?? { questions: 0, answered: 0, correct: 0, unused: 0 };
      const h = history.get(q.id);
      r.questions++;
      if (h?.lastCorrect != null) r.answered++;
      if (h?.lastCorrect === true) r.correct++;
      if (!h?.shown) r.unused++;
      by.set(key(q), r);
    }
    return [...by]
      .map(([id, r]) => ({
        id,
        ...r,
        percent: r.answered ? Math.round((100 * r.correct) / r.answered) : null,
      }))
      .sort(
        (a, b) =>
          (a.percent ?? 101) - (b.percent ?? 101) || b.answered - a.answered || a.id.localeCompare(b.id),
      );
  };
  return { subjects: rows((q) => q.subjectId), topics: rows((q) => q.topicId) };
}
