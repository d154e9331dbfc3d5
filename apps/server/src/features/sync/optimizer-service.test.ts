// Issue 18 'Optimize': a student's run fits their parameters off the request path; better ones become
// their scheduler settings (pulled by every device); too few reviews keep the defaults and say so.
import { DEFAULT_SCHEDULER_SETTINGS, type OptimizeStateResponse } from '@zan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLog } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';

const DAY = 86_400_000;

describe('scheduler optimize', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** `cards` cards, `perCard` reviews each, of a student who forgets faster than the defaults expect. */
  async function logReviews(userId: string, cards: number, perCard: number) {
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
          opId: `op-${userId}-${c}-${k}`,
          userId,
          itemId: `card-${c}`,
          type: 'flashcard',
          rating,
          reviewedAt: new Date(at),
          deviceId: 'device-1',
          payload: {},
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(reviewLog).values(rows.slice(i, i + 500));
  }

  const call = (cookie: string, method: 'GET' | 'POST') =>
    t.app.inject({
      method,
      url: '/api/sync/scheduler-optimize',
      headers: { cookie },
      ...(method === 'POST' ? { payload: { timeZone: 'Europe/Berlin' } } : {}),
    });
  async function finished(cookie: string): Promise<OptimizeStateResponse['job']> {
    for (let i = 0; i < 300; i++) {
      const job = (await call(cookie, 'GET')).json<OptimizeStateResponse>().job;
      if (job && job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the optimizer did not finish');
  }

  it('says more reviews are needed below the minimum, and keeps the defaults', async () => {
    const { cookie, id } = await signedInUser(t.app, t.db);
    await logReviews(id, 10, 5);
    const started = await call(cookie, 'POST');
    expect(started.statusCode).toBe(202);
    expect(started.json().job.status).toBe('running');
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
    // A second press while it runs joins the same run.
    expect((await call(cookie, 'POST')).json().job.status).toBe('running');
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
