// `npm run bench -- load [--students 200] [--seconds 60] [--think-ms 2000]`: N simulated students for
// a fixed window against the BUILT server (node apps/server/dist/server.js, NODE_ENV=production) on
// its embedded PostgreSQL, over loopback. Sign-in (argon2id) and the first full sync are staged before
// the window and reported apart. Prints req/s and p50/p95/p99 per route, errors, events delivered,
// server and client CPU and the machine's load. Budget (issue 10): p99 ≤ 100 ms, no errors. Issue 19:
// MCQ answers (first answers + incremental per-question totals) are part of the mix, and after the
// window a second one of MCQ answers only (every student on the same questions: the totals rows contend).
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  buildServer,
  descendantsCpuSeconds,
  prepareWorld,
  processCpuSeconds,
  serverTimes,
  startServer,
  STUDENT_PASSWORD,
  studentEmail,
  type LoadServer,
} from './lib/load-world.ts';
import { agent, Student, type Sample } from './lib/load-student.ts';
import { ms, percentile, table } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    'think-ms': { type: 'string', default: '2000' },
  },
});
const STUDENTS = Math.min(Number(values.students), 1000);
const SECONDS = Math.min(Number(values.seconds), 600);
const THINK_MS = Number(values['think-ms']);
const BUDGET_P99 = 100;

const log = (m: string) => console.log(m);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

