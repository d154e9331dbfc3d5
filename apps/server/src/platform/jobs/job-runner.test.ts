// The job runner (issue 32) on a real PostgreSQL: jobs run once with their progress and result in their row,
// a task's refusal fails at once, other failures are tried MAX_ATTEMPTS times, a dead instance's job runs
// again on another, cancel, 'Try again', and a college's third job waits while another college's runs.
import { mkdtemp, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.ts';
import { job as jobTable } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../../test/harness.ts';
import { createUser } from '../../../test/helpers.ts';
import {
  collegeQueues,
  JobRefusal,
  jobRunner,
  MAX_ATTEMPTS,
  type JobRunner,
  type JobRunnerDeps,
  type JobTask,
} from './job-runner.ts';
import { jobsRepository } from './jobs-repository.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let conn: ReturnType<typeof createDb>;
const runners: JobRunner[] = [];
const quiet = { info() {}, warn() {}, error() {}, debug() {} };
let OWNER = '';

beforeAll(async () => {
  database = await createTestDatabase();
  conn = createDb(database.url, 8);
  OWNER = (await createUser(conn.db)).id;
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await conn.db.delete(jobTable);
  await conn.db.execute(sql`delete from graphile_worker._private_jobs`);
});
afterAll(async () => {
  await conn.pool.end();
  await database.drop();
});

async function startRunner(
  tasks: Record<string, JobTask>,
  opts: { concurrency?: number; deadMs?: number; publish?: JobRunnerDeps['publish'] } = {},
) {
  const r = jobRunner({
    db: conn.db,
    pool: conn.pool,
    log: quiet,
    ...(opts.publish ? { publish: opts.publish } : {}),
    concurrency: opts.concurrency ?? 1,
    timing: { heartbeatMs: 200, sweepMs: 200, deadMs: opts.deadMs ?? 1_000 },
  });
  for (const [kind, task] of Object.entries(tasks)) r.define(kind, task);
  runners.push(r);
  await r.start();
  return r;
}
const queue = (r: JobRunner, kind: string, collegeId = 'c1', input: unknown = {}) =>
  conn.db.transaction((tx) => r.queue(tx, { kind, ownerId: OWNER, collegeId, input }));

async function until<T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const settled = (r: JobRunner, id: string) =>
  until(
    () => r.get(id),
    (j) => !!j && ['done', 'failed', 'cancelled'].includes(j.state),
  );

describe('job runner', () => {
  it('runs a queued job once, with its progress and result in the row', async () => {
    let runs = 0;
    const r = await startRunner({
      echo: {
        failedMessage: 'Echo failed.',
        async run(ctx) {
          runs++;
          await ctx.progress(0.5);
          return { got: ctx.job.input };
        },
      },
    });
    const queued = await queue(r, 'echo', 'c1', { n: 7 });
    expect(queued.state).toBe('queued');
    expect(collegeQueues('c1')).toContain(queued.queue);
    const done = await settled(r, queued.id);
    expect(done).toMatchObject({ state: 'done', result: { got: { n: 7 } }, attempts: 1, error: null });
    expect(runs).toBe(1);
  });

  it("tells the owner's streams live: a job's start, progress and end, and a job waiting behind one that ended", async () => {
    const events: { userId: string; id: string; kind: string }[] = [];
    const gates = new Map<string, () => void>();
    const r = await startRunner(
      {
        hold: {
          failedMessage: 'unused',
          async run(ctx) {
            await ctx.progress(0.5);
            await new Promise<void>((res) => gates.set(ctx.job.id, res));
          },
        },
      },
      { concurrency: 2, publish: async (userId, e) => void events.push({ userId, ...e }) },
    );
    // One and two take the college's two queues; three waits behind one.
    const [one, two, three] = [await queue(r, 'hold'), await queue(r, 'hold'), await queue(r, 'hold')];
    expect(three!.queue).toBe(one!.queue);
    await until(
      async () => gates.size,
      (n) => n === 2,
    );
    const of = (id: string) => events.filter((e) => e.id === id);
    // Running, then its progress.
    expect(of(one!.id).length).toBeGreaterThanOrEqual(2);
    expect(events.every((e) => e.userId === OWNER && e.kind === 'hold')).toBe(true);
    const before = of(three!.id).length;
    // One ends: its owner hears it, and so does three's (its turn came), before three runs.
    gates.get(one!.id)!();
    await settled(r, one!.id);
    await until(
      async () => of(three!.id).length,
      (n) => n > before,
    );
    // …and it starts once one's queue is free, not at the workers' next poll (10 s here): graphile-worker
    // frees a queue without waiting, so the runner wakes the workers then.
    await until(async () => gates.has(three!.id), Boolean, 5_000);
    for (const id of [two!.id, three!.id]) gates.get(id)!();
    await settled(r, three!.id);
    expect(of(three!.id).length).toBeGreaterThanOrEqual(before + 3);
  });

  it("a task's refusal fails the job at once with its message; other failures are tried again", async () => {
    let flaky = 0;
    let broken = 0;
    const r = await startRunner({
      refuse: {
        failedMessage: 'unused',
        run: async () => {
          throw new JobRefusal('This file is not an Anki package.');
        },
      },
      flaky: {
        failedMessage: 'Flaky failed.',
        run: async () => {
          if (++flaky < 2) throw new Error('first try fails');
          return 'ok';
        },
      },
      broken: {
        failedMessage: 'This import could not finish. Try again later.',
        run: async () => {
          broken++;
          throw new Error('always');
        },
      },
    });
    const a = await queue(r, 'refuse');
    const b = await queue(r, 'flaky', 'c2');
    const c = await queue(r, 'broken', 'c3');
    expect(await settled(r, a.id)).toMatchObject({
      state: 'failed',
      error: 'This file is not an Anki package.',
    });
    expect(await settled(r, b.id)).toMatchObject({ state: 'done', result: 'ok', attempts: 2 });
    const failed = await until(
      () => r.get(c.id),
      (j) => j?.state === 'failed',
      40_000,
    );
    expect(failed).toMatchObject({
      error: 'This import could not finish. Try again later.',
      attempts: MAX_ATTEMPTS,
    });
    expect(broken).toBe(MAX_ATTEMPTS);
  }, 60_000);

  it('a job an instance held when it died runs again on another, and fails after its last attempt', async () => {
    // A dead instance: its heartbeat old, a job running there locked by its worker in graphile-worker.
    const live = await startRunner({
      work: { failedMessage: 'Work failed.', run: async () => 'finished elsewhere' },
    });
    const held = async (attempts: number) => {
      const j = await queue(live, 'work');
      // Lock it as a dead worker would have (before the live runner takes it: a future run_at first).
      await conn.db.execute(sql`update graphile_worker._private_jobs
        set locked_by = 'dead-worker', locked_at = now(), attempts = ${attempts}, run_at = now()
        where key = ${j.id}`);
      await jobsRepository.update(conn.db, j.id, {
        state: 'running',
        attempts,
        instanceId: 'dead-instance',
        updatedAt: Date.now(),
      });
      return j;
    };
    await live.stop();
    runners.length = 0;
    const again = await held(1);
    const last = await held(MAX_ATTEMPTS);
    await jobsRepository.heartbeat(conn.db, 'dead-instance', ['dead-worker'], Date.now() - 60_000);
    const other = await startRunner({
      work: { failedMessage: 'Work failed.', run: async () => 'finished elsewhere' },
    });
    expect(await settled(other, again.id)).toMatchObject({ state: 'done', result: 'finished elsewhere' });
    expect(await settled(other, last.id)).toMatchObject({ state: 'failed', error: 'Work failed.' });
    const left = await conn.db.execute(
      sql`select count(*)::int as n from job_instance where id = 'dead-instance'`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  }, 30_000);

  it('cancel ends a queued job at once and stops a running one; Try again runs a failed one anew', async () => {
    let release: () => void = () => undefined;
    let fail = true;
    const r = await startRunner({
      slow: {
        failedMessage: 'Slow failed.',
        async run(ctx) {
          for (;;) {
            await ctx.progress(0.1);
            await new Promise((res) => setTimeout(res, 100));
          }
        },
      },
      once: {
        failedMessage: 'unused',
        async run() {
          if (fail) throw new JobRefusal('Not this time.');
          return 'second time';
        },
      },
      gate: {
        failedMessage: 'unused',
        run: () => new Promise<void>((res) => (release = res)),
      },
    });
    const running = await queue(r, 'slow', 'c1');
    await until(
      () => r.get(running.id),
      (j) => j?.state === 'running',
    );
    expect((await r.cancel((await r.get(running.id))!)).state).toBe('running');
    expect(await settled(r, running.id)).toMatchObject({ state: 'cancelled' });

    // Queued behind a running job of the same slot (concurrency 1): cancelled before it runs.
    const gate = await queue(r, 'gate', 'c9');
    await until(
      () => r.get(gate.id),
      (j) => j?.state === 'running',
    );
    const waiting = await queue(r, 'slow', 'c9');
    expect((await r.cancel(waiting)).state).toBe('cancelled');
    release();
    expect(await settled(r, gate.id)).toMatchObject({ state: 'done' });

    const once = await queue(r, 'once', 'c2');
    expect(await settled(r, once.id)).toMatchObject({ state: 'failed', error: 'Not this time.' });
    fail = false;
    await conn.db.transaction(async (tx) => r.retry(tx, (await r.get(once.id))!));
    expect(await settled(r, once.id)).toMatchObject({ state: 'done', result: 'second time', error: null });
  }, 30_000);

  it("another college's first job goes before a college's third, queued earlier", async () => {
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const r = await startRunner(
      {
        hold: {
          failedMessage: 'unused',
          run: (ctx) =>
            new Promise<void>((res) => {
              const name = (ctx.job.input as { name: string }).name;
              started.push(name);
              gates.set(name, res);
            }),
        },
      },
      { concurrency: 2 },
    );
    for (const name of ['a1', 'a2', 'a3']) await queue(r, 'hold', 'college-a', { name });
    await until(
      async () => started.length,
      (n) => n === 2,
    );
    await queue(r, 'hold', 'college-b', { name: 'b1' });
    // A slot frees: b1 takes it, though a3 waited longer (a's first two run; b has none).
    gates.get(started[0]!)!();
    await until(
      async () => started.length,
      (n) => n === 3,
    );
    expect(started[2]).toBe('b1');
    for (;;) {
      for (const g of gates.values()) g();
      if (started.length === 4 && gates.size === 4) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    for (const g of gates.values()) g();
  }, 30_000);

  it('the hourly clean-up lets go of jobs a day after they ended, and of temporary copies a crash left', async () => {
    const expired: string[] = [];
    const r = await startRunner({
      echo: { failedMessage: 'unused', run: async () => 'ok', expired: async (j) => void expired.push(j.id) },
    });
    const old = await queue(r, 'echo');
    const fresh = await queue(r, 'echo');
    await settled(r, old.id);
    await settled(r, fresh.id);
    const DAY = 24 * 3_600_000;
    await conn.db
      .update(jobTable)
      .set({ finishedAt: Date.now() - DAY - 60_000 })
      .where(eq(jobTable.id, old.id));
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'zan-job-'));
    const stale = Date.now() / 1000 - 2 * 86_400;
    await utimes(tmp, stale, stale);
    await r.cleanup();
    expect(expired).toEqual([old.id]);
    expect(await r.get(old.id)).toBeNull();
    expect((await r.get(fresh.id))?.state).toBe('done');
    expect(await stat(tmp).catch(() => null)).toBeNull();
  });

  it("a college's jobs wait in its two queues; another college's job is not behind them", async () => {
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const r = await startRunner(
      {
        hold: {
          failedMessage: 'unused',
          run: (ctx) =>
            new Promise<void>((res) => {
              started.push((ctx.job.input as { name: string }).name);
              gates.set((ctx.job.input as { name: string }).name, res);
            }),
        },
      },
      { concurrency: 3 },
    );
    const busy = [];
    for (const name of ['a1', 'a2', 'a3', 'a4']) busy.push(await queue(r, 'hold', 'college-a', { name }));
    await until(
      async () => started.length,
      (n) => n === 2,
    );
    const b = await queue(r, 'hold', 'college-b', { name: 'b1' });
    await until(
      async () => started.length,
      (n) => n === 3,
    );
    expect(started.slice(0, 2).sort()).toEqual(['a1', 'a2']);
    expect(started[2]).toBe('b1');
    // a3 and a4 wait, one in each of college a's queues, behind one job each.
    expect(await r.ahead((await r.get(busy[2]!.id))!)).toBe(1);
    expect(await r.ahead((await r.get(busy[3]!.id))!)).toBe(1);
    // Every job ends once let go: the waiting ones start as the slots free.
    const all = [...busy, b];
    for (;;) {
      for (const g of gates.values()) g();
      const rows = await Promise.all(all.map((j) => r.get(j.id)));
      if (rows.every((j) => j?.state === 'done')) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(started.sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
  }, 30_000);
});
