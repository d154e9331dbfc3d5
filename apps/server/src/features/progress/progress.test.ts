// Progress upload and pull: idempotent retries, latest-wins convergence across devices, clamped
// clocks, resets, whole-version pages, the live 'progress' event, and `afterReviews` (the optimizer's
// automatic runs, features/scheduler) told after an upload that stored flashcard reviews.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { schedule, type ProgressOp, type ProgressPullResponse } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import { studentActor } from '../../../test/optimizer-fixtures.ts';
import { countRows, reviewOp } from '../../../test/sync-fixtures.ts';
import { RUN_MAX } from './progress-apply.ts';
import { progressService } from './progress-service.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const opId = () => `op-${crypto.randomUUID()}`;
const T0 = Date.UTC(2025, 9, 1, 9, 0, 0);
const MERGED = schedule({ easeFactor: 2.5, interval: 600 }, 'good', new Date(T0)).interval;

const review = (itemId: string, reviewedAt: number, interval: number, over: { isSuspended?: boolean } = {}) =>
  reviewOp(itemId, reviewedAt, interval, over);

async function push(t: T, cookie: string, deviceId: string, ops: ProgressOp[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/progress',
    headers: { cookie },
    payload: { deviceId, ops },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { accepted: string[]; serverTime: number };
}
async function pull(t: T, cookie: string, since = 0, limit?: number): Promise<ProgressPullResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sync/progress?since=${since}${limit ? `&limit=${limit}` : ''}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProgressPullResponse;
}

