// `npm run bench -- job-runner` (issue 32): the two PostgreSQL job libraries the issue names, side by side on
// an embedded PostgreSQL, as Zan would run them — graphile-worker 0.17 and pg-boss 10 (the newest majors
// of both need Node 22; Zan runs on 20.19+) — and Zan's own runner on graphile-worker (platform/jobs: its
// heartbeat and sweep included). For each: how long an idle runner takes to start a job after it is queued
// (budget ≤ 1 s), and what an idle runner costs the database (budget ≤ 1 query a second per instance),
// counted as PostgreSQL's committed transactions over a quiet minute (every statement outside a
// transaction is one), less those of a database with no runner over the same time (PostgreSQL's own
// autovacuum counts there too). Prints the figures and the machine's load; fails only when a job never runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Logger, makeWorkerUtils, run, runMigrations } from 'graphile-worker';
import PgBoss from 'pg-boss';
import { createDb } from '../../apps/server/src/db/client.ts';
import { startEmbedded } from '../../apps/server/src/db/embedded.ts';
import { runMigrations as zanMigrations } from '../../apps/server/src/db/migrate.ts';
import { user } from '../../apps/server/src/db/schema/index.ts';
import { jobRunner } from '../../apps/server/src/platform/jobs/job-runner.ts';
import { loadAverage, median, ms, percentile, table, verdict } from './lib/stats.ts';

const { values } = parseArgs({
  options: { jobs: { type: 'string', default: '20' }, idle: { type: 'string', default: '60' } },
  strict: false,
});
const JOBS = Number(values.jobs ?? 20);
const IDLE_S = Number(values.idle ?? 60);
const BUDGET = { pickupMs: 1000, idleQps: 1 } as const;
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const log = (m: string) => console.log(m);
const quiet = new Logger(() => () => undefined);

/** Committed + rolled back transactions of `database` so far (the stats collector's view, flushed first). */
async function transactions(admin: pg.Pool, database: string): Promise<number> {
  await admin.query('select pg_stat_force_next_flush()');
  const r = await admin.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
    [database],
  );
  return Number(r.rows[0]?.n ?? 0);
}

type Lib = {
  name: string;
  /** Only makes the database (no runner): the baseline. */
  baseline?: boolean;
  /** Starts a runner whose handler calls `started(id)`; answers how to queue a job and to stop. */
  start(
    url: string,
    started: (id: string) => void,
  ): Promise<{ add(id: string): Promise<void>; stop(): Promise<void> }>;
};

const graphile: Lib = {
  name: 'graphile-worker 0.17 (poll 5 s)',
  async start(url, started) {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    await runMigrations({ pgPool: pool, logger: quiet });
    const runner = await run({
      pgPool: pool,
      concurrency: 1,
      pollInterval: 5000,
      noHandleSignals: true,
      logger: quiet,
      taskList: { t: async (payload) => started((payload as { id: string }).id) },
    });
    const utils = await makeWorkerUtils({ connectionString: url, logger: quiet });
    return {
      add: async (id) => void (await utils.addJob('t', { id })),
      stop: async () => {
        await runner.stop();
        await utils.release();
        await pool.end();
      },
    };
  },
};

const none = { info() {}, warn() {}, error() {}, debug() {} };

/** Zan's runner as an instance runs it (concurrency 1): graphile-worker, the heartbeat and the sweep. */
const zan: Lib = {
  name: "Zan's runner (graphile + heartbeat, sweep)",
  async start(url, started) {
    const { pool, db } = createDb(url, 4);
    await zanMigrations(pool);
    const [owner] = await db
      .insert(user)
      .values({ id: crypto.randomUUID(), name: 'Bench', email: 'bench@jobs.test', emailVerified: true })
      .returning({ id: user.id });
    const r = jobRunner({ db, pool, log: none, concurrency: 1 });
    r.define('t', {
      failedMessage: 'unused',
      run: async (ctx) => started((ctx.job.input as { id: string }).id),
    });
    await r.start();
    return {
      add: async (id) =>
        void (await db.transaction((tx) =>
          r.queue(tx, { kind: 't', ownerId: owner!.id, collegeId: 'bench', input: { id } }),
        )),
      stop: async () => {
        await r.stop();
        await pool.end();
      },
    };
  },
};

