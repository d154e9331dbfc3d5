// Issue 38: a student's optimizer runs are bounded — one an hour, or sooner after 1,000 new reviews — the
// button's (429 + Retry-After) and the automatic ones alike, one at a time across instances (the state is in
// PostgreSQL); a run that fits nothing says why, a failed one too, and the server logs both.
import {
  DEFAULT_SCHEDULER_SETTINGS,
  MSG,
  type Actor,
  type OptimizeJob,
  type OptimizeStateResponse,
} from '@zan/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reviewLog } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { OFF_THREAD } from '../../platform/off-thread.ts';
import { holdSlot } from '../../platform/off-thread-hold.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import {
  ended,
  logSimulatedReviews,
  optimizeCall,
  optimizerInstance,
  optimizeFinished,
  studentActor,
} from '../../../test/optimizer-fixtures.ts';
import { OPTIMIZE_MAX_CARD_REVIEWS } from './optimizer.ts';
import { optimizerRepository } from './optimizer-repository.ts';
import { decodeReviews } from './review-days.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('optimizer bound', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const bounds = { ...OFF_THREAD };
  /** The started job runners of this test's instances (the app runs none: jobConcurrency 0). */
  const runners: JobRunner[] = [];
  afterEach(async () => {
    Object.assign(OFF_THREAD, bounds);
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });

  const call = (cookie: string, method: 'GET' | 'POST') => optimizeCall(t.app, cookie, method);
  const finishedRoute = (cookie: string) => optimizeFinished(t.app, cookie);

  /**
   * The optimizer as the routes wire it, on its own clock and logger (another instance, when built twice),
   * with its job runner started (it runs the runs queued through the routes too) unless `run` is false.
   */
  async function instance(now: () => number = () => Date.now(), run = true) {
    const logged: { level: 'info' | 'warn'; obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: Record<string, unknown>, msg: string) => void logged.push({ level: 'info', obj, msg }),
      warn: (obj: Record<string, unknown>, msg: string) => void logged.push({ level: 'warn', obj, msg }),
    };
    return { ...(await optimizerInstance(t, { now, log, ...(run ? { run: runners } : {}) })), logged };
  }
  const student = () => studentActor(t.db);
  type Optimizer = Awaited<ReturnType<typeof instance>>['optimizer'];
  async function finished(o: Optimizer, actor: Actor): Promise<OptimizeJob> {
    for (let i = 0; i < 600; i++) {
      const { job } = await o.state(actor);
      if (job && ended(job)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the optimizer did not finish');
  }

  it('answers a second run within the hour with 429 and Retry-After, and allows one after 1,000 new reviews', async () => {
    await instance();
    const { cookie, id } = await signedInUser(t.app, t.db);
    await logSimulatedReviews(t.db, id, { cards: 120, perCard: 10 });
    expect((await call(cookie, 'POST')).statusCode).toBe(202);
    const first = await finishedRoute(cookie);
    expect(first.job?.status).toBe('done');

    const again = await call(cookie, 'POST');
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(again.json().error).toEqual({
      code: 'OPTIMIZE_LIMITED',
      message: MSG.optimizeLimited(retryAfter, 1000),
    });
    // The state says until when, and that the outcome of the last run stays.
    const state = (await call(cookie, 'GET')).json<OptimizeStateResponse>();
    expect(state.job).toEqual(first.job);
    expect(state.limit?.reviewsToGo).toBe(1000);
    expect(state.limit!.until - Date.now()).toBeGreaterThan(3500_000);

    await logSimulatedReviews(t.db, id, { cards: 111, perCard: 9, prefix: 'more' }); // 999 new
    const short = await call(cookie, 'POST');
    expect(short.statusCode).toBe(429);
    expect(short.json().error.message).toBe(MSG.optimizeLimited(Number(short.headers['retry-after']), 1));
    await logSimulatedReviews(t.db, id, { cards: 1, perCard: 1, prefix: 'last' }); // 1,000 new
    const allowed = await call(cookie, 'POST');
    expect(allowed.statusCode).toBe(202);
    expect(allowed.json<OptimizeStateResponse>().job?.status).toBe('queued');
    expect((await finishedRoute(cookie)).job?.status).toBe('done');
  });

  it('allows the next run an hour after the last one started', async () => {
    let clock = Date.UTC(2026, 5, 1, 9);
    const { optimizer } = await instance(() => clock);
    const actor = await student();
    await logSimulatedReviews(t.db, actor.id, { cards: 60, perCard: 8 });
    await optimizer.start(actor, { timeZone: 'UTC' });
    expect((await finished(optimizer, actor)).status).toBe('done');
    clock += HOUR - 60_000;
    const refused = await optimizer.start(actor, { timeZone: 'UTC' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).headers['Retry-After']).toBe('60');
    expect((await optimizer.state(actor)).limit).toEqual({ until: clock + 60_000, reviewsToGo: 1000 });
    clock += 60_000;
    expect((await optimizer.state(actor)).limit).toBeNull();
    expect((await optimizer.start(actor, { timeZone: 'UTC' })).job?.status).toBe('queued');
    await finished(optimizer, actor);
  });

  it('runs once per student across instances: another instance sees the run and joins it', async () => {
    // A queues (it runs no jobs), B runs.
    const a = await instance(undefined, false);
    const b = await instance();
    const actor = await student();
    await logSimulatedReviews(t.db, actor.id, { cards: 60, perCard: 8 });
    const started = await a.optimizer.start(actor, { timeZone: 'UTC' });
    expect(started.job).toMatchObject({ status: 'queued', ahead: 0 });
    const startedAt = started.job?.status === 'queued' ? started.job.startedAt : -1;
    expect(['queued', 'running']).toContain((await b.optimizer.state(actor)).job?.status);
    expect((await b.optimizer.start(actor, { timeZone: 'UTC' })).job).toMatchObject({ startedAt });
    const done = await finished(b.optimizer, actor);
    expect(done).toEqual(await finished(a.optimizer, actor));
  });

  it('reads a running run whose job is gone as interrupted (not counted), and starts a new one', async () => {
    let clock = Date.UTC(2026, 5, 2, 9);
    const { optimizer } = await instance(() => clock);
    const actor = await student();
    await logSimulatedReviews(t.db, actor.id, { cards: 60, perCard: 8 });
    // A run left running by a server from before runs were jobs.
    await optimizerRepository.put(t.db, actor.id, {
      runId: 'gone',
      status: 'running',
      startedAt: clock,
      reviewsAtStart: 480,
      outcome: null,
    });
    expect(await optimizer.state(actor)).toEqual({
      job: {
        status: 'failed',
        reason: 'interrupted',
        message: MSG.optimizeFailure('interrupted'),
        finishedAt: clock,
      },
      limit: null,
    });
    clock += 1000;
    const taken = await optimizer.start(actor, { timeZone: 'UTC' });
    expect(taken.job).toEqual({ status: 'queued', ahead: 0, startedAt: clock });
    expect((await finished(optimizer, actor)).status).toBe('done');
  });

  it('says a queued run waits, how many jobs of the college are ahead, and a job ended without it as interrupted', async () => {
    const { optimizer, jobs } = await instance(undefined, false);
    // Three students of one college (only the queue's name comes from it).
    const collegeId = crypto.randomUUID();
    const students = await Promise.all([0, 1, 2].map(async () => ({ ...(await student()), collegeId })));
    for (const s of students) await logSimulatedReviews(t.db, s.id, { cards: 60, perCard: 8 });
    // The college's two queues take the first two; the third waits behind one of them.
    const states = [];
    for (const s of students) states.push((await optimizer.start(s, { timeZone: 'UTC' })).job);
    expect(states.map((j) => j?.status === 'queued' && j.ahead)).toEqual([0, 0, 1]);
    expect((await optimizer.state(students[2]!)).job).toMatchObject({ status: 'queued', ahead: 1 });
    // Its job ends without a run (cancelled here; every attempt failing does the same).
    const row = await optimizerRepository.get(t.db, students[2]!.id);
    await jobs.cancel((await jobs.get(row!.runId))!);
    expect((await optimizer.state(students[2]!)).job).toMatchObject({
      status: 'failed',
      reason: 'interrupted',
    });
    // It never fitted: the student may start again at once.
    expect((await optimizer.state(students[2]!)).limit).toBeNull();
  });

  it('a run its instance hands back on shutdown is finished by another, and counts once', async () => {
    const a = await instance();
    const actor = await student();
    await logSimulatedReviews(t.db, actor.id, { cards: 2000, perCard: 10 });
    await a.optimizer.start(actor, { timeZone: 'UTC' });
    // Stopped as soon as A took it: its fit of 20,000 reviews has seconds to go.
    for (let i = 0; i < 600; i++) {
      const { job } = await a.optimizer.state(actor);
      if (job?.status !== 'queued') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await a.optimizer.state(actor)).job?.status).toBe('running');
    // SIGTERM: A stops taking jobs, kills the fit and hands the job back; B takes it.
    runners.splice(runners.indexOf(a.jobs), 1);
    await a.jobs.stop();
    expect((await a.optimizer.state(actor)).job?.status).toBe('queued');
    const b = await instance();
    const done = await finished(b.optimizer, actor);
    expect(done).toMatchObject({ status: 'done', outcome: { reviews: 20_000 } });
    const row = await optimizerRepository.get(t.db, actor.id);
    expect((await b.jobs.get(row!.runId))?.attempts).toBe(2);
  });

  it('holds automatic runs to the same bound', async () => {
    const { optimizer, settings } = await instance();
    const actor = await student();
    await settings.put(actor, {
      ...DEFAULT_SCHEDULER_SETTINGS,
      scheduler: 'fsrs',
      timeZone: 'UTC',
      updatedAt: 1000,
    });
    await logSimulatedReviews(t.db, actor.id, { cards: 120, perCard: 10 }); // 1,200
    await optimizer.start(actor, { timeZone: 'UTC' });
    await finished(optimizer, actor);
    await logSimulatedReviews(t.db, actor.id, { cards: 100, perCard: 8, prefix: 'b' }); // 2,000
    // The next thousand is reached, but only 800 reviews are new since the run started an instant ago.
    expect(await optimizer.autoStart(actor)).toBe(false);
    await logSimulatedReviews(t.db, actor.id, { cards: 25, perCard: 8, prefix: 'c' }); // 2,200
    expect(await optimizer.autoStart(actor)).toBe(true);
    await finished(optimizer, actor);
  });

  it('says why nothing was fitted when the reviews are of too few cards, and logs it', async () => {
    const { optimizer, logged } = await instance();
    const actor = await student();
    // 500 reviews of 5 cards: enough reviews, too few cards for FSRS ('not enough data').
    const rows = Array.from({ length: 500 }, (_, i) => ({
      opId: `op-few-${i}`,
      userId: actor.id,
      itemId: `card-${i % 5}`,
      type: 'flashcard' as const,
      rating: i % 4 === 0 ? 1 : 3,
      reviewedAt: new Date(Date.UTC(2025, 0, 1, 12) + Math.floor(i / 5) * 2 * DAY),
      deviceId: 'device-1',
      payload: {},
    }));
    await t.db.insert(reviewLog).values(rows);
    await optimizer.start(actor, { timeZone: 'UTC' });
    const job = await finished(optimizer, actor);
    expect(job).toMatchObject({
      status: 'done',
      outcome: { kind: 'sparse', reviews: 5 * OPTIMIZE_MAX_CARD_REVIEWS, cards: 5 },
    });
    expect(logged).toContainEqual({
      level: 'info',
      obj: { userId: actor.id, outcome: 'sparse', reviews: 5 * OPTIMIZE_MAX_CARD_REVIEWS, cards: 5 },
      msg: 'optimizer: not enough data to fit',
    });
  });

  it('says why a run failed, and logs it with the user id', async () => {
    const { optimizer, logged } = await instance();
    const actor = await student();
    await logSimulatedReviews(t.db, actor.id, { cards: 60, perCard: 8 });
    OFF_THREAD.timeMs = 1;
    await optimizer.start(actor, { timeZone: 'UTC' });
    const job = await finished(optimizer, actor);
    expect(job).toMatchObject({ status: 'failed', reason: 'time', message: MSG.optimizeFailure('time') });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        obj: expect.objectContaining({ userId: actor.id, reason: 'time' }),
        msg: 'optimizer run failed',
      }),
    );
  });

  it('a run the full off-thread pool refuses says the server is busy, and does not count', async () => {
    const { optimizer, logged } = await instance();
    const actor = await student();
    await logSimulatedReviews(t.db, actor.id, { cards: 60, perCard: 8 });
    Object.assign(OFF_THREAD, { concurrent: 1, queue: 0 });
    const held = holdSlot();
    try {
      await optimizer.start(actor, { timeZone: 'UTC' });
      expect(await finished(optimizer, actor)).toMatchObject({
        status: 'failed',
        reason: 'busy',
        message: MSG.optimizeFailure('busy'),
      });
    } finally {
      Object.assign(OFF_THREAD, bounds);
      await held.release();
    }
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        obj: expect.objectContaining({ userId: actor.id, reason: 'busy' }),
      }),
    );
    // It never fitted: the next start is not bounded by it.
    expect((await optimizer.state(actor)).limit).toBeNull();
    expect((await optimizer.start(actor, { timeZone: 'UTC' })).job?.status).toBe('queued');
    expect((await finished(optimizer, actor)).status).toBe('done');
  });

  it(`fits at most a card's first ${OPTIMIZE_MAX_CARD_REVIEWS} reviews (one card's long history costs its square)`, async () => {
    await instance();
    const { cookie, id } = await signedInUser(t.app, t.db);
    await logSimulatedReviews(t.db, id, { cards: 120, perCard: 10 });
    const long = Array.from({ length: 300 }, (_, i) => ({
      opId: `op-long-${i}`,
      userId: id,
      itemId: 'long-card',
      type: 'flashcard' as const,
      rating: i % 5 === 0 ? 1 : 3,
      reviewedAt: new Date(Date.UTC(2025, 0, 1, 12) + i * DAY),
      deviceId: 'device-1',
      payload: {},
    }));
    await t.db.insert(reviewLog).values(long);
    expect((await call(cookie, 'POST')).statusCode).toBe(202);
    const { job } = await finishedRoute(cookie);
    expect(job).toMatchObject({ status: 'done', outcome: { reviews: 1200 + OPTIMIZE_MAX_CARD_REVIEWS } });
  });

  it('reads whole cards, the most recently studied first, up to the total', async () => {
    const actor = await student();
    // a: 5 reviews, last on day 10; b: 2, last on day 20; c: 4, last on day 30 (and an undone one after).
    const plan = { a: [2, 4, 6, 8, 10], b: [15, 20], c: [21, 24, 27, 30] } as const;
    const rows = Object.entries(plan).flatMap(([card, days]) =>
      days.map((d) => ({
        opId: `op-${card}-${d}`,
        userId: actor.id,
        itemId: card,
        type: 'flashcard' as const,
        rating: 3,
        reviewedAt: new Date(Date.UTC(2025, 0, 1) + d * DAY),
        deviceId: 'device-1',
        payload: {},
      })),
    );
    rows.push({ ...rows.at(-1)!, opId: 'op-undone', reviewedAt: new Date(Date.UTC(2025, 0, 1) + 40 * DAY) });
    await t.db.insert(reviewLog).values(rows.map((r) => ({ ...r, undone: r.opId === 'op-undone' })));
    const read = async (perCard: number, total: number) =>
      decodeReviews(await optimizerRepository.reviewsToFit(t.db, actor.id, { perCard, total }))
        .map((r) => `${r.itemId}${(r.at - Date.UTC(2025, 0, 1)) / DAY}`)
        .sort();
    // Each card's first 3: c 3, b 2 (5 in all), then a's 3 would make 8.
    expect(await read(3, 7)).toEqual(['b15', 'b20', 'c21', 'c24', 'c27']);
    expect(await read(3, 8)).toEqual(['a2', 'a4', 'a6', 'b15', 'b20', 'c21', 'c24', 'c27']);
    expect(await read(100, 100)).toHaveLength(11);
  });
});
