// The optimizer tests' fixtures (issues 18, 38): a student as an actor, review logs of one who forgets
// faster than FSRS's defaults expect (written straight into review_log: the optimizer reads nothing else),
// the route's calls, and the optimizer as another instance wires it (issue 32: on its own job runner).
import type { Actor, OptimizeJob, OptimizeStateResponse } from '@zan/core';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { reviewLog } from '../src/db/schema/index.ts';
import { optimizerService, type OptimizerLog } from '../src/features/scheduler/optimizer-service.ts';
import { schedulerSettingsService } from '../src/features/scheduler/scheduler-settings-service.ts';
import { jobRunner, type JobRunner } from '../src/platform/jobs/job-runner.ts';
import { createUser } from './helpers.ts';

const DAY = 86_400_000;

/**
 * `cards` cards reviewed `perCard` times each, days apart (a fixed seed: the same log each call); `prefix`
 * names the cards and ops, so one student may get several logs.
 */
export async function logSimulatedReviews(
  db: Database,
  userId: string,
  { cards, perCard, prefix = 'card' }: { cards: number; perCard: number; prefix?: string },
): Promise<void> {
  let seed = 11;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const rows: (typeof reviewLog.$inferInsert)[] = [];
  for (let c = 0; c < cards; c++) {
    let stability = 0.5 + random();
    let at = Date.UTC(2026, 0, 1, 12) + Math.floor(random() * 30) * DAY;
    for (let k = 0; k < perCard; k++) {
      let rating = 3;
      if (k > 0) {
        const days = Math.max(1, Math.round(stability * (0.8 + random() * 0.6)));
        at += days * DAY;
        const pass = random() < Math.pow(1 + days / (9 * stability), -1);
        rating = pass ? 3 : 1;
        stability = pass ? stability * (1.3 + random()) : Math.max(0.3, stability * 0.3);
      }
      rows.push({
        opId: `op-${prefix}-${c}-${k}`,
        userId,
        itemId: `${prefix}-${c}`,
        type: 'flashcard',
        rating,
        reviewedAt: new Date(at),
        deviceId: 'device-1',
        payload: {},
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(reviewLog).values(rows.slice(i, i + 500));
}

/** A new verified student, as the services see them. */
export async function studentActor(db: Database): Promise<Actor> {
  const user = await createUser(db);
  return {
    id: user.id,
    role: user.role,
    emailVerified: true,
    collegeId: null,
    yearGroup: null,
    adminCollegeId: null,
    adminYearGroup: null,
  };
}

/** GET or POST (in Europe/Berlin) /api/sync/scheduler-optimize as the signed-in caller. */
export const optimizeCall = (app: FastifyInstance, cookie: string, method: 'GET' | 'POST') =>
  app.inject({
    method,
    url: '/api/sync/scheduler-optimize',
    headers: { cookie },
    ...(method === 'POST' ? { payload: { timeZone: 'Europe/Berlin' } } : {}),
  });

/** Whether a run has ended (it neither waits in its queue nor fits). */
export const ended = (job: OptimizeJob | null | undefined): boolean =>
  !!job && job.status !== 'queued' && job.status !== 'running';

/** Polls GET until the caller's run has ended. */
export async function optimizeFinished(app: FastifyInstance, cookie: string): Promise<OptimizeStateResponse> {
  for (let i = 0; i < 600; i++) {
    const state = (await optimizeCall(app, cookie, 'GET')).json<OptimizeStateResponse>();
    if (ended(state.job)) return state;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the optimizer did not finish');
}

const quiet = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * The optimizer as app.ts wires it, as another instance on the same database: its own settings service,
 * log and clock, and its own job runner — started (`run`), it runs the optimizer's jobs, whoever queued
 * them; `runners` collects the started ones for the test to stop.
 */
export async function optimizerInstance(
  conn: { db: Database; pool: pg.Pool },
  opts: { now?: () => number; log?: OptimizerLog; run?: JobRunner[] } = {},
) {
  const { now = () => Date.now(), log = quiet } = opts;
  const settings = schedulerSettingsService({ db: conn.db, notify: async () => undefined });
  const jobs = jobRunner({ db: conn.db, pool: conn.pool, log: quiet, concurrency: 1, now });
  const optimizer = optimizerService({ db: conn.db, settings, log, jobs, now });
  if (opts.run) {
    opts.run.push(jobs);
    await jobs.start();
  }
  return { optimizer, settings, jobs };
}
