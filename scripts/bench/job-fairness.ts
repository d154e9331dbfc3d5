// `npm run bench -- job-fairness [--colleges 10] [--imports 20] [--students 200] [--notes 2000]` (issue 32):
// two BUILT server instances (NODE_ENV=production) on one PostgreSQL and one storage directory, as behind a
// load balancer. Admins of `colleges` colleges upload `imports` Anki packages at once — the first college
// most of them (imports − colleges + 1), every other college one, the first college's first — through
// either instance, and import each as soon as it is previewed, while `students` students sync through
// both instances. Prints when each college's jobs started and ended (from the `job` rows), whether any
// college's first job waited behind the first college's third, the students' p50/p95/p99 per route during
// the imports (and their p99 alone, over 20 s before them), and the machine's load. Budget: every import ends; no college behind another's third
// import; students' p99 ≤ 100 ms. Exits non-zero only when an import does not end done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client.ts';
import { startEmbedded } from '../../apps/server/src/db/embedded.ts';
import { buildTestPackage, largeContent } from '../../apps/server/src/features/anki/test-packages.ts';
import { createCollege, createUser } from '../../apps/server/test/helpers.ts';
import { write } from '../../apps/server/test/sync-fixtures.ts';
import {
  buildServer,
  prepareWorld,
  signInCookie,
  startServer,
  STUDENT_PASSWORD,
  studentEmail,
  type LoadServer,
} from './lib/load-world.ts';
import { agent, Student, type Sample } from './lib/load-student.ts';
import { ms, percentile, table } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    colleges: { type: 'string', default: '10' },
    imports: { type: 'string', default: '20' },
    students: { type: 'string', default: '200' },
    notes: { type: 'string', default: '2000' },
  },
});
const COLLEGES = Math.max(2, Number(values.colleges));
const IMPORTS = Math.max(COLLEGES + 2, Number(values.imports));
const STUDENTS = Math.min(Number(values.students), 1000);
const NOTES = Number(values.notes);
const BUDGET_P99 = 100;
const PER_ADMIN = 3; // an admin's open imports at most (features/anki/import-service.ts)
const THINK_MS = 2000;
/** Seconds of students alone before the imports (the baseline of their latency). */
const BASELINE_S = 20;

const log = (m: string) => console.log(m);
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

