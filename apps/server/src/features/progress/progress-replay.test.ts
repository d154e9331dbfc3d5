// Issue 18: a flashcard's server state is the replay of its merged review history — any interleaving of
// two devices' uploads gives the state one device doing the reviews in review-time order would have
// (SM-2 and FSRS), and an undo drops one review, also one that has not arrived yet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RATINGS,
  newCardState,
  scheduleReview,
  type CardState,
  type CardStateDto,
  type ProgressOp,
  type ProgressPullResponse,
  type Rating,
  type ReviewScheduler,
} from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const T0 = Date.UTC(2025, 9, 1, 9, 0, 0);
const MIN = 60_000;
const FSRS: ReviewScheduler = {
  scheduler: 'fsrs',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
};
const SM2: ReviewScheduler = { scheduler: 'sm2' };

/** A small seeded generator (mulberry32): the same runs every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dto = (s: CardState): CardStateDto => ({
  easeFactor: s.easeFactor,
  interval: s.interval,
  dueDate: s.dueDate ? s.dueDate.getTime() : null,
  stability: s.stability ?? null,
  difficulty: s.difficulty ?? null,
  ...(s.learningState ? { learningState: s.learningState } : {}),
  ...(s.learningStep !== undefined ? { learningStep: s.learningStep } : {}),
  lastReview: s.lastReview ? s.lastReview.getTime() : null,
  ...(s.reps !== undefined ? { reps: s.reps } : {}),
  ...(s.lapses !== undefined ? { lapses: s.lapses } : {}),
});

/** A review as the web records it: scheduled from the state the device holds, with that state as `before`. */
function reviewOp(
  cardId: string,
  sched: ReviewScheduler,
  prior: CardState | null,
  rating: Rating,
  at: number,
): { op: ProgressOp; after: CardState } {
  const after = scheduleReview(sched, prior ?? newCardState(), rating, new Date(at), cardId);
  const op: ProgressOp = {
    opId: `op-${crypto.randomUUID()}`,
    kind: 'upsert',
    rating: RATINGS.indexOf(rating) + 1,
    record: {
      itemId: cardId,
      type: 'flashcard',
      cardId,
      questionId: null,
      subjectId: 'subject-1',
      deckId: 'deck-1',
      isSuspended: false,
      reviewedAt: at,
      ...dto(after),
    },
    review: {
      scheduler: sched,
      before: prior ? dto(prior) : null,
      elapsedMs: prior?.lastReview ? at - prior.lastReview.getTime() : null,
      durationMs: 4000,
    },
  };
  return { op, after };
}

