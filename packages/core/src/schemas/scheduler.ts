// Scheduler settings and the FSRS memory state on the wire (issue 18): the student's settings (synced,
// exported), what scheduled each review (kept in the review log for replay and the optimizer).
import { z } from 'zod';
import { MSG } from '../messages.ts';
import {
  LEARNING_STATES,
  SCHEDULERS,
  SCHEDULER_LIMITS,
  parseSteps,
  memoryFieldsOf,
  type CardState,
  type SchedulerSettings,
} from '../scheduler.ts';
import { epochMs, int32, text } from './common.ts';

const steps = text()
  .max(200)
  .refine((s) => parseSteps(s) !== null, { message: MSG.stepsInvalid });
const retention = z
  .number()
  .min(SCHEDULER_LIMITS.minRetention, { message: MSG.retentionRange })
  .max(SCHEDULER_LIMITS.maxRetention, { message: MSG.retentionRange });
/** FSRS weights: 17 (FSRS-4.5), 19 (FSRS-5) or 21 (FSRS-6) finite numbers. */
const parameters = z
  .array(z.number().finite().min(-100).max(100))
  .refine((w) => [17, 19, 21].includes(w.length), { message: 'FSRS parameters are 17, 19 or 21 numbers.' });

const parametersSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default') }),
  z.object({
    kind: z.literal('personal'),
    reviews: z.number().int().min(0),
    optimizedAt: epochMs(),
    logLoss: z.number().finite().min(0),
    rmse: z.number().finite().min(0),
  }),
]);

export const schedulerSettingsSchema = z.strictObject({
  scheduler: z.enum(SCHEDULERS),
  desiredRetention: retention,
  learningSteps: steps,
  relearningSteps: steps,
  parameters: parameters.nullable(),
  parametersSource: parametersSourceSchema,
  newPerDay: z.number().int().min(0).max(9999),
  maxReviewsPerDay: z.number().int().min(0).max(99_999),
  dayRolloverHour: z.number().int().min(0).max(23),
  keepModulesOffline: z.boolean(),
  timeZone: text().min(1).max(64).optional(),
  updatedAt: epochMs(),
}) satisfies z.ZodType<SchedulerSettings>;

/** GET/PUT /api/sync/scheduler-settings: the settings (latest `updatedAt` wins) — null when never saved. */
export const schedulerSettingsResponseSchema = z.object({ settings: schedulerSettingsSchema.nullable() });
export type SchedulerSettingsResponse = z.infer<typeof schedulerSettingsResponseSchema>;

/** What scheduled one review (reviewSchedulerOf): replayed the same way on the server. */
export const reviewSchedulerSchema = z.discriminatedUnion('scheduler', [
  z.object({ scheduler: z.literal('sm2') }),
  z.object({
    scheduler: z.literal('fsrs'),
    desiredRetention: retention,
    learningSteps: steps,
    relearningSteps: steps,
    parameters: parameters.nullable(),
  }),
]);

/** The FSRS memory fields of a progress record (all optional: older clients and SM-2-only cards have none). */
export const memoryStateFields = {
  stability: z.number().finite().min(0).max(1_000_000).nullable().optional(),
  difficulty: z.number().finite().min(0).max(11).nullable().optional(),
  learningState: z.enum(LEARNING_STATES).optional(),
  learningStep: z.number().int().min(0).max(1000).optional(),
  /** Epoch ms of the last review. */
  lastReview: epochMs().nullable().optional(),
  reps: int32().min(0).optional(),
  lapses: int32().min(0).optional(),
};

/** A card's state before a review, as the review log keeps it. */
const cardStateDtoSchema = z.object({
  easeFactor: z.number().min(1).max(10),
  interval: int32().min(0),
  dueDate: epochMs().nullable(),
  ...memoryStateFields,
});
export type CardStateDto = z.infer<typeof cardStateDtoSchema>;