describe('progress sync', () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('an op its data makes the database refuse is set aside alone; the batch around it is applied once', async () => {
    const u = await signedInUser(t.app, t.db);
    // A data error only the database sees (SQLSTATE 23514) for one item, as a constraint would raise.
    await t.db.execute(sql`
      create or replace function zan_test_poison() returns trigger language plpgsql as $$
      begin
        if new.item_id = 'poison' then raise check_violation using message = 'poisoned item'; end if;
        return new;
      end $$;
      drop trigger if exists zan_test_poison on review_log;
      create trigger zan_test_poison before insert on review_log
        for each row execute function zan_test_poison();`);
    try {
      const ops = [review('before', T0, 600), review('poison', T0, 600), review('after', T0, 600)];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/progress',
        headers: { cookie: u.cookie },
        payload: { deviceId: 'device-poison', ops },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ accepted: string[]; rejected: { opId: string; reason: string }[] }>();
      expect(body.accepted).toEqual([ops[0]!.opId, ops[2]!.opId]);
      expect(body.rejected).toEqual([{ opId: ops[1]!.opId, reason: 'refused: 23514' }]);
      const state = await pull(t, u.cookie);
      expect(state.records.map((r) => r.itemId).sort()).toEqual(['after', 'before']);
      // The first attempt (the whole batch at once) left nothing behind: one log row per applied op.
      const logged = await t.db.execute<{ n: string }>(
        sql`select count(*) as n from review_log where user_id = ${u.id}`,
      );
      expect(Number(logged.rows[0]?.n)).toBe(2);
      // A retry of the same upload changes nothing and accepts the applied ops again.
      const again = await push(t, u.cookie, 'device-poison', [ops[0]!, ops[2]!]);
      expect(again.accepted).toEqual([ops[0]!.opId, ops[2]!.opId]);
    } finally {
      await t.db.execute(sql`drop trigger if exists zan_test_poison on review_log`);
    }
  });

  it('a lost acknowledgement retried gives exactly one copy', async () => {
    const u = await signedInUser(t.app, t.db);
    const session: ProgressOp = {
      opId: opId(),
      kind: 'session',
      session: {
        id: crypto.randomUUID(),
        date: T0,
        durationInSeconds: 600,
        subjectId: 's1',
        subjectName: 'Cardiology',
        moduleId: 'm1',
        moduleName: 'Heart',
      },
    };
    const ops = [review('card-1', T0, 600), session];
    const first = await push(t, u.cookie, 'device-aaaa', ops);
    const retry = await push(t, u.cookie, 'device-aaaa', ops);
    expect(first.accepted).toEqual(ops.map((o) => o.opId));
    expect(retry.accepted).toEqual(first.accepted);
    expect(await countRows(t.db, 'review_log', sql`user_id = ${u.id}`)).toBe(1);
    expect(await countRows(t.db, 'study_session', sql`user_id = ${u.id}`)).toBe(1);
    expect(await countRows(t.db, 'progress_record', sql`user_id = ${u.id}`)).toBe(1);
    const back = await pull(t, u.cookie);
    expect(back.records).toEqual([ops[0]?.kind === 'upsert' ? ops[0].record : null]);
    expect(back.sessions).toEqual([session.kind === 'session' ? session.session : null]);
    expect(back.hasMore).toBe(false);
    // The retry changed nothing, so a pull from the first version returns nothing new.
    expect((await pull(t, u.cookie, back.version)).records).toEqual([]);
  });

  it('a session uploaded again with a longer duration counts once: the longest (latest) wins', async () => {
    const u = await signedInUser(t.app, t.db);
    const id = crypto.randomUUID();
    const sessionOp = (durationInSeconds: number): ProgressOp => ({
      opId: opId(),
      kind: 'session',
      session: {
        id,
        date: T0,
        durationInSeconds,
        subjectId: 's1',
        subjectName: 'Cardiology',
        moduleId: 'm1',
        moduleName: 'Heart',
      },
    });
    await push(t, u.cookie, 'device-aaaa', [sessionOp(30)]);
    const first = await pull(t, u.cookie);
    await push(t, u.cookie, 'device-aaaa', [sessionOp(95)]);
    // An older, shorter save of the same session arriving late changes nothing.
    await push(t, u.cookie, 'device-aaaa', [sessionOp(60)]);
    expect(await countRows(t.db, 'study_session', sql`user_id = ${u.id}`)).toBe(1);
    const total = await t.db.execute(
      sql`select sum(duration_in_seconds)::int as s from study_session where user_id = ${u.id} and not deleted`,
    );
    expect(total.rows[0]).toEqual({ s: 95 });
    // Other devices pull the longer session.
    const later = await pull(t, u.cookie, first.version);
    expect(later.sessions.map((s) => [s.id, s.durationInSeconds])).toEqual([[id, 95]]);
  });

  // Issue 18: no review is lost — the earlier review (600 s) stands, the later one, made without seeing
  // it, is scheduled again on top of it (SM-2 Good: 600 × 2.5), whichever arrives first.
  it('two devices reviewing the same card converge on the replay whatever the arrival order (tie broken by deviceId)', async () => {
    const scenarios = [
      {
        name: 'older first',
        ops: [
          ['device-aaaa', T0 + 1000, 600],
          ['device-bbbb', T0 + 2000, 1200],
        ],
        wins: MERGED,
      },
      {
        name: 'newer first',
        ops: [
          ['device-bbbb', T0 + 2000, 1200],
          ['device-aaaa', T0 + 1000, 600],
        ],
        wins: MERGED,
      },
      {
        name: 'tie, a then b',
        ops: [
          ['device-aaaa', T0, 600],
          ['device-bbbb', T0, 1200],
        ],
        wins: MERGED,
      },
      {
        name: 'tie, b then a',
        ops: [
          ['device-bbbb', T0, 1200],
          ['device-aaaa', T0, 600],
        ],
        wins: MERGED,
      },
    ] as const;
    for (const s of scenarios) {
      const u = await signedInUser(t.app, t.db);
      for (const [device, at, interval] of s.ops)
        await push(t, u.cookie, device, [review('card-x', at, interval)]);
      const state = await pull(t, u.cookie);
      expect(
        state.records.map((r) => r.interval),
        s.name,
      ).toEqual([s.wins]);
      expect(await countRows(t.db, 'review_log', sql`user_id = ${u.id}`)).toBe(2); // both reviews are logged
    }
  });

  it("issue 9 case 11: clamps against the database's clock, not the instance's own", async () => {
    const u = await signedInUser(t.app, t.db);
    const real = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(real + 86_400_000); // this instance's clock is a day fast
    try {
      const { serverTime } = await push(t, u.cookie, 'device-skewed-instance', [
        review('card-i', real + 3_600_000, 600),
      ]);
      expect(Math.abs(serverTime - real)).toBeLessThan(60_000);
      expect((await pull(t, u.cookie)).records[0]?.reviewedAt).toBe(serverTime);
    } finally {
      spy.mockRestore();
    }
  });

  it("clamps a client clock that runs ahead to the server's", async () => {
    const u = await signedInUser(t.app, t.db);
    const future = Date.now() + 365 * 86_400_000;
    const { serverTime } = await push(t, u.cookie, 'device-fast', [review('card-f', future, 600)]);
    const [rec] = (await pull(t, u.cookie)).records;
    expect(rec?.reviewedAt).toBe(serverTime);
    // An honest later review from another device now comes after the clamped one (issue 18: replayed
    // on top of it, SM-2 Good from 600 s).
    await push(t, u.cookie, 'device-slow', [review('card-f', serverTime + 5, 1200)]);
    expect((await pull(t, u.cookie)).records.map((r) => r.interval)).toEqual([MERGED]);
  });

  it('a reset (delete) wins over older reviews that arrive later, and loses to newer ones', async () => {
    const u = await signedInUser(t.app, t.db);
    await push(t, u.cookie, 'device-aaaa', [review('card-r', T0, 600)]);
    const first = await pull(t, u.cookie);
    await push(t, u.cookie, 'device-aaaa', [
      { opId: opId(), kind: 'delete', itemId: 'card-r', at: T0 + 10_000 },
    ]);
    await push(t, u.cookie, 'device-bbbb', [review('card-r', T0 + 5_000, 1200)]); // made offline before the reset
    const after = await pull(t, u.cookie, first.version);
    expect(after.records).toEqual([]);
    expect(after.deletedItemIds).toEqual(['card-r']);
    await push(t, u.cookie, 'device-bbbb', [review('card-r', T0 + 20_000, 60)]);
    const again = await pull(t, u.cookie, after.version);
    expect(again.records.map((r) => [r.itemId, r.interval])).toEqual([['card-r', 60]]);
    expect(again.deletedItemIds).toEqual([]);
  });

  it('one upload of many ops ends as those ops uploaded one by one (the set-wise path: reviews, answers, deletes, resets, a repeated op id)', async () => {
    const answer = (itemId: string, at: number, interval: number): ProgressOp => ({
      opId: opId(),
      kind: 'upsert',
      rating: 2,
      record: {
        itemId,
        type: 'mcq',
        cardId: null,
        questionId: itemId,
        subjectId: 'subject-1',
        deckId: 'deck-1',
        easeFactor: 2.5,
        interval,
        dueDate: at,
        isSuspended: false,
        reviewedAt: at,
      },
    });
    const del = (itemId: string, at: number): ProgressOp => ({ opId: opId(), kind: 'delete', itemId, at });
    // Another device's work, stored first: later reviews and answers, and a reset of the deck.
    const other: ProgressOp[] = [
      review('c1', T0 + 50_000, 900),
      answer('q1', T0 + 50_000, 5),
      answer('q2', T0 + 1_000, 7),
      { opId: opId(), kind: 'resetDeck', deckId: 'deck-1', at: T0 + 60_000 },
      answer('q7', T0 + 61_000, 8),
      review('c4', T0 + 61_000, 30),
    ];
    const repeated = review('c2', T0, 600);
    const uploads: ProgressOp[][] = [
      [
        review('c1', T0 + 10_000, 600), // older than the other device's review and reset
        review('c4', T0 + 62_000, 60),
        answer('q1', T0 + 10_000, 1), // loses latest-wins to the later answer (and to the reset)
        answer('q3', T0 + 70_000, 3),
        answer('q3', T0 + 71_000, 4), // the same question twice: the later stands
        repeated,
        repeated, // one op id twice: applied once
        del('c2', T0 + 72_000),
        answer('q2', T0 + 73_000, 2),
        del('q2', T0 + 74_000),
        review('c3', T0 + 45_000, 120), // made before the reset: it loses
        answer('q4', T0 + 45_000, 1), // likewise
        answer('q5', T0 + 75_000, 2), // after it: it stands
        {
          opId: opId(),
          kind: 'session',
          session: {
            id: crypto.randomUUID(),
            date: T0 + 76_000,
            durationInSeconds: 30,
            subjectId: 's1',
            subjectName: 'Cardiology',
            moduleId: 'm1',
            moduleName: 'Heart',
          },
        },
        review('c5', T0 + 77_000, 60),
      ],
      // Distinct answers no reset beats (one statement), one of them losing to a later answer.
      [answer('q6', T0 + 80_000, 1), answer('q7', T0 + 60_500, 9), review('c5', T0 + 81_000, 600)],
    ];
    const whole = await signedInUser(t.app, t.db);
    const oneByOne = await signedInUser(t.app, t.db);
    for (const u of [whole, oneByOne]) await push(t, u.cookie, 'device-bbbb', other);
    for (const ops of uploads) {
      await push(t, whole.cookie, 'device-aaaa', ops);
      for (const op of ops) await push(t, oneByOne.cookie, 'device-aaaa', [op]);
    }
    const state = async (cookie: string) => {
      const p = await pull(t, cookie);
      return {
        records: [...p.records].sort((a, b) => a.itemId.localeCompare(b.itemId)),
        deleted: [...p.deletedItemIds].sort(),
      };
    };
    const got = await state(whole.cookie);
    expect(got).toEqual(await state(oneByOne.cookie));
    expect(got.records.map((r) => [r.itemId, r.interval])).toEqual([
      ['c4', got.records[0]!.interval],
      ['c5', got.records[1]!.interval],
      ['q3', 4],
      ['q5', 2],
      ['q6', 1],
      ['q7', 8],
    ]);
    expect(got.deleted).toEqual(['c1', 'c2', 'c3', 'q1', 'q2', 'q4']); // c1: the reset cut both its reviews
    const logged = await t.db.execute<{ n: string }>(
      sql`select count(*) as n from review_log where user_id = ${whole.id}`,
    );
    expect(Number(logged.rows[0]?.n)).toBe(other.length - 1 + uploads[0]!.length - 2 + uploads[1]!.length);
  });

  it('an upload longer than one set-wise run (RUN_MAX ops) ends as the same ops in short uploads', async () => {
    const ops: ProgressOp[] = Array.from({ length: RUN_MAX + 200 }, (_, i) =>
      review(`long-${i % 37}`, T0 + i * 60_000, 600 + i),
    );
    const whole = await signedInUser(t.app, t.db);
    const inParts = await signedInUser(t.app, t.db);
    await push(t, whole.cookie, 'device-aaaa', ops);
    for (let i = 0; i < ops.length; i += 100)
      await push(t, inParts.cookie, 'device-aaaa', ops.slice(i, i + 100));
    const records = async (cookie: string) =>
      (await pull(t, cookie)).records.sort((a, b) => a.itemId.localeCompare(b.itemId));
    const got = await records(whole.cookie);
    expect(got).toHaveLength(37);
    expect(got).toEqual(await records(inParts.cookie));
  });

  it('pages never split one upload, and the version only moves over what was returned', async () => {
    const u = await signedInUser(t.app, t.db);
    for (let batch = 0; batch < 3; batch++) {
      await push(
        t,
        u.cookie,
        'device-aaaa',
        [0, 1, 2, 3].map((i) => review(`card-${batch}-${i}`, T0 + batch * 10 + i, 600)),
      );
    }
    const p1 = await pull(t, u.cookie, 0, 5);
    expect(p1.records).toHaveLength(8); // two whole uploads: the 5th item's upload is completed
    expect(p1.hasMore).toBe(true);
    const p2 = await pull(t, u.cookie, p1.version, 5);
    expect(p2.records.map((r) => r.itemId)).toEqual(['card-2-0', 'card-2-1', 'card-2-2', 'card-2-3']);
    expect(p2.hasMore).toBe(false);
    const p3 = await pull(t, u.cookie, p2.version, 5);
    expect(p3).toEqual({
      records: [],
      deletedItemIds: [],
      sessions: [],
      deletedSessionIds: [],
      version: p2.version,
      hasMore: false,
    });
  });

  it("keeps users apart and tells the user's connections that progress changed", async () => {
    const u = await signedInUser(t.app, t.db);
    const other = await signedInUser(t.app, t.db);
    const listener = new pg.Client({ connectionString: t.pool.options.connectionString });
    await listener.connect();
    const notices: { u: string; e: string; d: Record<string, unknown> }[] = [];
    listener.on('notification', (m) => notices.push(JSON.parse(m.payload ?? '{}')));
    await listener.query('LISTEN zan_events');
    try {
      await push(t, u.cookie, 'device-aaaa', [review('card-p', T0, 600)]);
      for (let i = 0; i < 50 && !notices.some((n) => n.e === 'progress'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(notices.find((n) => n.e === 'progress')).toMatchObject({
        u: u.id,
        d: { deviceId: 'device-aaaa' },
      });
      expect((await pull(t, other.cookie)).records).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it('tells afterReviews after an upload that stored flashcard reviews, and only then', async () => {
    const actor = await studentActor(t.db);
    const told: string[] = [];
    const progress = progressService({
      db: t.db,
      notify: async () => undefined,
      limits: t.config.progressLimits,
      afterReviews: (a) => told.push(a.id),
    });
    const upload = (ops: ProgressOp[]) => progress.push(actor, { deviceId: 'device-2', ops });
    await upload([review('card-a', T0, 600)]);
    expect(told).toEqual([actor.id]);
    await upload([reviewOp('card-a', T0 + 1000, 600, { rating: null, isSuspended: true })]); // a suspend
    await upload([{ opId: 'not-an-op' } as unknown as ProgressOp]); // refused
    expect(told).toEqual([actor.id]);
  });
});
