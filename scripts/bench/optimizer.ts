// `npm run bench -- optimizer [--reviews 50000]` (issue 18): the FSRS optimizer on one student's 50,000
// reviews (budget ≤ 15 s) while a second client keeps sending light requests (budget p99 ≤ 100 ms), both
// from one run, against the BUILT server (node apps/server/dist/server.js) on its embedded PostgreSQL. The
// review log is seeded by SQL; prints the optimizer's wall time, the light requests' p50/p99 before and
// during the run, the server's CPU and the machine's load. Fails only when the run does not finish.
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { OptimizeStateResponse } from '@zan/core';
import { OPTIMIZE_MAX_REVIEWS } from '../../apps/server/src/features/scheduler/optimizer.ts';
import { PER_CARD, seedWorldHistories } from './lib/review-history.ts';
import {
  buildServer,
  descendantsCpuSeconds,
  prepareWorld,
  processCpuSeconds,
  startServer,
  STUDENT_PASSWORD,
  studentEmail,
} from './lib/load-world.ts';
import { ms, percentile, table, verdict } from './lib/stats.ts';

// Not strict: `npm run bench -- all --runs N` passes --runs to every benchmark.
const { values } = parseArgs({ options: { reviews: { type: 'string', default: '50000' } }, strict: false });
const REVIEWS = Math.min(typeof values.reviews === 'string' ? Number(values.reviews) : 50_000, 500_000);
const BUDGET = { wallMs: 15_000, p99: 100 } as const;
const BASELINE_MS = 3000;
/** The light client's pause between requests. */
const GAP_MS = 20;

const log = (m: string) => console.log(m);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** One student in a fresh world, with `n` reviews in their log (inserted by SQL, not uploaded). */
async function seed(n: number) {
  const world = await prepareWorld(1, (m) => log(m));
  const started = performance.now();
  const [count] = await seedWorldHistories(world, 1, n);
  if (count !== n) throw new Error(`seeded ${count} reviews, expected ${n}`);
  log(`  ${n} reviews of ${Math.ceil(n / PER_CARD)} cards seeded in ${ms(performance.now() - started)}`);
  return world;
}

type Sample = { route: string; ms: number; ok: boolean };

/** The second client: light requests one after another until `stop()`; every one timed. */
function lightClient(base: string, cookie: string) {
  const samples: Sample[] = [];
  let running = true;
  const routes = [
    { route: 'GET /api/health', path: '/api/health', cookie: '' },
    { route: 'GET /api/sync/progress (empty)', path: '/api/sync/progress?since=0', cookie },
  ];
  const done = (async () => {
    for (let i = 0; running; i++) {
      const r = routes[i % routes.length]!;
      const t0 = performance.now();
      let ok: boolean;
      try {
        const res = await fetch(`${base}${r.path}`, { headers: r.cookie ? { cookie: r.cookie } : {} });
        await res.arrayBuffer();
        ok = res.ok;
      } catch {
        ok = false;
      }
      samples.push({ route: r.route, ms: performance.now() - t0, ok });
      await sleep(GAP_MS);
    }
  })();
  return {
    samples,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

function latencyRows(title: string, samples: Sample[]): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const route of [...new Set(samples.map((s) => s.route)), 'all']) {
    const xs = route === 'all' ? samples : samples.filter((s) => s.route === route);
    const t = xs.map((s) => s.ms);
    rows.push([
      `${title}: ${route}`,
      xs.length,
      ms(percentile(t, 50)),
      ms(percentile(t, 99)),
      ms(Math.max(...t)),
      xs.filter((s) => !s.ok).length,
    ]);
  }
  return rows;
}

async function main() {
  log(`optimizer: load average ${load()} on ${os.cpus().length} cores; building the server`);
  buildServer();
  const world = await seed(REVIEWS);
  const server = await startServer(world);
  try {
    const signIn = await fetch(`${server.url}/api/session/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: studentEmail(0), password: STUDENT_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const call = (method: 'GET' | 'POST') =>
      fetch(`${server.url}/api/sync/scheduler-optimize`, {
        method,
        headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: JSON.stringify({ timeZone: 'Europe/Berlin' }) } : {}),
      });

    // The light client alone first (warm), then while the optimizer runs.
    const warm = lightClient(server.url, cookie);
    await sleep(1000);
    await warm.stop();
    const before = lightClient(server.url, cookie);
    await sleep(BASELINE_MS);
    await before.stop();

    const loadBefore = load();
    const cpu0 = processCpuSeconds(server.pid) + descendantsCpuSeconds(server.pid);
    const during = lightClient(server.url, cookie);
    const t0 = performance.now();
    const started = await call('POST');
    if (started.status !== 202) throw new Error(`POST optimize: ${started.status} ${await started.text()}`);
    const first = ((await started.json()) as OptimizeStateResponse).job;
    const startedAt = first?.status === 'running' ? first.startedAt : Number.NaN;
    let job: OptimizeStateResponse['job'] = null;
    for (;;) {
      job = ((await (await call('GET')).json()) as OptimizeStateResponse).job;
      if (job && job.status !== 'running') break;
      if (performance.now() - t0 > 300_000) throw new Error('the optimizer did not finish in 5 minutes');
      await sleep(50);
    }
    const wall = performance.now() - t0;
    await during.stop();
    const cpu = processCpuSeconds(server.pid) + descendantsCpuSeconds(server.pid) - cpu0;
    if (job.status !== 'done') throw new Error(`the optimizer failed: ${JSON.stringify(job)}`);
    const { outcome } = job;
    // A run fits at most OPTIMIZE_MAX_REVIEWS (whole cards, the most recently studied first).
    const expected = Math.min(REVIEWS, OPTIMIZE_MAX_REVIEWS);
    if (outcome.reviews !== expected)
      throw new Error(`fitted ${outcome.reviews} reviews, expected ${expected}`);

    log(`\noptimizer run: ${outcome.reviews} reviews, outcome '${outcome.kind}'`);
    if (outcome.kind === 'kept' || outcome.kind === 'improved')
      log(
        `  log loss ${outcome.current.logLoss.toFixed(4)} → ${outcome.fitted.logLoss.toFixed(4)}, RMSE ` +
          `${outcome.current.rmse.toFixed(4)} → ${outcome.fitted.rmse.toFixed(4)}`,
      );
    log(
      `  wall time ${ms(wall)} (POST → done seen by the client; the server's job ${ms(job.finishedAt - startedAt)}) ` +
        `— budget ≤ ${BUDGET.wallMs / 1000} s: ${verdict(wall <= BUDGET.wallMs)}`,
    );
    log(`  server CPU over the run ${cpu.toFixed(1)} s (Node + PostgreSQL) in ${(wall / 1000).toFixed(1)} s`);
    const p99 = percentile(
      during.samples.map((s) => s.ms),
      99,
    );
    const errors = during.samples.filter((s) => !s.ok).length;
    log(
      `\n${table([
        ['light client', 'requests', 'p50', 'p99', 'max', 'errors'],
        ...latencyRows('before', before.samples),
        ...latencyRows('during', during.samples),
      ])}`,
    );
    log(
      `\nbudget: optimizer ≤ 15 s and p99 of other requests ≤ 100 ms in one run: wall ${ms(wall)} ` +
        `(${verdict(wall <= BUDGET.wallMs)}), p99 ${ms(p99)} (${verdict(p99 <= BUDGET.p99)})`,
    );
    log(`load average before the run ${loadBefore}, at the end ${load()}`);
    if (errors) throw new Error(`${errors} light requests failed`);
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
