// 'Optimize' (issue 18): fits the caller's FSRS parameters to their review log off the request path — POST
// starts a run (or joins the one running), GET follows its progress and outcome. Better parameters become
// the caller's scheduler settings, which every device of theirs pulls like any settings change. A run also
// starts by itself once an FSRS student's reviews reach the next multiple of 1,000 since their last fit
// (autoStart, told after each upload of reviews; counted in the time zone of their settings). Issue 38: runs
// live in optimizer_run (every instance sees them; one per student at a time) and are bounded — one an hour,
// or sooner after 1,000 new reviews (optimizer-runs.ts) — and a run that fits nothing or fails says why.
// Issue 32: a run is a job (platform/jobs) queued with its row, in its college's queues: any instance runs
// it, one that dies mid-fit hands it to another, and the job's row says queued (how many wait before it)
// or how far it got.
import {
  DEFAULT_SCHEDULER_SETTINGS,
  JOB_KINDS,
  MSG,
  type Actor,
  type OptimizeJob,
  type OptimizeStartBody,
  type OptimizeStateResponse,
  type SchedulerSettings,
} from '@zan/core';
import type { Database, DbOrTx } from '../../db/client.ts';
import { tooManyRequests } from '../../errors.ts';
import type { JobContext, JobRunner } from '../../platform/jobs/job-runner.ts';
import type { JobRow } from '../../platform/jobs/jobs-repository.ts';
import {
  OPTIMIZE_MAX_CARD_REVIEWS,
  OPTIMIZE_MAX_REVIEWS,
  OPTIMIZE_MIN_REVIEWS,
  optimizeParameters,
  type OptimizeOutcome,
} from './optimizer.ts';
import { optimizerRepository as repo, type RunRow } from './optimizer-repository.ts';
import { failureOf, jobOf, limitOf, OPTIMIZE_EVERY_REVIEWS, runningAt } from './optimizer-runs.ts';

type SettingsStore = {
  get(actor: Actor): Promise<{ settings: SchedulerSettings | null }>;
  put(actor: Actor, settings: SchedulerSettings): Promise<unknown>;
};
/** The app's logger (no personal data beyond the user id goes in). */
export type OptimizerLog = {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
};

/** The job kind of a run; its input says in which time zone the student's days are counted. */
const KIND = JOB_KINDS.optimize;
type RunInput = { readonly timeZone: string };

