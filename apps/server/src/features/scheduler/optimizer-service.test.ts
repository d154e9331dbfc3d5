// Issue 18 'Optimize': a student's run fits their parameters off the request path; better ones become
// their scheduler settings (pulled by every device); too few reviews keep the defaults and say so.
import { DEFAULT_SCHEDULER_SETTINGS } from '@zan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import { logSimulatedReviews, optimizeCall, optimizeFinished } from '../../../test/optimizer-fixtures.ts';

describe('scheduler optimize', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ jobConcurrency: 1 });
  });
  afterAll(async () => t.close());

  const logReviews = (userId: string, cards: number, perCard: number) =>
    logSimulatedReviews(t.db, userId, { cards, perCard });

  const call = (cookie: string, method: 'GET' | 'POST') => optimizeCall(t.app, cookie, method);
  const finished = async (cookie: string) => (await optimizeFinished(t.app, cookie)).job;

  it('says more reviews are needed below the minimum, and keeps the defaults', async () => {
    const { cookie, id } = await signedInUser(t.app, t.db);
    await logReviews(id, 10, 5);
    const started = await call(cookie, 'POST');
    expect(started.statusCode).toBe(202);
    // Issue 38: told at once (the count says it; nothing is fitted), and it does not count as a run.
    expect(started.json().job).toMatchObject({ status: 'done', outcome: { kind: 'few' } });
    expect((await call(cookie, 'POST')).statusCode).toBe(202);
    expect(await finished(cookie)).toMatchObject({
      status: 'done',
      outcome: { kind: 'few', reviews: 50, needed: 400 },
    });
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/sync/scheduler-settings',
      headers: { cookie },
    });
    expect(settings.json().settings).toBeNull();
  });

  it('makes a better fit the student settings, with where it came from', async () => {
    const { cookie, id } = await signedInUser(t.app, t.db);
    await logReviews(id, 120, 10);
    expect((await call(cookie, 'POST')).statusCode).toBe(202);
    // A second press while it waits or runs joins the same run.
    expect(['queued', 'running']).toContain((await call(cookie, 'POST')).json().job.status);
    const job = await finished(cookie);
    expect(job?.status).toBe('done');
    if (job?.status !== 'done' || job.outcome.kind !== 'improved') throw new Error(JSON.stringify(job));
    expect(job.outcome.fitted.logLoss).toBeLessThan(job.outcome.current.logLoss);
    const { settings } = (
      await t.app.inject({ method: 'GET', url: '/api/sync/scheduler-settings', headers: { cookie } })
    ).json();
    expect(settings.parameters).toHaveLength(21);
    expect(settings.parametersSource).toMatchObject({ kind: 'personal', reviews: 1200 });
    expect(settings.parametersSource.logLoss).toBeCloseTo(job.outcome.fitted.logLoss, 10);
    // The rest of the settings are the defaults they were.
    expect(settings.desiredRetention).toBe(DEFAULT_SCHEDULER_SETTINGS.desiredRetention);
  });
});
