// Issue 18: the optimizer also runs by itself, off the request path, once an FSRS student's uploads bring
// their reviews to the next 1,000 since the last fit; below that, or for SM-2 students, it does not. The
// upload tells autoStart (app.ts wires it; features/progress tests that the upload tells after reviews).
import { DEFAULT_SCHEDULER_SETTINGS, type OptimizeStateResponse, type SchedulerSettings } from '@zan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLog } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import { ended, optimizerInstance, studentActor } from '../../../test/optimizer-fixtures.ts';
import { reviewOp } from '../../../test/sync-fixtures.ts';

const DAY = 86_400_000;
const fsrs = (over: Partial<SchedulerSettings> = {}): SchedulerSettings => ({
  ...DEFAULT_SCHEDULER_SETTINGS,
  scheduler: 'fsrs',
  timeZone: 'Europe/Berlin',
  updatedAt: 1000,
  ...over,
});

describe('automatic optimizer runs', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // The app's job runner runs the runs that each student's optimizer (another instance) queues.
    t = await createTestApp({ jobConcurrency: 1 });
  });
  afterAll(async () => t.close());

  /** `n` logged reviews (three per card, a few days apart) of the student, after the `from` they have. */
  async function logReviews(userId: string, n: number, from = 0) {
    const rows: (typeof reviewLog.$inferInsert)[] = [];
    for (let i = from; i < from + n; i++) {
      const card = Math.floor(i / 3);
      rows.push({
        opId: `op-${userId}-${i}`,
        userId,
        itemId: `card-${card}`,
        type: 'flashcard',
        rating: (i * 7) % 5 === 0 ? 1 : 3,
        reviewedAt: new Date(Date.UTC(2026, 0, 1, 12) + (card % 20) * DAY + (i % 3) * 4 * DAY),
        deviceId: 'device-1',
        payload: {},
      });
    }
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(reviewLog).values(rows.slice(i, i + 500));
  }

  /** The settings and the optimizer as app.ts wires them, with every automatic check kept to wait on. */
  async function services() {
    const { settings, optimizer } = await optimizerInstance(t);
    const checks: Promise<boolean>[] = [];
    return { settings, optimizer, checks };
  }

  async function student(logged: number, settings: SchedulerSettings | null) {
    const actor = await studentActor(t.db);
    const s = await services();
    if (settings) await s.settings.put(actor, settings);
    await logReviews(actor.id, logged);
    return { actor, ...s, logged };
  }

  /** An upload of `n` new reviews as the optimizer hears of it: they are logged, then autoStart is told. */
  async function push(s: Awaited<ReturnType<typeof student>>, n: number) {
    await logReviews(s.actor.id, n, s.logged);
    s.logged += n;
    const check = s.optimizer.autoStart(s.actor);
    s.checks.push(check);
    await check; // before the next upload's reviews are logged
  }

  async function finished(s: Awaited<ReturnType<typeof student>>) {
    for (let i = 0; i < 600; i++) {
      const { job } = await s.optimizer.state(s.actor);
      if (ended(job)) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the optimizer did not finish');
  }

  it('starts a run when an upload brings an FSRS student past the next 1,000 reviews', async () => {
    const s = await student(998, fsrs());
    await push(s, 1); // 999
    expect(await Promise.all(s.checks)).toEqual([false]);
    expect((await s.optimizer.state(s.actor)).job).toBeNull();
    await push(s, 2); // 1,001
    expect(await Promise.all(s.checks)).toEqual([false, true]);
    expect(['queued', 'running']).toContain((await s.optimizer.state(s.actor)).job?.status);
    expect((await finished(s))?.status).toBe('done');
    // The next run waits for the next 1,000, whatever the fit kept.
    await push(s, 3);
    expect((await Promise.all(s.checks))[2]).toBe(false);
  });

  it('counts from the last fit: 1,000 new reviews after personal parameters from 1,500', async () => {
    const source = { kind: 'personal', reviews: 1500, optimizedAt: 1, logLoss: 0.4, rmse: 0.05 } as const;
    const s = await student(1998, fsrs({ parametersSource: source }));
    await push(s, 1); // 1,999: below 2,000
    await push(s, 1); // 2,000
    expect(await Promise.all(s.checks)).toEqual([false, true]);
    await finished(s);
  });

  it('leaves SM-2 students (and students who never saved settings) alone', async () => {
    const sm2 = await student(999, { ...DEFAULT_SCHEDULER_SETTINGS, updatedAt: 1000 });
    await push(sm2, 2);
    expect(await Promise.all(sm2.checks)).toEqual([false]);
    expect((await sm2.optimizer.state(sm2.actor)).job).toBeNull();
    const none = await student(999, null);
    await push(none, 2);
    expect(await Promise.all(none.checks)).toEqual([false]);
  });

  it('is wired to the upload route, which answers without waiting for it', async () => {
    const { cookie, id } = await signedInUser(t.app, t.db);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/sync/scheduler-settings',
      headers: { cookie },
      payload: fsrs(),
    });
    expect(put.statusCode).toBe(200);
    await logReviews(id, 999);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/progress',
      headers: { cookie },
      payload: { deviceId: 'device-2', ops: [reviewOp('new-0', Date.now() - 1000, 600)] },
    });
    expect(res.statusCode).toBe(200);
    let job: OptimizeStateResponse['job'] = null;
    for (let i = 0; i < 600 && job?.status !== 'done'; i++) {
      job = (
        await t.app.inject({ method: 'GET', url: '/api/sync/scheduler-optimize', headers: { cookie } })
      ).json<OptimizeStateResponse>().job;
      if (job?.status !== 'done') await new Promise((r) => setTimeout(r, 50));
    }
    expect(job?.status).toBe('done');
  });
});
