// The one scheduling function (issue 18): SM-2 (SPEC §9, srs.ts, unchanged) or FSRS-6 (ts-fsrs) as the
// student chose, used by the player, the deck browser, the forecast and the server's replay.
import {
  fsrs,
  forgetting_curve,
  default_w,
  generatorParameters,
  State,
  StrategyMode,
  type AbstractScheduler,
  type Card,
  type FSRS,
  type Grade,
  type StepUnit,
} from 'ts-fsrs';
import { INT32_MAX } from './constants.ts';
import { RATINGS, schedule, type Rating } from './srs.ts';

export const SCHEDULERS = ['sm2', 'fsrs'] as const;
export type SchedulerKind = (typeof SCHEDULERS)[number];

export const LEARNING_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type LearningState = (typeof LEARNING_STATES)[number];

/** FSRS-6's default parameters (the 21 weights ts-fsrs ships). */
export const FSRS_DEFAULT_PARAMETERS: readonly number[] = default_w;

/** Where the parameters in use come from: the defaults, or a fit to the student's own reviews. */
type ParametersSource =
  | { kind: 'default' }
  | { kind: 'personal'; reviews: number; optimizedAt: number; logLoss: number; rmse: number };

/** The student's scheduler settings (Account → Scheduler); they sync to every device of theirs. */
export type SchedulerSettings = {
  scheduler: SchedulerKind;
  /** 0.70–0.97. */
  desiredRetention: number;
  /** As Anki writes them: '1m 10m'. */
  learningSteps: string;
  relearningSteps: string;
  /** The FSRS weights; null: the defaults. */
  parameters: number[] | null;
  parametersSource: ParametersSource;
  newPerDay: number;
  maxReviewsPerDay: number;
  /** The hour (local time) a study day starts. */
  dayRolloverHour: number;
  keepModulesOffline: boolean;
  /**
   * The student's IANA time zone (the browser's, saved with the settings): the server's own optimizer
   * runs count days in it. Absent from older clients' settings.
   */
  timeZone?: string;
  /** Epoch ms of the last change (latest wins across devices); 0 for the defaults. */
  updatedAt: number;
};

export const SCHEDULER_LIMITS = {
  minRetention: 0.7,
  maxRetention: 0.97,
  /** Above this the settings screen warns (many more reviews for little gain). */
  warnRetention: 0.95,
} as const;

export const DEFAULT_SCHEDULER_SETTINGS: SchedulerSettings = {
  scheduler: 'sm2',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
  parametersSource: { kind: 'default' },
  newPerDay: 20,
  maxReviewsPerDay: 200,
  dayRolloverHour: 4,
  keepModulesOffline: true,
  updatedAt: 0,
};

/** What schedules one review: recorded with it in the review log, so a replay schedules it the same way. */
export type ReviewScheduler =
  | { scheduler: 'sm2' }
  | {
      scheduler: 'fsrs';
      desiredRetention: number;
      learningSteps: string;
      relearningSteps: string;
      parameters: number[] | null;
    };

export function reviewSchedulerOf(s: SchedulerSettings): ReviewScheduler {
  if (s.scheduler === 'sm2') return { scheduler: 'sm2' };
  return {
    scheduler: 'fsrs',
    desiredRetention: s.desiredRetention,
    learningSteps: s.learningSteps,
    relearningSteps: s.relearningSteps,
    parameters: s.parameters,
  };
}

/** The FSRS memory state of a card, each field absent until known (SM-2-only cards, older rows). */
export type MemoryFields = {
  stability?: number | null;
  difficulty?: number | null;
  learningState?: LearningState;
  learningStep?: number;
  lastReview?: Date | null;
  reps?: number;
  lapses?: number;
};

/**
 * Only the memory fields `s` knows, for a row or record built from it: stability and difficulty go
 * together, and an unknown field stays absent rather than undefined or null.
 */
