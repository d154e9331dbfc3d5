// Issue 18 daily limits across devices: GET /api/sync/day-tally lists the flashcards the caller's OTHER
// devices answered since the day started — new (unscheduled before) or reviewed, each card once — and
// leaves out this device's answers, earlier days, undone reviews, MCQ answers and other students'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DayTallyResponse, type ProgressOp } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import { loggedReviewOp as reviewOp, pushProgress } from '../../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const H = 3_600_000;

describe('GET /api/sync/day-tally', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const push = (cookie: string, deviceId: string, ops: ProgressOp[]) =>
    pushProgress(t.app, cookie, deviceId, ops);
  const get = async (cookie: string, since: number, deviceId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sync/day-tally?since=${since}&deviceId=${deviceId}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DayTallyResponse>();
  };

  it("lists the other devices' cards of the day, new or reviewed, each once", async () => {
    const me = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    const dayStart = Date.now() - 6 * H;
    const yesterday = dayStart - 10 * H;
    // Device A today: card-new met for the first time then again (new once), card-rev reviewed (it was
    // scheduled yesterday), card-undone reviewed then taken back; yesterday: card-old.
    const n1 = reviewOp('card-new', null, 'again', dayStart + H);
    const n2 = reviewOp('card-new', n1.after, 'good', dayStart + 2 * H);
    const r0 = reviewOp('card-rev', null, 'easy', yesterday);
    const r1 = reviewOp('card-rev', r0.after, 'good', dayStart + 3 * H);
    const old = reviewOp('card-old', null, 'good', yesterday + H);
    const u1 = reviewOp('card-undone', r0.after, 'hard', dayStart + 4 * H);
    await push(me.cookie, 'device-a-123', [n1.op, n2.op, r0.op, r1.op, old.op, u1.op]);
    await push(me.cookie, 'device-a-123', [
      {
        opId: `undo-${crypto.randomUUID()}`,
        kind: 'undo',
        reviewOpId: u1.op.opId,
        itemId: 'card-undone',
        at: dayStart + 5 * H,
      },
    ]);
    // Device B today: card-b, its own (not listed to itself).
    await push(me.cookie, 'device-b-123', [reviewOp('card-b', null, 'good', dayStart + H).op]);
    // Another student's answers are not the caller's.
    await push(other.cookie, 'device-o-123', [reviewOp('card-x', null, 'good', dayStart + H).op]);

    const seenByB = await get(me.cookie, dayStart, 'device-b-123');
    expect(seenByB.newCardIds).toEqual(['card-new']);
    expect(seenByB.reviewedCardIds).toEqual(['card-rev']);
    const seenByA = await get(me.cookie, dayStart, 'device-a-123');
    expect(seenByA).toMatchObject({ newCardIds: ['card-b'], reviewedCardIds: [] });
    // A third device sees both.
    const third = await get(me.cookie, dayStart, 'device-c-123');
    expect([...third.newCardIds].sort()).toEqual(['card-b', 'card-new']);
  });

  it('reads at most two days back, whatever `since` says', async () => {
    const me = await signedInUser(t.app, t.db);
    const now = Date.now();
    await push(me.cookie, 'device-a-123', [reviewOp('card-ancient', null, 'good', now - 72 * H).op]);
    const r = await get(me.cookie, 0, 'device-b-123');
    expect(r.since).toBeGreaterThanOrEqual(now - 48 * H);
    expect(r.newCardIds).toEqual([]);
  });
});
