// 'Optimize' (issue 18): fits the caller's FSRS parameters to their review log off the request path — POST
// starts a run (or joins the one running), GET follows its progress and outcome. Better parameters become
// the caller's scheduler settings, which every device of theirs pulls like any settings change.
import {
  DEFAULT_SCHEDULER_SETTINGS,
  type Actor,
  type OptimizeJob,
  type OptimizeStartBody,
  type OptimizeStateResponse,
  type SchedulerSettings,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { optimizeParameters, OPTIMIZE_MIN_REVIEWS } from './optimizer.ts';
import { flashcardReviews } from './review-log-reads.ts';

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

  return {
    /** Starts a run for the caller, or answers with the one already running. */
    start(actor: Actor, body: OptimizeStartBody): OptimizeStateResponse {
      const running = jobs.get(actor.id);
      if (running?.status === 'running') return { job: running };
      const job: OptimizeJob = { status: 'running', progress: 0, startedAt: now() };
      jobs.set(actor.id, job);
      run(actor, body).then(
        (done) => jobs.set(actor.id, done),
        () =>
          jobs.set(actor.id, {
            status: 'failed',
            message: 'The optimizer could not finish. Try again later.',
            finishedAt: now(),
          }),
      );
      return { job };
    },
    state(actor: Actor): OptimizeStateResponse {
      return { job: jobs.get(actor.id) ?? null };
    },
  };
}
