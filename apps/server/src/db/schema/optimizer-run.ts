// optimizer_run (issue 38): each student's latest FSRS optimizer run, kept in the database so every
// instance sees it — one run per student at a time, its outcome for GET, and the bound on runs (one an
// hour, or sooner after 1,000 new reviews). Issue 32: a running run is the job of the same id (table job),
// whose row says whether it waits or how far it got.
import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './user.ts';

export const optimizerRun = pgTable('optimizer_run', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Names the latest run, and its job (job.id). */
  runId: text('run_id').notNull(),
  /** 'running' | 'done' | 'failed'. */
  status: text('status').notNull(),
  /** Epoch ms. */
  startedAt: bigint('started_at', { mode: 'number' }).notNull(),
  finishedAt: bigint('finished_at', { mode: 'number' }),
  /** The student's reviews when the run started. */
  reviewsAtStart: integer('reviews_at_start').notNull(),
  /** A done run's core OptimizeOutcome. */
  outcome: jsonb('outcome'),
  /** A failed run's core OptimizeFailure. */
  reason: text('reason'),
  /** The start and review count of the latest run that fitted: the bound counts from them. */
  lastFitAt: bigint('last_fit_at', { mode: 'number' }),
  lastFitReviews: integer('last_fit_reviews'),
});