export function memoryFieldsOf(s: MemoryFields): MemoryFields {
  const out: MemoryFields = {};
  if (s.stability != null && s.difficulty != null) {
    out.stability = s.stability;
    out.difficulty = s.difficulty;
  }
  if (s.learningState) out.learningState = s.learningState;
  if (s.learningStep !== undefined) out.learningStep = s.learningStep;
  if (s.lastReview) out.lastReview = s.lastReview;
  if (s.reps !== undefined) out.reps = s.reps;
  if (s.lapses !== undefined) out.lapses = s.lapses;
  return out;
}

/** A card's scheduling state: SM-2's ease/interval/due plus the FSRS memory state (absent until known). */
export type CardState = MemoryFields & {
  easeFactor: number;
  /** Seconds until due at the last review. */
  interval: number;
  dueDate: Date | null;
};

const DAY_MS = 86_400_000;
const STEP_RE = /^(\d+(?:\.\d+)?)([smhd])$/;
const STEP_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** Steps as Anki writes them ('1m 10m', '1h', '1d', '30s') → seconds; null when any is unreadable. */
export function parseSteps(text: string): number[] | null {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (const p of parts) {
    const m = STEP_RE.exec(p);
    if (!m) return null;
    const seconds = Number(m[1]) * STEP_SECONDS[m[2] as keyof typeof STEP_SECONDS];
    if (!(seconds > 0) || seconds > 365 * 86_400) return null;
    out.push(seconds);
  }
  return out;
}

/** Seconds → Anki's step text, the largest whole unit: 60 → '1m', 3600 → '1h', 90 → '1.5m'. */
export function formatSteps(seconds: readonly number[]): string {
  return seconds
    .map((s) => {
      for (const [unit, size] of [
        ['d', 86_400],
        ['h', 3600],
        ['m', 60],
      ] as const)
        if (s >= size && Number.isInteger((s / size) * 100))
          return `${Math.round((s / size) * 100) / 100}${unit}`;
      return `${s}s`;
    })
    .join(' ');
}

/** ts-fsrs takes minutes, hours or days; seconds become (fractional) minutes. */
const toStepUnits = (text: string): StepUnit[] =>
  (parseSteps(text) ?? []).map((s) =>
    s % 86_400 === 0 ? `${s / 86_400}d` : s % 3600 === 0 ? `${s / 3600}h` : `${s / 60}m`,
  ) as StepUnit[];

type Seeded = Card & { zanSeed: string };

/**
 * Fuzz seeded by the card id and its review count (as Anki): the same review fuzzes the same everywhere,
 * and the interval a rating button shows is the one that answer gets, whenever it is pressed.
 */
function cardSeed(this: AbstractScheduler): string {
  const c = this.current as Seeded;
  return `${c.zanSeed}:${c.reps}`;
}

const engines = new Map<string, FSRS>();
/** One ts-fsrs instance per distinct configuration (creating one per answer would cost the ≤ 1 ms budget). */
function engineFor(s: Extract<ReviewScheduler, { scheduler: 'fsrs' }>): FSRS {
  const key = JSON.stringify([s.desiredRetention, s.learningSteps, s.relearningSteps, s.parameters]);
  let f = engines.get(key);
  if (!f) {
    f = fsrs(
      generatorParameters({
        request_retention: s.desiredRetention,
        w: s.parameters ?? [...FSRS_DEFAULT_PARAMETERS],
        enable_fuzz: true,
        enable_short_term: true,
        learning_steps: toStepUnits(s.learningSteps),
        relearning_steps: toStepUnits(s.relearningSteps),
      }),
    ).useStrategy(StrategyMode.SEED, cardSeed);
    if (engines.size > 16) engines.clear();
    engines.set(key, f);
  }
  return f;
}

const STATE_OF: Record<LearningState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