async function push(t: T, cookie: string, deviceId: string, ops: ProgressOp[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/progress',
    headers: { cookie },
    payload: { deviceId, ops },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((res.json() as { accepted: string[] }).accepted).toHaveLength(ops.length);
}
async function pull(t: T, cookie: string): Promise<ProgressPullResponse> {
  const res = await t.app.inject({ method: 'GET', url: '/api/sync/progress?since=0', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProgressPullResponse;
}

function expectState(
  got: ProgressPullResponse['records'][number] | undefined,
  want: CardState,
  name: string,
) {
  expect(got, name).toBeDefined();
  expect(got?.interval, name).toBe(want.interval);
  expect(got?.dueDate, name).toBe(want.dueDate?.getTime() ?? null);
  expect(got?.easeFactor, name).toBeCloseTo(want.easeFactor, 4);
  if (want.stability == null) expect(got?.stability ?? null, name).toBeNull();
  else {
    expect(got?.stability, name).toBeCloseTo(want.stability, 8);
    expect(got?.difficulty, name).toBeCloseTo(want.difficulty ?? 0, 8);
    expect(got?.learningState, name).toBe(want.learningState);
  }
  expect(got?.reps, name).toBe(want.reps);
}

describe('progress replay', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('any interleaving of two devices’ reviews gives the state of one device reviewing in time order', async () => {
    for (let run = 0; run < 8; run++) {
      const rnd = random(1000 + run);
      const sched = run % 2 === 0 ? FSRS : SM2;
      const pick = () => RATINGS[Math.floor(rnd() * 4)] as Rating;
      // Each device reviews offline from what it holds (it never sees the other's reviews).
      const devices = ['device-aaaa', 'device-bbbb'].map((device) => {
        let state: CardState | null = null;
        let at = T0 + Math.floor(rnd() * 30) * MIN;
        const ops: { op: ProgressOp; at: number; rating: Rating }[] = [];
        for (let i = 1 + Math.floor(rnd() * 4); i > 0; i--) {
          const rating = pick();
          const r = reviewOp('card-p', sched, state, rating, at);
          ops.push({ op: r.op, at, rating });
          state = r.after;
          at += Math.floor(1 + rnd() * 3 * 24 * 60) * MIN;
        }
        return { device, ops };
      });
      // One device reviewing them all in review-time order (ties by device id).
      const merged = devices
        .flatMap((d) => d.ops.map((o) => ({ ...o, device: d.device })))
        .sort((a, b) => a.at - b.at || (a.device < b.device ? -1 : 1));
      let want: CardState = newCardState();
      for (const m of merged) want = scheduleReview(sched, want, m.rating, new Date(m.at), 'card-p');
      // Random interleaving of uploads in random batch sizes, each device's ops in its own order.
      const u = await signedInUser(t.app, t.db);
      const queues = devices.map((d) => ({ device: d.device, ops: d.ops.map((o) => o.op) }));
      while (queues.some((q) => q.ops.length)) {
        const q =
          queues.filter((x) => x.ops.length)[Math.floor(rnd() * 2)] ?? queues.find((x) => x.ops.length);
        if (!q) break;
        await push(t, u.cookie, q.device, q.ops.splice(0, 1 + Math.floor(rnd() * 2)));
      }
      const records = (await pull(t, u.cookie)).records;
      expectState(records[0], want, `run ${run} (${sched.scheduler})`);
    }
  });

  it('an undo drops one review; the other device pulls the earlier state', async () => {
    const u = await signedInUser(t.app, t.db);
    const first = reviewOp('card-u', FSRS, null, 'good', T0);
    const second = reviewOp('card-u', FSRS, first.after, 'good', T0 + 10 * MIN);
    await push(t, u.cookie, 'device-aaaa', [first.op, second.op]);
    expectState((await pull(t, u.cookie)).records[0], second.after, 'both');
    await push(t, u.cookie, 'device-aaaa', [
      {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'undo',
        reviewOpId: second.op.opId,
        itemId: 'card-u',
        at: T0 + 11 * MIN,
      },
    ]);
    expectState((await pull(t, u.cookie)).records[0], first.after, 'after undo');
    // Undoing the first as well leaves the card new again.
    await push(t, u.cookie, 'device-aaaa', [
      {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'undo',
        reviewOpId: first.op.opId,
        itemId: 'card-u',
        at: T0 + 12 * MIN,
      },
    ]);
    const state = await pull(t, u.cookie);
    expect(state.records).toEqual([]);
    expect(state.deletedItemIds).toEqual(['card-u']);
  });

  it('a review undone before it arrives is never applied', async () => {
    const u = await signedInUser(t.app, t.db);
    const first = reviewOp('card-v', SM2, null, 'good', T0);
    const late = reviewOp('card-v', SM2, first.after, 'again', T0 + 10 * MIN);
    await push(t, u.cookie, 'device-aaaa', [first.op]);
    await push(t, u.cookie, 'device-aaaa', [
      {
        opId: `op-${crypto.randomUUID()}`,
        kind: 'undo',
        reviewOpId: late.op.opId,
        itemId: 'card-v',
        at: T0 + 11 * MIN,
      },
    ]);
    await push(t, u.cookie, 'device-aaaa', [late.op]);
    expectState((await pull(t, u.cookie)).records[0], first.after, 'late review ignored');
  });

  // Issue 38: the replay reads a card's history from its last 'set' on (an import's state, a suspend);
  // when a reset cuts that 'set', rows before it may still count and the card is read whole.
  it('a reset that cuts the last set leaves the reviews its own device sent after it', async () => {
    const u = await signedInUser(t.app, t.db);
    const late = reviewOp('card-s', SM2, null, 'good', T0);
    const suspend: ProgressOp = {
      opId: `op-${crypto.randomUUID()}`,
      kind: 'upsert',
      rating: null,
      record: {
        itemId: 'card-s',
        type: 'flashcard',
        cardId: 'card-s',
        questionId: null,
        subjectId: 'subject-1',
        deckId: 'deck-1',
        isSuspended: true,
        reviewedAt: T0 + 10 * MIN,
        ...dto(newCardState()),
      },
    };
    await push(t, u.cookie, 'device-bbbb', [suspend]);
    expect((await pull(t, u.cookie)).records[0]?.isSuspended).toBe(true);
    await push(t, u.cookie, 'device-aaaa', [
      { opId: `op-${crypto.randomUUID()}`, kind: 'resetDeck', deckId: 'deck-1', at: T0 + 20 * MIN },
    ]);
    expect((await pull(t, u.cookie)).records).toEqual([]);
    // Reviewed before the reset on the device that reset, sent after it: it stands (one device's order).
    await push(t, u.cookie, 'device-aaaa', [late.op]);
    const [record] = (await pull(t, u.cookie)).records;
    expectState(record, late.after, 'the late review');
    expect(record?.isSuspended).toBe(false);
  });
});
