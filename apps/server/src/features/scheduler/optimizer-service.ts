// 'Optimize' (issue 18): fits the caller's FSRS parameters to their review log off the request path — POST
// starts a run (or joins the one running), GET follows its progress and outcome. Better parameters become
// the caller's scheduler settings, which every device of theirs pulls like any settings change. A run also
// starts by itself once an FSRS student's reviews reach the next multiple of 1,000 since their last fit
// (autoStart, told after each upload of reviews; counted in the time zone of their settings). Issue 38: runs
// live in optimizer_run (every instance sees them; one per student at a time) and are bounded — one an hour,
// or sooner after 1,000 new reviews (optimizer-runs.ts) — and a run that fits nothing or fails says why.
import {
  DEFAULT_SCHEDULER_SETTINGS,
  MSG,
  type Actor,
  type OptimizeJob,
  type OptimizeStartBody,
  type OptimizeStateResponse,
  type SchedulerSettings,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { tooManyRequests } from '../../errors.ts';
import {
  OPTIMIZE_MAX_CARD_REVIEWS,
  OPTIMIZE_MAX_REVIEWS,
  OPTIMIZE_MIN_REVIEWS,
  optimizeParameters,
  type OptimizeOutcome,
} from './optimizer.ts';
import { optimizerRepository as repo, type RunRow } from './optimizer-repository.ts';
import {
  failureOf,
  HEARTBEAT_MS,
  jobOf,
  limitOf,
  OPTIMIZE_EVERY_REVIEWS,
  runningAt,
} from './optimizer-runs.ts';

type SettingsStore = {
  get(actor: Actor): Promise<{ settings: SchedulerSettings | null }>;
  put(actor: Actor, settings: SchedulerSettings): Promise<unknown>;
};
/** The app's logger (no personal data beyond the user id goes in). */
export type OptimizerLog = {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
};

/** At most one progress write a second per run (the binding reports every 2 %). */
const PROGRESS_WRITE_MS = 1000;

export function optimizerService({
  db,
  settings,
  log,
  now = () => Date.now(),
}: {
  db: Database;
  settings: SettingsStore;
  log: OptimizerLog;
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

  /** Fits in this instance for a run claimed here; its row says how far it got and how it ended. */
  const launch = (actor: Actor, runId: string, timeZone: string) =>
    void run(actor, runId, timeZone).catch((err: unknown) =>
      log.warn({ userId: actor.id, err }, 'optimizer: could not record the end of a run'),
    );
  async function run(actor: Actor, runId: string, timeZone: string): Promise<void> {
    const userId = actor.id;
    const beat = (progress?: number) =>
      repo
        .beat(db, userId, runId, now(), progress)
        .catch((err: unknown) => log.warn({ userId, err }, 'optimizer: could not record progress'));
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    timer.unref();
    let written = 0;
    try {
      const base = (await settings.get(actor)).settings ?? { ...DEFAULT_SCHEDULER_SETTINGS, updatedAt: 0 };
      const reviews = await repo.reviewsToFit(db, userId, {
        perCard: OPTIMIZE_MAX_CARD_REVIEWS,
        total: OPTIMIZE_MAX_REVIEWS,
      });
      const input = { reviews, timeZone, rolloverHour: base.dayRolloverHour, current: base.parameters };
      const out = await optimizeParameters(input, (progress) => {
        if (now() - written < PROGRESS_WRITE_MS) return;
        written = now();
        void beat(progress);
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
      const { reason, fitted } = failureOf(err);
      log.warn(
        { userId, reason, err: err instanceof Error ? err.message : String(err) },
        'optimizer run failed',
      );
      await repo.finish(db, userId, runId, { at: now(), fitted, reason });
    } finally {
      clearInterval(timer);
    }
  }

  type Claim =
    | { kind: 'joined' | 'few'; job: OptimizeJob }
    | { kind: 'started'; job: OptimizeJob; runId: string }
    | { kind: 'limited'; seconds: number; reviewsToGo: number }
    | { kind: 'declined' };

  /**
   * Under the student's lock (any instance): joins the run going on, or answers too few reviews at once, or
   * refuses while bounded, or makes a new run theirs. `wanted` (automatic runs) may decline first.
   */
  function claim(actor: Actor, wanted?: (reviews: number, row: RunRow | null) => boolean) {
    return db.transaction(async (tx): Promise<Claim> => {
      await repo.lock(tx, actor.id);
      const row = await repo.get(tx, actor.id);
      const at = now();
      if (runningAt(row, at)) return { kind: 'joined', job: jobOf(row, at)! };
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
      return { kind: 'started', job: { status: 'running', progress: 0, startedAt: at }, runId };
    });
  }

  return {
    /** Starts a run for the caller, or answers with the one going on; 429 + Retry-After while bounded. */
    async start(actor: Actor, body: OptimizeStartBody): Promise<OptimizeStateResponse> {
      const c = await claim(actor);
      if (c.kind === 'declined') throw new Error('unreachable: a manual start is never declined');
      if (c.kind === 'limited')
        throw tooManyRequests(
          MSG.optimizeLimited(Math.ceil(c.seconds), c.reviewsToGo),
          c.seconds,
          'OPTIMIZE_LIMITED',
        );
      if (c.kind === 'started') launch(actor, c.runId, body.timeZone);
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
      const c = await claim(actor, (reviews, row) => {
        const last = Math.max(source.kind === 'personal' ? source.reviews : 0, row?.lastFitReviews ?? 0);
        return reviews >= (Math.floor(last / OPTIMIZE_EVERY_REVIEWS) + 1) * OPTIMIZE_EVERY_REVIEWS;
      });
      if (c.kind !== 'started') return false;
      // Settings saved by an older client have no time zone: days are counted in UTC then.
      launch(actor, c.runId, current.timeZone ?? 'UTC');
      return true;
    },
    /** The caller's latest run, and when bounded, until when. */
    async state(actor: Actor): Promise<OptimizeStateResponse> {
      const row = await repo.get(db, actor.id);
      const at = now();
      // Counting the reviews only within the hour (with none counted, only the hour bounds).
      const bounded = !runningAt(row, at) && limitOf(row, 0, at) !== null;
      const limit = bounded ? limitOf(row, await repo.countFlashcardReviews(db, actor.id), at) : null;
      return { job: jobOf(row, at), limit };
    },
  };
}
export type OptimizerService = ReturnType<typeof optimizerService>;