/**
 * The FSRS memory state of a card that SM-2 scheduled: the stability whose forgetting curve reaches
 * `retention` after `intervalDays`, and the difficulty that SM-2's ease implies at it.
 * Ported from fsrs-rs `FSRS::memory_state_from_sm2` (open-spaced-repetition/fsrs-rs, MIT licence).
 */
export function memoryStateFromSm2(
  easeFactor: number,
  intervalDays: number,
  retention = 0.9,
  parameters: readonly number[] = FSRS_DEFAULT_PARAMETERS,
): { stability: number; difficulty: number } {
  const w = (i: number) => parameters[i] ?? (FSRS_DEFAULT_PARAMETERS[i] as number);
  const decay = -w(20);
  const factor = Math.pow(0.9, 1 / decay) - 1;
  const stability = (Math.max(intervalDays, 0.001) * factor) / (Math.pow(retention, 1 / decay) - 1);
  const difficulty =
    11 -
    (easeFactor - 1) / (Math.exp(w(8)) * Math.pow(stability, -w(9)) * Math.expm1((1 - retention) * w(10)));
  return { stability, difficulty: Math.min(10, Math.max(1, difficulty)) };
}

/** A card as ts-fsrs sees it; a card SM-2 scheduled past learning gets its memory from its ease and interval. */
function toFsrsCard(state: CardState, cardId: string, now: Date, parameters: readonly number[]): Seeded {
  const base = { elapsed_days: 0, scheduled_days: 0, zanSeed: cardId };
  const reps = state.reps ?? 0;
  const lapses = state.lapses ?? 0;
  if (
    state.stability != null &&
    state.difficulty != null &&
    state.learningState &&
    state.learningState !== 'new'
  ) {
    const last = state.lastReview ?? new Date((state.dueDate ?? now).getTime() - state.interval * 1000);
    return {
      ...base,
      due: state.dueDate ?? now,
      stability: state.stability,
      difficulty: state.difficulty,
      learning_steps: state.learningStep ?? 0,
      reps,
      lapses,
      state: STATE_OF[state.learningState],
      last_review: last,
      scheduled_days: Math.round(state.interval / 86_400),
    };
  }
  if (state.interval >= 86_400 && state.dueDate) {
    // Reviewed by SM-2 (or imported) beyond its learning steps: derive the memory state.
    const days = state.interval / 86_400;
    const m = memoryStateFromSm2(state.easeFactor, days, 0.9, parameters);
    return {
      ...base,
      due: state.dueDate,
      ...m,
      learning_steps: 0,
      reps: Math.max(reps, 1),
      lapses,
      state: State.Review,
      last_review: state.lastReview ?? new Date(state.dueDate.getTime() - state.interval * 1000),
      scheduled_days: Math.round(days),
    };
  }
  // New, or inside SM-2's minutes-long learning: FSRS starts it as a new card.
  return {
    ...base,
    due: now,
    stability: 0,
    difficulty: 0,
    learning_steps: 0,
    reps,
    lapses,
    state: State.New,
  };
}

const LEARNING_STATE_OF = [
  'new',
  'learning',
  'review',
  'relearning',
] as const satisfies readonly LearningState[];

/**
 * The state after a rating, from the scheduler in force. SM-2 keeps SPEC §9's `schedule` exactly (the
 * FSRS memory is dropped: it is derived again on a switch); FSRS-6 with the student's retention, steps
 * and parameters, fuzz on, seeded by the card id.
 */