export function optimizerService({
  db,
  settings,
  log,
  jobs,
  now = () => Date.now(),
}: {
  db: Database;
  settings: SettingsStore;
  log: OptimizerLog;
  jobs: JobRunner;
  now?: () => number;
}) {
  /** A better fit becomes the student's parameters, onto their latest settings (changed while it ran?). */
  async function savePersonal(
    actor: Actor,
    base: SchedulerSettings,
    out: Extract<OptimizeOutcome, { kind: 'improved' }>,
  ): Promise<void> {
    const latest = (await settings.get(actor)).settings ?? base;
    const at = Math.max(now(), latest.updatedAt + 1);
    const { reviews, fitted } = out;
    await settings.put(actor, {
      ...latest,
      parameters: [...out.parameters],
      parametersSource: {
        kind: 'personal',
        reviews,
        optimizedAt: at,
        logLoss: fitted.logLoss,
        rmse: fitted.rmse,
      },
      updatedAt: at,
    });
  }

  /** Fits the student's reviews for the run that is this job; the run's row says how it ended. */
  async function run(ctx: JobContext): Promise<void> {
    const actor = await ctx.owner();
    const userId = actor.id;
    const runId = ctx.job.id;
    const { timeZone } = ctx.job.input as RunInput;
    try {
      const base = (await settings.get(actor)).settings ?? { ...DEFAULT_SCHEDULER_SETTINGS, updatedAt: 0 };
      const reviews = await repo.reviewsToFit(db, userId, {
        perCard: OPTIMIZE_MAX_CARD_REVIEWS,
        total: OPTIMIZE_MAX_REVIEWS,
      });
      const input = { reviews, timeZone, rolloverHour: base.dayRolloverHour, current: base.parameters };
      // Written at most once a second by the runner (the binding reports every 2 %).
      const out = await optimizeParameters(input, {
        signal: ctx.signal,
        onProgress: (progress) => void ctx.progress(progress).catch(() => undefined),
      });
      if (out.kind === 'sparse')
        log.info(
          { userId, outcome: out.kind, reviews: out.reviews, cards: out.cards },
          'optimizer: not enough data to fit',
        );
      if (out.kind === 'improved') await savePersonal(actor, base, out);
      const outcome =
        out.kind === 'sparse'
          ? out
          : { kind: out.kind, reviews: out.reviews, current: out.current, fitted: out.fitted };
      await repo.finish(db, userId, runId, { at: now(), fitted: true, outcome });
    } catch (err) {
      // Shutting down: the job goes back to its queue and runs again (here or on another instance).
      if (ctx.signal.aborted) throw err;
      const { reason, fitted } = failureOf(err);
      log.warn(
        { userId, reason, err: err instanceof Error ? err.message : String(err) },
        'optimizer run failed',
      );
      await repo.finish(db, userId, runId, { at: now(), fitted, reason });
    }
  }

  jobs.define(KIND, {
    run,
    failedMessage: MSG.optimizeFailure('interrupted'),
    // Every attempt ended without an outcome (its instances died): the run says it was interrupted.
    async ended(j, state) {
      if (state !== 'done')
        await repo.finish(db, j.ownerId, j.id, { at: now(), fitted: false, reason: 'interrupted' });
    },
  });

  type Claim =
    | { kind: 'joined' | 'few' | 'started'; job: OptimizeJob }
    | { kind: 'limited'; seconds: number; reviewsToGo: number }
    | { kind: 'declined' };

  /** The student's latest run and, while its row says running, its job. */
  async function latest(tx: DbOrTx, userId: string): Promise<{ row: RunRow | null; run: JobRow | null }> {
    const row = await repo.get(tx, userId);
    return { row, run: row?.status === 'running' ? await jobs.get(row.runId, tx) : null };
  }
  const view = async (row: RunRow | null, run: JobRow | null) =>
    jobOf(row, run, run?.state === 'queued' ? await jobs.ahead(run) : 0);

  /**
   * Under the student's lock (any instance): joins the run going on, or answers too few reviews at once, or
   * refuses while bounded, or makes a new run theirs and queues its job (days counted in `timeZone`).
   * `wanted` (automatic runs) may decline first.
   */
  function claim(actor: Actor, timeZone: string, wanted?: (reviews: number, row: RunRow | null) => boolean) {
    return db.transaction(async (tx): Promise<Claim> => {
      await repo.lock(tx, actor.id);
      const { row, run } = await latest(tx, actor.id);
      const at = now();
      if (runningAt(row, run)) return { kind: 'joined', job: (await view(row, run))! };
      const reviews = await repo.countFlashcardReviews(tx, actor.id);
      if (wanted && !wanted(reviews, row)) return { kind: 'declined' };
      const runId = crypto.randomUUID();
      if (reviews < OPTIMIZE_MIN_REVIEWS) {
        const outcome = { kind: 'few', reviews, needed: OPTIMIZE_MIN_REVIEWS } as const;
        await repo.put(tx, actor.id, {
          runId,
          status: 'done',
          startedAt: at,
          reviewsAtStart: reviews,
          outcome,
        });
        return { kind: 'few', job: { status: 'done', outcome, finishedAt: at } };
      }
      const limit = limitOf(row, reviews, at);
      if (limit)
        return { kind: 'limited', seconds: (limit.until - at) / 1000, reviewsToGo: limit.reviewsToGo };
      await repo.put(tx, actor.id, {
        runId,
        status: 'running',
        startedAt: at,
        reviewsAtStart: reviews,
        outcome: null,
      });
      const queued = await jobs.queue(tx, {
        id: runId,
        kind: KIND,
        ownerId: actor.id,
        collegeId: actor.collegeId ?? '',
        input: { timeZone } satisfies RunInput,
      });
      return {
        kind: 'started',
        job: { status: 'queued', ahead: await jobs.ahead(queued, tx), startedAt: at },
      };
    });
  }

  return {
    /** Starts a run for the caller, or answers with the one going on; 429 + Retry-After while bounded. */
    async start(actor: Actor, body: OptimizeStartBody): Promise<OptimizeStateResponse> {
      const c = await claim(actor, body.timeZone);
      if (c.kind === 'declined') throw new Error('unreachable: a manual start is never declined');
      if (c.kind === 'limited')
        throw tooManyRequests(
          MSG.optimizeLimited(Math.ceil(c.seconds), c.reviewsToGo),
          c.seconds,
          'OPTIMIZE_LIMITED',
        );
      return { job: c.job, limit: null };
    },
    /**
     * After reviews of the student were stored: starts a run when they use FSRS, their reviews reached the
     * next multiple of OPTIMIZE_EVERY_REVIEWS past the last fit, and the bound allows one. Resolves to
     * whether a run was started; never waited for by the upload.
     */
    async autoStart(actor: Actor): Promise<boolean> {
      const current = (await settings.get(actor)).settings;
      if (current?.scheduler !== 'fsrs') return false;
      const source = current.parametersSource;
      // Settings saved by an older client have no time zone: days are counted in UTC then.
      const c = await claim(actor, current.timeZone ?? 'UTC', (reviews, row) => {
        const last = Math.max(source.kind === 'personal' ? source.reviews : 0, row?.lastFitReviews ?? 0);
        return reviews >= (Math.floor(last / OPTIMIZE_EVERY_REVIEWS) + 1) * OPTIMIZE_EVERY_REVIEWS;
      });
      return c.kind === 'started';
    },
    /** The caller's latest run, and when bounded, until when. */
    async state(actor: Actor): Promise<OptimizeStateResponse> {
      const { row, run } = await latest(db, actor.id);
      const at = now();
      // Counting the reviews only within the hour (with none counted, only the hour bounds).
      const bounded = !runningAt(row, run) && limitOf(row, 0, at) !== null;
      const limit = bounded ? limitOf(row, await repo.countFlashcardReviews(db, actor.id), at) : null;
      return { job: await view(row, run), limit };
    },
  };
}
export type OptimizerService = ReturnType<typeof optimizerService>;
