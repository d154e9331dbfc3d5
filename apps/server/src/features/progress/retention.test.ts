// Issue 18 Stats → 'Retention': GET /api/sync/retention counts the caller's own reviews from every device
// (first review of a card per day, Again a fail, young / mature by the interval before), older log rows
// without the state before included, undone reviews and other students' reviews left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionTotal, type CardState, type ProgressOp, type RetentionResponse } from '@zan/core';
import { reviewLog } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import { loggedReviewOp as reviewOp, pushProgress } from '../../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const H = 3_600_000;
/** Noon UTC, `days` days ago (past any rollover hour, and in the months the summary shows). */
const daysAgo = (days: number) => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 12) - days * DAY;
};

describe('GET /api/sync/retention', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const push = (cookie: string, deviceId: string, ops: ProgressOp[]) =>
    pushProgress(t.app, cookie, deviceId, ops);
  const get = async (cookie: string, timeZone = 'UTC') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sync/retention?timeZone=${encodeURIComponent(timeZone)}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RetentionResponse>();
  };
  const months = (r: RetentionResponse) =>
    r.months.reduce(
      (a, p) => ({
        young: { pass: a.young.pass + p.young.pass, total: a.young.total + p.young.total },
        mature: { pass: a.mature.pass + p.mature.pass, total: a.mature.total + p.mature.total },
      }),
      { young: { pass: 0, total: 0 }, mature: { pass: 0, total: 0 } },
    );

  it('counts every device’s reviews of the caller, first of the day only, young and mature', async () => {
    const me = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    // Device A: card-1 new (not counted), two days later Good, the same day Again (not counted).
    const a1 = reviewOp('card-1', null, 'good', daysAgo(10));
    const a2 = reviewOp('card-1', a1.after, 'good', daysAgo(8));
    const a3 = reviewOp('card-1', a2.after, 'again', daysAgo(8) + H);
    await push(me.cookie, 'device-a', [a1.op, a2.op, a3.op]);
    // Device B: card-1 again later (a fail), and card-2 mature (a 30-day interval before: a pass).
    const b1 = reviewOp('card-1', a3.after, 'again', daysAgo(5));
    const mature: CardState = { easeFactor: 2.5, interval: 30 * 86_400, dueDate: new Date(daysAgo(3)) };
    const b2 = reviewOp('card-2', mature, 'easy', daysAgo(3));
    await push(me.cookie, 'device-b', [b1.op, b2.op]);
    // Another student's reviews are not the caller's.
    const o1 = reviewOp('card-1', null, 'good', daysAgo(4));
    const o2 = reviewOp('card-1', o1.after, 'good', daysAgo(2));
    await push(other.cookie, 'device-o', [o1.op, o2.op]);

    const r = await get(me.cookie, 'Europe/London');
    expect(r.timeZone).toBe('Europe/London');
    expect(r.rolloverHour).toBe(4);
    expect(r.weeks).toHaveLength(4);
    expect(r.months).toHaveLength(6);
    expect(months(r)).toEqual({ young: { pass: 1, total: 2 }, mature: { pass: 1, total: 1 } });
    expect(r.reviews).toBe(3);
    expect((await get(other.cookie)).reviews).toBe(1);
  });

  it('leaves undone reviews out and reads older rows without the state before', async () => {
    const me = await signedInUser(t.app, t.db);
    const r1 = reviewOp('card-9', null, 'good', daysAgo(6));
    const r2 = reviewOp('card-9', r1.after, 'hard', daysAgo(4));
    await push(me.cookie, 'device-a', [r1.op, r2.op]);
    await push(me.cookie, 'device-a', [
      {
        opId: `undo-${crypto.randomUUID()}`,
        kind: 'undo',
        reviewOpId: r2.op.opId,
        itemId: 'card-9',
        at: daysAgo(4) + H,
      },
    ]);
    expect((await get(me.cookie)).reviews).toBe(0);

    // Rows from before issue 18: no scheduler, no state before; the previous row's interval decides.
    const row = (n: number, at: number, rating: number, interval: number) => ({
      opId: `old-${me.id}-${n}`,
      userId: me.id,
      itemId: 'card-old',
      type: 'flashcard' as const,
      rating,
      reviewedAt: new Date(at),
      deviceId: 'device-old',
      payload: { kind: 'upsert', record: { interval } },
    });
    await t.db.insert(reviewLog).values([
      row(1, daysAgo(400), 3, 40 * 86_400), // long before the months shown: history only
      row(2, daysAgo(9), 1, 60), // mature before (40 days): a fail
      row(3, daysAgo(7), 3, 86_400), // young before (1 minute): a pass
    ]);
    const r = await get(me.cookie);
    expect(months(r)).toEqual({ young: { pass: 1, total: 1 }, mature: { pass: 0, total: 1 } });
    expect(retentionTotal(months(r))).toEqual({ pass: 1, total: 2 });
  });

  it('counts an unknown time zone as UTC and refuses a missing one', async () => {
    const me = await signedInUser(t.app, t.db);
    expect((await get(me.cookie, 'Not/AZone')).timeZone).toBe('UTC');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sync/retention',
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});