export function scheduleReview(
  sched: ReviewScheduler,
  state: CardState,
  rating: Rating,
  now: Date,
  cardId: string,
): CardState {
  const reps = (state.reps ?? 0) + 1;
  const lapses = (state.lapses ?? 0) + (rating === 'again' && state.interval >= 86_400 ? 1 : 0);
  if (sched.scheduler === 'sm2') {
    const next = schedule(state, rating, now);
    return { ...next, stability: null, difficulty: null, lastReview: now, reps, lapses };
  }
  const params = sched.parameters ?? FSRS_DEFAULT_PARAMETERS;
  const card = toFsrsCard(state, cardId, now, params);
  const grade = (RATINGS.indexOf(rating) + 1) as Grade;
  const { card: next } = engineFor(sched).next(card, now, grade);
  const seconds = Math.min(INT32_MAX, Math.max(1, Math.round((next.due.getTime() - now.getTime()) / 1000)));
  return {
    easeFactor: state.easeFactor > 0 ? state.easeFactor : 2.5,
    interval: seconds,
    dueDate: new Date(now.getTime() + seconds * 1000),
    stability: next.stability,
    difficulty: next.difficulty,
    learningState: LEARNING_STATE_OF[next.state],
    learningStep: next.learning_steps,
    lastReview: now,
    reps: next.reps,
    lapses: next.lapses,
  };
}

/** A card's FSRS memory as read: stability and difficulty, and the review they date from. */
export type FsrsMemory = { stability: number; difficulty: number; lastReview: Date };

/**
 * A reviewed card's FSRS memory: its own where it has one, else derived from its SM-2 ease and interval
 * exactly as a switch to FSRS derives it (memoryStateFromSm2; the FSRS path of scheduleReview starts
 * from the same). Null for new cards and cards inside SM-2's minutes-long learning. A switch to FSRS
 * therefore writes only the cards whose reviews it replays: every other card's memory is this, read.
 */
export function fsrsMemory(state: CardState, parameters: readonly number[] | null = null): FsrsMemory | null {
  if (state.stability != null) {
    if (state.difficulty == null || !state.lastReview || state.learningState === 'new') return null;
    return { stability: state.stability, difficulty: state.difficulty, lastReview: state.lastReview };
  }
  if (state.interval < 86_400 || !state.dueDate) return null;
  const m = memoryStateFromSm2(state.easeFactor, state.interval / 86_400, 0.9, parameters ?? undefined);
  return { ...m, lastReview: state.lastReview ?? new Date(state.dueDate.getTime() - state.interval * 1000) };
}

/**
 * The probability of recalling the card now (FSRS-6 forgetting curve) from its memory (`fsrsMemory`,
 * derived for a card SM-2 reviewed); null for a card without one.
 */
export function retrievability(
  state: CardState,
  now: Date,
  parameters: readonly number[] | null = null,
): number | null {
  const m = fsrsMemory(state, parameters);
  if (!m) return null;
  const days = Math.max(0, (now.getTime() - m.lastReview.getTime()) / DAY_MS);
  return forgetting_curve([...(parameters ?? FSRS_DEFAULT_PARAMETERS)], days, m.stability);
}

/** One event of a card's merged history, in review-time order (ARCHITECTURE §5 replay). */
export type HistoryEvent =
  | {
      kind: 'review';
      at: number;
      rating: Rating;
      scheduler: ReviewScheduler;
      /** The state the device computed, kept as it is when the device saw the state the replay gives before it. */
      after?: CardState;
      /** The state the device saw (undefined: not recorded — an older client's review). */
      before?: CardState | null;
      /** The device that made it: an older client's review is kept as computed after its own previous one. */
      device?: string;
    }
  /** A change without a rating (suspend, import): the whole record as the device wrote it (its op semantics). */
  | { kind: 'set'; at: number; state: CardState & { isSuspended: boolean }; device?: string }
  /** The record went (unsuspending a never-reviewed card): new again. */
  | { kind: 'delete'; at: number };

export type ReplayedCard = CardState & { isSuspended: boolean };
const noCard = (): ReplayedCard | null => null;

/**
 * A card's state from its history (events already in review-time order; a deck reset or import is
 * applied by leaving out what came before it). null: no record (a new card).
 */
export function replayCard(cardId: string, events: readonly HistoryEvent[]): ReplayedCard | null {
  const replay = cardReplay(cardId);
  for (const e of events) replay.step(e);
  return replay.state();
}