const baseline: Lib = {
  name: 'no runner (the baseline)',
  baseline: true,
  async start() {
    return { add: async () => undefined, stop: async () => undefined };
  },
};

const pgBoss: Lib = {
  name: 'pg-boss 10 (one queue, poll 5 s)',
  async start(url, started) {
    const boss = new PgBoss({ connectionString: url, max: 4 });
    boss.on('error', () => undefined);
    await boss.start();
    await boss.createQueue('t');
    await boss.work('t', { pollingIntervalSeconds: 5 }, async (jobs) => {
      for (const j of jobs) started((j.data as { id: string }).id);
    });
    const sender = new PgBoss({ connectionString: url, max: 2, supervise: false, schedule: false });
    await sender.start();
    return {
      add: async (id) => void (await sender.send('t', { id })),
      stop: async () => {
        await sender.stop({ graceful: false, wait: true });
        await boss.stop({ graceful: false, wait: true });
      },
    };
  },
};

async function measure(lib: Lib, base: string, admin: pg.Pool, database: string) {
  await admin.query(`create database "${database}"`);
  const url = `${base}${database}`;
  const startedAt = new Map<string, number>();
  const r = await lib.start(url, (id) => startedAt.set(id, performance.now()));
  // Idle: the runner alone, after a warm-up.
  await sleep(5000);
  const before = await transactions(admin, database);
  await sleep(IDLE_S * 1000);
  const idleQps = (await transactions(admin, database)) - before - 1;
  if (lib.baseline) {
    await r.stop();
    return { idleQps: idleQps / IDLE_S, pickups: [] as number[] };
  }
  // Pickup: one job at a time on the idle runner, each after a random pause within a poll interval.
  const pickups: number[] = [];
  for (let i = 0; i < JOBS; i++) {
    await sleep(500 + Math.random() * 5000);
    const id = `job-${i}`;
    const t0 = performance.now();
    await r.add(id);
    for (let w = 0; !startedAt.has(id); w++) {
      if (w > 2000) throw new Error(`${lib.name}: job ${id} never ran`);
      await sleep(5);
    }
    pickups.push(startedAt.get(id)! - t0);
  }
  await r.stop();
  return { idleQps: idleQps / IDLE_S, pickups };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-bench-jobs-'));
  fs.chmodSync(dir, 0o755); // initdb runs as PostgreSQL's own user
  const db = await startEmbedded({ dir: path.join(dir, 'pg'), port: undefined, database: 'postgres' });
  const base = db.url.slice(0, db.url.lastIndexOf('/') + 1);
  const admin = new pg.Pool({ connectionString: `${base}postgres`, max: 2 });
  try {
    log(`job-runner bench: ${JOBS} jobs each, ${IDLE_S} s idle; ${os.availableParallelism()} cores`);
    const rows: (string | number)[][] = [
      ['library', 'pickup p50', 'pickup p95', 'pickup max', 'idle queries/s (less the baseline)'],
    ];
    const results = [];
    const floor = (await measure(baseline, base, admin, 'bench_jobs_none')).idleQps;
    rows.push([baseline.name, '–', '–', '–', floor.toFixed(2)]);
    for (const [i, lib] of [graphile, pgBoss, zan].entries()) {
      const m = await measure(lib, base, admin, `bench_jobs_${i}`);
      const idle = m.idleQps - floor;
      results.push({ lib, m, idle });
      rows.push([
        lib.name,
        ms(median(m.pickups)),
        ms(percentile(m.pickups, 95)),
        ms(Math.max(...m.pickups)),
        `${m.idleQps.toFixed(2)} (${idle.toFixed(2)})`,
      ]);
    }
    log(table(rows));
    for (const { lib, m, idle } of results)
      log(
        `  ${lib.name}: pickup ≤ ${BUDGET.pickupMs} ms ${verdict(Math.max(...m.pickups) <= BUDGET.pickupMs)}, ` +
          `idle ≤ ${BUDGET.idleQps} query/s ${verdict(idle <= BUDGET.idleQps)}`,
      );
    log(`  load average: ${loadAverage()}`);
  } finally {
    await admin.end();
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
