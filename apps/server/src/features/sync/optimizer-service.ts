// 'Optimize' (issue 18): fits the caller's FSRS parameters to their review log off the request path — POST
// starts a run (or joins the one running), GET follows its progress and outcome. Better parameters become
// the caller's scheduler settings, which every device of theirs pulls like any settings change. A run also
// starts by itself once an FSRS student's reviews reach the next multiple of AUTO_OPTIMIZE_EVERY since
// their last fit (autoStart, told after each upload of reviews; counted in the time zone of their settings).
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
import { optimizeParameters, OPTIMIZE_MIN_REVIEWS } from './optimizer.ts';
import { countFlashcardReviews, flashcardReviews } from './review-log-reads.ts';

/** A run starts by itself after this many new reviews since the last fit. */
export const AUTO_OPTIMIZE_EVERY = 1000;

type SettingsStore = {
  get(actor: Actor): Promise<{ settings: SchedulerSettings | null }>;
  put(actor: Actor, settings: SchedulerSettings): Promise<unknown>;
};

export function optimizerService({
  db,
  settings,
  now = () => Date.now(),
}: {
  db: Database;
  settings: SettingsStore;
  now?: () => number;
}) {
  /** Each caller's latest run (kept in memory: a restart forgets finished runs, as a page reload would). */
  const jobs = new Map<string, OptimizeJob>();
  /** The review count at each student's last automatic start (a fit that kept the parameters leaves no trace). */
  const autoStartedAt = new Map<string, number>();

  async function run(actor: Actor, body: OptimizeStartBody): Promise<OptimizeJob> {
    const base = (await settings.get(actor)).settings ?? { ...DEFAULT_SCHEDULER_SETTINGS, updatedAt: 0 };
    const reviews = await flashcardReviews(db, actor.id);
    const out = await optimizeParameters(
      {
        reviews,
        timeZone: body.timeZone,
        rolloverHour: base.dayRolloverHour,
        current: base.parameters,
      },
      (progress) => {
        const job = jobs.get(actor.id);
        if (job?.status === 'running') jobs.set(actor.id, { ...job, progress });
      },
    );
    if (out.kind === 'few')
      return {
        status: 'done',
        outcome: { kind: 'few', reviews: out.reviews, needed: OPTIMIZE_MIN_REVIEWS },
        finishedAt: now(),
      };
    if (out.kind === 'improved') {
      // Read again: the student may have changed a setting while the fit ran.
      const latest = (await settings.get(actor)).settings ?? base;
      const at = Math.max(now(), latest.updatedAt + 1);
      await settings.put(actor, {
        ...latest,
        parameters: [...out.parameters],
        parametersSource: {
          kind: 'personal',
          reviews: out.reviews,
          optimizedAt: at,
          logLoss: out.fitted.logLoss,
          rmse: out.fitted.rmse,
        },
        updatedAt: at,
      });
    }
    const { kind, reviews: n, current, fitted } = out;
    return { status: 'done', outcome: { kind, reviews: n, current, fitted }, finishedAt: now() };
  }

  /** Starts a run for the caller, or answers with the one already running. */
  function start(actor: Actor, body: OptimizeStartBody): OptimizeStateResponse {
    const running = jobs.get(actor.id);
    if (running?.status === 'running') return { job: running };
    const job: OptimizeJob = { status: 'running', progress: 0, startedAt: now() };
    jobs.set(actor.id, job);
    run(actor, body).then(
      (done) => jobs.set(actor.id, done),
      () =>
        jobs.set(actor.id, {
          status: 'failed',
          message: MSG.optimizeFailed,
          finishedAt: now(),
        }),
    );
    return { job };
  }

  return {
    start,
    /**
     * After reviews of the student were stored: starts a run (or joins the one running) when they use FSRS
     * and their reviews reached the next multiple of AUTO_OPTIMIZE_EVERY past the last fit. Resolves to
     * whether a run was started; never waited for by the upload.
     */
    async autoStart(actor: Actor): Promise<boolean> {
      if (jobs.get(actor.id)?.status === 'running') return false;
      const current = (await settings.get(actor)).settings;
      if (current?.scheduler !== 'fsrs') return false;
      const source = current.parametersSource;
      const last = Math.max(
        source.kind === 'personal' ? source.reviews : 0,
        autoStartedAt.get(actor.id) ?? 0,
      );
      const reviews = await countFlashcardReviews(db, actor.id);
      if (reviews < (Math.floor(last / AUTO_OPTIMIZE_EVERY) + 1) * AUTO_OPTIMIZE_EVERY) return false;
      if (jobs.get(actor.id)?.status === 'running') return false;
      autoStartedAt.set(actor.id, reviews);
      // Settings saved by an older client have no time zone: days are counted in UTC then.
      start(actor, { timeZone: current.timeZone ?? 'UTC' });
      return true;
    },
    state(actor: Actor): OptimizeStateResponse {
      return { job: jobs.get(actor.id) ?? null };
    },
  };
}