/** What the review log needs beyond the rating (replay and the optimizer). */
export const reviewDetailSchema = z.object({
  scheduler: reviewSchedulerSchema,
  /** The card's state before this review (null: new). */
  before: cardStateDtoSchema.nullable(),
  /** Ms since the card's previous review (null: its first). */
  elapsedMs: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  /** Ms from showing the card to rating it. */
  durationMs: int32().min(0).nullable(),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

/** A card's scheduling state on the wire (dates as epoch ms; memory fields only when known). */
export function toCardStateDto(s: CardState): CardStateDto {
  return {
    easeFactor: s.easeFactor,
    interval: Math.round(s.interval),
    dueDate: s.dueDate ? s.dueDate.getTime() : null,
    ...memoryDto(s),
  };
}

/** The FSRS memory fields of a state, as a record or the review log carries them (absent when unknown). */
export function memoryDto(s: CardState): Omit<CardStateDto, 'easeFactor' | 'interval' | 'dueDate'> {
  const { lastReview, ...rest } = memoryFieldsOf(s);
  return { ...rest, ...(lastReview ? { lastReview: lastReview.getTime() } : {}) };
}

// ---- The optimizer (issue 18): POST starts a fit of the caller's parameters, GET follows it ----
const fitSchema = z.object({ logLoss: z.number().finite(), rmse: z.number().finite() });
export const optimizeOutcomeSchema = z.discriminatedUnion('kind', [
  /** Too few reviews to fit: the parameters in use stay. */
  z.object({ kind: z.literal('few'), reviews: z.number().int(), needed: z.number().int() }),
  /**
   * Issue 38: enough reviews, but of too few cards seen again on a later day for the fit (FSRS's 'not
   * enough data'): the parameters in use stay. `cards`: the cards reviewed again on a later day.
   */
  z.object({ kind: z.literal('sparse'), reviews: z.number().int(), cards: z.number().int() }),
  /** The fit was no better than the parameters in use: they stay. */
  z.object({ kind: z.literal('kept'), reviews: z.number().int(), current: fitSchema, fitted: fitSchema }),
  /** The fit is better: it is now the caller's parameters (synced like any settings change). */
  z.object({ kind: z.literal('improved'), reviews: z.number().int(), current: fitSchema, fitted: fitSchema }),
]);
/**
 * Why a run failed (issue 38; the message says it to the student): stopped at its time or memory bound,
 * its process ended, the server too busy to start it, the server stopped while it ran, anything else.
 */
export const OPTIMIZE_FAILURES = ['time', 'memory', 'crash', 'busy', 'interrupted', 'error'] as const;
export type OptimizeFailure = (typeof OPTIMIZE_FAILURES)[number];
const optimizeJobSchema = z.discriminatedUnion('status', [
  /** Issue 32: waiting in its college's queue; `ahead`: the jobs before it there. */
  z.object({ status: z.literal('queued'), ahead: z.number().int().min(0), startedAt: epochMs() }),
  z.object({ status: z.literal('running'), progress: z.number().min(0).max(1), startedAt: epochMs() }),
  z.object({ status: z.literal('done'), outcome: optimizeOutcomeSchema, finishedAt: epochMs() }),
  z.object({
    status: z.literal('failed'),
    reason: z.enum(OPTIMIZE_FAILURES),
    /** MSG.optimizeFailure(reason). */
    message: z.string(),
    finishedAt: epochMs(),
  }),
]);
export type OptimizeJob = z.infer<typeof optimizeJobSchema>;
/**
 * Issue 38: a student's runs are bounded — one an hour, or sooner after 1,000 new reviews. While bounded:
 * when the hour ends (epoch ms) and how many more reviews would allow a run before that.
 */
const optimizeLimitSchema = z.object({ until: epochMs(), reviewsToGo: z.number().int().min(1) });
export type OptimizeLimit = z.infer<typeof optimizeLimitSchema>;
/**
 * GET and POST /api/sync/scheduler-optimize: the caller's latest run (null: none yet) and, when a new
 * one may not start yet, its limit (null: it may).
 */
export const optimizeStateResponseSchema = z.object({
  job: optimizeJobSchema.nullable(),
  limit: optimizeLimitSchema.nullable(),
});
export type OptimizeStateResponse = z.infer<typeof optimizeStateResponseSchema>;
/** The caller's time zone (IANA name): their reviews are counted in days from their rollover hour there. */
export const optimizeStartBodySchema = z.strictObject({ timeZone: text().min(1).max(64) });
export type OptimizeStartBody = z.infer<typeof optimizeStartBodySchema>;