type Upload = { college: number; admin: string; topic: string; via: LoadServer; jobId: string };
type Seen = {
  readStart?: number;
  readEnd?: number;
  importStart?: number;
  importEnd?: number;
  state?: string;
};

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function main(): Promise<void> {
  const counts = Array.from({ length: COLLEGES }, (_, c) => (c === 0 ? IMPORTS - COLLEGES + 1 : 1));
  log(
    `job-fairness: ${IMPORTS} Anki imports (${NOTES.toLocaleString('en-US')} notes each) from ${COLLEGES} colleges ` +
      `(college 0: ${counts[0]}, the others 1 each) on two instances, ${STUDENTS} students syncing; ` +
      `${os.cpus().length} cores, load avg ${load()}`,
  );
  const pkg = Buffer.from(await buildTestPackage('latest', largeContent(NOTES, 0)));
  buildServer();
  const world = await prepareWorld(STUDENTS, log);
  const pgServer = await startEmbedded({
    dir: path.join(world.dataDir, 'pg'),
    port: world.pgPort,
    database: 'zan',
  });
  const { pool, db } = createDb(pgServer.url, 4);
  const watch = new pg.Pool({ connectionString: pgServer.url, max: 1 });
  const servers: LoadServer[] = [];
  const students: Student[] = [];
  try {
    // Each college: a year group's topic and enough admins for its uploads.
    const colleges: { admins: { email: string; password: string }[]; topic: string }[] = [];
    for (let c = 0; c < COLLEGES; c++) {
      const college = await createCollege(db, { years: ['Y1'] });
      const topic = await write(db, async (w) =>
        w.topic(await w.subject(await w.module({ collegeId: college.id, yearGroup: 'Y1' }))),
      );
      const admins = [];
      for (let a = 0; a < Math.ceil(counts[c]! / PER_ADMIN); a++)
        admins.push(
          await createUser(db, { role: 'admin', adminCollegeId: college.id, adminYearGroup: 'Y1' }),
        );
      colleges.push({ admins, topic });
    }

    // Two instances: one database (DATABASE_URL), one storage directory, one secret.
    const shared = {
      DATABASE_URL: pgServer.url,
      STORAGE_DIR: path.join(world.dataDir, 'files'),
      AUTH_SECRET: 'job-fairness-bench-secret-0123456789abcdef',
    };
    for (let i = 0; i < 2; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `zan-bench-fair-${i}-`));
      servers.push(await startServer({ dataDir, pgPort: world.pgPort }, shared));
    }
    const [a, b] = servers as [LoadServer, LoadServer];
    log(
      `Instances: A ${a.url} (pid ${a.pid}), B ${b.url} (pid ${b.pid}); JOB_CONCURRENCY default (cores − 1)`,
    );

    // Students on both instances, staged outside the window.
    const staged: Sample[] = [];
    for (let i = 0; i < STUDENTS; i++)
      students.push(new Student(servers[i % 2]!.url, studentEmail(i), STUDENT_PASSWORD));
    for (const s of students) await s.signIn((x) => staged.push(x));
    for (const s of students) await s.firstSync((x) => staged.push(x));
    for (const s of students) await s.openEvents((x) => staged.push(x));
    log(`  ${STUDENTS} students signed in, synced, streams open (load avg ${load()})`);

    // The admins' cookies: one sign-in each (a second would sign the first out), good on both instances.
    const cookies = new Map<string, string>();
    const uploads: Omit<Upload, 'jobId'>[] = [];
    let n = 0;
    for (let c = 0; c < COLLEGES; c++)
      for (let k = 0; k < counts[c]!; k++) {
        const who = colleges[c]!.admins[Math.floor(k / PER_ADMIN)]!;
        if (!cookies.has(who.email))
          cookies.set(who.email, await signInCookie(a.url, who.email, who.password));
        const via = servers[n++ % 2]!;
        uploads.push({ college: c, admin: cookies.get(who.email)!, topic: colleges[c]!.topic, via });
      }

    // First the students alone for a while (the same two instances, no job): what the imports add.
    const alone: Sample[] = [];
    const aloneEnd = Date.now() + BASELINE_S * 1000;
    await Promise.all(
      students.map(async (s) => {
        await sleep(Math.random() * THINK_MS);
        while (Date.now() < aloneEnd) {
          await s.act((x) => alone.push(x));
          await sleep(THINK_MS * (0.5 + Math.random()));
        }
      }),
    );
    const aloneP99 = percentile(
      alone.map((x) => x.ms),
      99,
    );
    log(
      `  students alone for ${BASELINE_S} s: ${alone.length} requests, p99 ${ms(aloneP99)} (load avg ${load()})`,
    );

    // The window: students act while every package is uploaded, read, previewed and imported.
    const samples: Sample[] = [];
    let running = true;
    const studying = Promise.all(
      students.map(async (s) => {
        await sleep(Math.random() * THINK_MS);
        while (running) {
          await s.act((x) => samples.push(x));
          await sleep(THINK_MS * (0.5 + Math.random()));
        }
      }),
    );
    const seen = new Map<string, Seen>();
    const t0 = Date.now();
    const polling = (async () => {
      while (running) {
        const rows = await watch.query<{ id: string; state: string; step: string }>(
          `select id, state, input->>'step' as step from job where kind = 'anki-import'`,
        );
        const at = Date.now() - t0;
        for (const r of rows.rows) {
          const x = seen.get(r.id) ?? {};
          seen.set(r.id, x);
          x.state = `${r.step} ${r.state}`;
          if (r.step === 'read' && r.state === 'running') x.readStart ??= at;
          if (r.step === 'read' && r.state === 'done') {
            x.readStart ??= at;
            x.readEnd ??= at;
          }
          if (r.step === 'import' && r.state === 'running') x.importStart ??= at;
          if (r.step === 'import' && r.state === 'done') {
            x.importStart ??= at;
            x.importEnd ??= at;
          }
        }
        await sleep(50);
      }
    })();
    const queued: Upload[] = [];
    for (const u of uploads) {
      const form = new FormData();
      form.append('file', new Blob([pkg]), 'bench.apkg');
      const res = await fetch(`${u.via.url}/api/admin/topics/${u.topic}/anki-imports`, {
        method: 'POST',
        headers: { origin: u.via.url, cookie: u.admin },
        body: form,
      });
      queued.push({ ...u, jobId: (await json<{ jobId: string }>(res)).jobId });
    }
    log(`  ${queued.length} packages uploaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    // Each admin imports as soon as the preview is ready (polling the other instance), and waits.
    const results = await Promise.all(
      queued.map(async (u, i) => {
        const other = servers[(servers.indexOf(u.via) + 1) % 2]!;
        const get = () =>
          fetch(`${other.url}/api/admin/anki-imports/${u.jobId}`, { headers: { cookie: u.admin } }).then(
            (r) => json<{ state: string; error: string | null }>(r),
          );
        for (let j = 0; ; j++) {
          const job = await get();
          if (job.state === 'ready') break;
          if (job.state === 'failed' || job.state === 'cancelled' || j > 6000) return job.state;
          await sleep(100);
        }
        await json(
          await fetch(`${u.via.url}/api/admin/anki-imports/${u.jobId}/import`, {
            method: 'POST',
            headers: { origin: u.via.url, cookie: u.admin, 'content-type': 'application/json' },
            body: JSON.stringify({ deckMode: 'one', deckName: `Bench deck ${i}` }),
          }),
        );
        for (let j = 0; ; j++) {
          const job = await get();
          if (job.state !== 'queued' && job.state !== 'importing') return job.state;
          if (j > 6000) return 'timed out';
          await sleep(100);
        }
      }),
    );
    const window = (Date.now() - t0) / 1000;
    running = false;
    await Promise.all([studying, polling]);

    // Per college: when its jobs started reading and finished importing (seconds from the first upload).
    const s = (x: number | undefined) => (x === undefined ? '–' : (x / 1000).toFixed(1));
    const rows: (string | number)[][] = [['college', 'imports', 'read started', 'imports ended', 'states']];
    for (let c = 0; c < COLLEGES; c++) {
      const mine = queued.filter((u) => u.college === c).map((u) => seen.get(u.jobId) ?? {});
      rows.push([
        c,
        mine.length,
        mine.map((x) => s(x.readStart)).join(' '),
        mine.map((x) => s(x.importEnd)).join(' '),
        [...new Set(results.filter((_, i) => queued[i]!.college === c))].join(', '),
      ]);
    }
    log(`\nJobs (s from the first upload; window ${window.toFixed(1)} s)\n${table(rows)}`);
    const firstThird = seen.get(queued.filter((u) => u.college === 0)[2]!.jobId)?.readStart ?? Infinity;
    const behind = queued
      .filter((u) => u.college !== 0)
      .filter((u) => (seen.get(u.jobId)?.readStart ?? Infinity) > firstThird).length;
    log(
      `Other colleges whose import started reading after college 0's third: ${behind} of ${COLLEGES - 1} (budget 0)`,
    );

    const routes = [...new Set(samples.map((x) => x.route))].sort();
    const out: (string | number)[][] = [['route', 'requests', 'p50', 'p95', 'p99', 'max', 'errors']];
    for (const route of [...routes, 'all']) {
      const xs = route === 'all' ? samples : samples.filter((x) => x.route === route);
      const t = xs.map((x) => x.ms);
      out.push([
        route,
        xs.length,
        ms(percentile(t, 50)),
        ms(percentile(t, 95)),
        ms(percentile(t, 99)),
        ms(Math.max(...t)),
        xs.filter((x) => !x.ok).length,
      ]);
    }
    const p99 = percentile(
      samples.map((x) => x.ms),
      99,
    );
    log(`\nStudents during the imports (both instances)\n${table(out)}`);
    const done = results.filter((r) => r === 'done').length;
    log(
      `\nImports done ${done}/${IMPORTS}; students' p99 ${ms(p99)} (alone ${ms(aloneP99)}; budget ≤ ${BUDGET_P99} ms) → ` +
        `${done === IMPORTS && behind === 0 && p99 <= BUDGET_P99 ? 'within budget' : 'OVER budget'}; ` +
        `machine: ${os.cpus().length} cores, load avg ${load()}`,
    );
    if (done !== IMPORTS) process.exitCode = 1;
  } finally {
    for (const st of students) st.closeEvents();
    agent.destroy();
    for (const sv of servers) await sv.stop();
    await watch.end();
    await pool.end();
    await pgServer.stop();
    fs.rmSync(world.dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