/** Runs `work` over `items`, `n` at a time. */
async function pool<T>(items: T[], n: number, work: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function report(title: string, samples: Sample[], seconds: number): { p99: number; errors: number } {
  const routes = [...new Set(samples.map((s) => s.route))].sort();
  const rows: (string | number)[][] = [['route', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'errors']];
  for (const route of [...routes, 'all']) {
    const xs = route === 'all' ? samples : samples.filter((s) => s.route === route);
    const t = xs.map((s) => s.ms);
    const errors = xs.filter((s) => !s.ok);
    rows.push([
      route,
      xs.length,
      (xs.length / seconds).toFixed(1),
      ms(percentile(t, 50)),
      ms(percentile(t, 95)),
      ms(percentile(t, 99)),
      ms(Math.max(...t)),
      errors.length ? `${errors.length} (${[...new Set(errors.map((e) => e.status))].join(', ')})` : 0,
    ]);
  }
  log(`\n${title}\n${table(rows)}`);
  return {
    p99: percentile(
      samples.map((s) => s.ms),
      99,
    ),
    errors: samples.filter((s) => !s.ok).length,
  };
}

async function main(): Promise<void> {
  log(
    `load: ${STUDENTS} students, ${SECONDS} s window, think time ~${THINK_MS} ms; ${os.cpus().length} cores, load avg ${load()}`,
  );
  buildServer();
  log('Preparing the world (embedded PostgreSQL, demo content, students) …');
  const world = await prepareWorld(STUDENTS, log);
  let server: LoadServer | undefined;
  const students: Student[] = [];
  const stop = async () => {
    for (const s of students) s.closeEvents();
    agent.destroy();
    await server?.stop();
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    server = await startServer(world);
    log(`Built server at ${server.url} (pid ${server.pid}, NODE_ENV=production, embedded PostgreSQL)`);

    // Staging, outside the window: sign-in (argon2id by design), the first full sync, the streams.
    const staging: Sample[] = [];
    const record = (s: Sample) => staging.push(s);
    for (let i = 0; i < STUDENTS; i++)
      students.push(new Student(server.url, studentEmail(i), STUDENT_PASSWORD));
    let t0 = performance.now();
    await pool(students, 4, (s) => s.signIn(record));
    const signInSeconds = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await pool(students, 8, (s) => s.firstSync(record));
    const syncSeconds = (performance.now() - t0) / 1000;
    await pool(students, 20, (s) => s.openEvents(record));
    report(
      `Staging (not in the budget): sign-in ${signInSeconds.toFixed(1)} s, first sync ${syncSeconds.toFixed(1)} s`,
      staging,
      signInSeconds + syncSeconds,
    );

    // The measured window.
    log(`\nMeasuring ${SECONDS} s … (load avg before ${load()})`);
    const samples: Sample[] = [];
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const serverCpu0 = processCpuSeconds(server.pid);
    const pgCpu0 = descendantsCpuSeconds(server.pid);
    const clientCpu0 = process.cpuUsage();
    const events0 = students.reduce((n, s) => n + s.eventsReceived, 0);
    const windowStart = Date.now();
    const end = windowStart + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      students.map(async (s) => {
        await sleep(Math.random() * THINK_MS); // spread the first actions
        while (Date.now() < end) {
          await s.act((x) => samples.push(x));
          await sleep(Math.min(THINK_MS * (0.5 + Math.random()), Math.max(0, end - Date.now())));
        }
      }),
    );
    const window = (performance.now() - started) / 1000;
    lag.disable();
    const serverCpu = processCpuSeconds(server.pid) - serverCpu0;
    const pgCpu = descendantsCpuSeconds(server.pid) - pgCpu0;
    const c = process.cpuUsage(clientCpu0);
    const { p99, errors } = report(
      `Window: ${window.toFixed(1)} s, ${STUDENTS} students with an open event stream each`,
      samples,
      window,
    );
    const inServer: (string | number)[][] = [
      ['route (server-side, Fastify responseTime)', 'requests', 'p50', 'p95', 'p99'],
    ];
    for (const [route, t] of [...serverTimes(server.logFile, windowStart)].sort()) {
      if (route.startsWith('GET /api/events')) continue; // hijacked streams report no time
      inServer.push([route, t.length, ms(percentile(t, 50)), ms(percentile(t, 95)), ms(percentile(t, 99))]);
    }
    log(
      `\nThe same window measured inside the server (from receiving the request to sending the reply):\n${table(inServer)}`,
    );
    const open = students.filter((s) => s.eventsOpen).length;
    const events = students.reduce((n, s) => n + s.eventsReceived, 0) - events0;
    log(
      `\nEvent streams open at the end: ${open}/${STUDENTS}; live events received in the window: ${events} (progress events of the students' own uploads)`,
    );
    log(
      `Server CPU in the window: Node ${serverCpu.toFixed(1)} s + PostgreSQL ${pgCpu.toFixed(1)} s over ${window.toFixed(0)} s ` +
        `(${(((serverCpu + pgCpu) / window) * 100).toFixed(0)} % of one core; ${(((serverCpu + pgCpu) * 1000) / samples.length).toFixed(1)} ms CPU per request)`,
    );
    log(
      `Client (this process) CPU: ${((c.user + c.system) / 1e6).toFixed(1)} s; event-loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms (inflates client-side latencies by up to that much)`,
    );
    log(
      `Machine: ${os.cpus().length} cores, load avg after ${load()} (other work on a shared machine counts here)`,
    );
    // Issue 19: a window of MCQ answers only — every student answering the same few dozen questions
    // (the same totals rows), each upload 5 answers, think time as above: ~100 uploads a second.
    const burst: Sample[] = [];
    const mcqSeconds = Math.max(10, Math.round(SECONDS / 2));
    const mcqEnd = Date.now() + mcqSeconds * 1000;
    const burstStart = performance.now();
    await Promise.all(
      students.map(async (s) => {
        await sleep(Math.random() * THINK_MS);
        while (Date.now() < mcqEnd) {
          await s.answerQuestions((x) => burst.push(x));
          await sleep(Math.min(THINK_MS * (0.5 + Math.random()), Math.max(0, mcqEnd - Date.now())));
        }
      }),
    );
    const mcq = report(
      `MCQ window: ${STUDENTS} students answering questions (5 answers an upload) for ${mcqSeconds} s (load avg ${load()})`,
      burst,
      (performance.now() - burstStart) / 1000,
    );
    log(
      `MCQ answers p99 ${ms(mcq.p99)} (budget ≤ ${BUDGET_P99} ms), ${mcq.errors} errors → ${mcq.p99 <= BUDGET_P99 && !mcq.errors ? 'within budget' : 'OVER budget'}`,
    );
    const ok = p99 <= BUDGET_P99 && errors === 0 && open === STUDENTS;
    log(
      `\nBudget p99 ≤ ${BUDGET_P99} ms and no errors: p99 ${ms(p99)}, ${errors} errors, streams ${open}/${STUDENTS} → ${ok ? 'within budget' : 'OVER budget'}`,
    );
    if (errors > 0 || mcq.errors > 0 || open !== STUDENTS) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch(async (err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
