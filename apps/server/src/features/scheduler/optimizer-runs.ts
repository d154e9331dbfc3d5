// A student's optimizer runs as the API shows them (issue 38): the stored run row as a job — while it runs,
// its job's row (issue 32) says whether it waits in its queue or how far it got, and a running row whose
// job ended without ending it reads as interrupted — and the bound on starting another: one run an hour,
// or sooner once 1,000 reviews were added since the last one started.
import {
  MSG,
  OPTIMIZE_FAILURES,
  optimizeOutcomeSchema,
  type OptimizeFailure,
  type OptimizeJob,
  type OptimizeLimit,
} from '@zan/core';
import { AppError } from '../../errors.ts';
import type { JobRow } from '../../platform/jobs/jobs-repository.ts';
import { OffThreadFailure } from '../../platform/off-thread.ts';
import type { RunRow } from './optimizer-repository.ts';

/** At most one fit per student in this long… */
const OPTIMIZE_EVERY_MS = 3_600_000;
/** …unless this many reviews were added since the last one started (also the automatic runs' step). */
export const OPTIMIZE_EVERY_REVIEWS = 1000;

const failed = (reason: OptimizeFailure, finishedAt: number): OptimizeJob => ({
  status: 'failed',
  reason,
  message: MSG.optimizeFailure(reason),
  finishedAt,
});

const open = (j: JobRow | null): boolean => j?.state === 'queued' || j?.state === 'running';

/** Whether the student's latest run goes on: its row says running and its job (`run`) has not ended. */
export const runningAt = (row: RunRow | null, run: JobRow | null): boolean =>
  row?.status === 'running' && open(run);

/** The latest run as the API shows it; `ahead`: the jobs before a queued one in its queue. */
export function jobOf(row: RunRow | null, run: JobRow | null, ahead: number): OptimizeJob | null {
  if (!row) return null;
  if (row.status === 'running') {
    if (!run || !open(run)) return failed('interrupted', run?.finishedAt ?? row.startedAt);
    return run.state === 'queued'
      ? { status: 'queued', ahead, startedAt: row.startedAt }
      : { status: 'running', progress: Math.min(1, run.progress), startedAt: row.startedAt };
  }
  const finishedAt = row.finishedAt ?? row.startedAt;
  if (row.status === 'failed')
    return failed(OPTIMIZE_FAILURES.find((r) => r === row.reason) ?? 'error', finishedAt);
  const outcome = optimizeOutcomeSchema.safeParse(row.outcome);
  return outcome.success ? { status: 'done', outcome: outcome.data, finishedAt } : null;
}

/** When a new run may not start yet: until when, and how many more reviews would allow it sooner. */
export function limitOf(row: RunRow | null, reviews: number, now: number): OptimizeLimit | null {
  if (row?.lastFitAt == null || row.lastFitReviews == null) return null;
  const until = row.lastFitAt + OPTIMIZE_EVERY_MS;
  const reviewsToGo = row.lastFitReviews + OPTIMIZE_EVERY_REVIEWS - reviews;
  return now < until && reviewsToGo > 0 ? { until, reviewsToGo } : null;
}

/** Why a run failed, from what its fit threw; `fitted`: it did (some of) the fit's work. */
export function failureOf(err: unknown): { reason: OptimizeFailure; fitted: boolean } {
  if (err instanceof OffThreadFailure)
    return { reason: OPTIMIZE_FAILURES.find((r) => r === err.reason) ?? 'error', fitted: true };
  // The off-thread runner full: the fit never started.
  if (err instanceof AppError && err.statusCode === 429) return { reason: 'busy', fitted: false };
  return { reason: 'error', fitted: true };
}