/**
 * replayCard one event at a time, for a history read in pages (issue 38: a card with 200,000 reviews is
 * never held whole): `step` each event in review-time order, then `state`.
 */
export function cardReplay(cardId: string): {
  step(e: HistoryEvent): void;
  state(): ReplayedCard | null;
} {
  let state = noCard();
  // The device whose review made the current state as it computed it (none after a recomputed one).
  let verbatimBy: string | undefined;
  return {
    step(e) {
      if (e.kind === 'delete') {
        state = null;
        verbatimBy = undefined;
        return;
      }
      if (e.kind === 'set') {
        state = { ...e.state };
        verbatimBy = e.device;
        return;
      }
      const saw =
        e.before !== undefined ? sameState(state, e.before) : state === null || verbatimBy === e.device;
      const prior: ReplayedCard = state ?? {
        easeFactor: 2.5,
        interval: 0,
        dueDate: null,
        isSuspended: false,
      };
      const next =
        e.after && saw ? e.after : scheduleReview(e.scheduler, prior, e.rating, new Date(e.at), cardId);
      verbatimBy = e.after && saw ? e.device : undefined;
      state = { ...next, isSuspended: prior.isSuspended };
    },
    state: () => state,
  };
}

const near = (a: number | null | undefined, b: number | null | undefined, eps: number) =>
  a == null || b == null ? (a ?? null) === (b ?? null) : Math.abs(a - b) <= eps * Math.max(1, Math.abs(a));

/**
 * Whether a device saw this state (its review's `before`): the scheduling fields equal, up to what the
 * storage rounds (the server's ease is a float4, intervals whole seconds).
 */
function sameState(a: CardState | null, b: CardState | null): boolean {
  if (!a || !b) return a === b || (!a && !b);
  return (
    near(a.easeFactor, b.easeFactor, 1e-4) &&
    Math.abs(a.interval - b.interval) <= 1 &&
    (a.dueDate?.getTime() ?? null) === (b.dueDate?.getTime() ?? null) &&
    near(a.stability, b.stability, 1e-6) &&
    near(a.difficulty, b.difficulty, 1e-6) &&
    (a.learningState ?? 'new') === (b.learningState ?? 'new') &&
    (a.learningStep ?? 0) === (b.learningStep ?? 0)
  );
}

/** A rating's number on the wire and in the log (1 Again … 4 Easy). */
export const ratingNumber = (r: Rating): number => RATINGS.indexOf(r) + 1;
export const ratingOf = (n: number | null | undefined): Rating | null =>
  n != null && n >= 1 && n <= 4 ? (RATINGS[n - 1] as Rating) : null;

/**
 * Switching SM-2 → FSRS: the card's memory state from its history where there is one (replayed under
 * FSRS), else from its SM-2 ease and interval. Due dates are kept.
 */
export function convertToFsrs<S extends CardState>(
  state: S,
  cardId: string,
  sched: Extract<ReviewScheduler, { scheduler: 'fsrs' }>,
  history: readonly { at: number; rating: Rating }[] = [],
): S {
  if (history.length) {
    const replayed = replayCard(
      cardId,
      history.map((h) => ({ kind: 'review', at: h.at, rating: h.rating, scheduler: sched })),
    );
    if (replayed)
      return {
        ...state,
        stability: replayed.stability,
        difficulty: replayed.difficulty,
        learningState: replayed.learningState,
        learningStep: replayed.learningStep,
        lastReview: replayed.lastReview,
        reps: replayed.reps,
        lapses: replayed.lapses,
      };
  }
  const m = fsrsMemory({ ...state, stability: null }, sched.parameters);
  // reps as scheduleReview counts a card SM-2 reviewed without a written memory: at least one.
  return m
    ? { ...state, ...m, learningState: 'review', learningStep: 0, reps: Math.max(state.reps ?? 0, 1) }
    : state;
}
