// The load benchmark's world: a fresh data directory prepared with the demo college and content and
// N verified students (embedded PostgreSQL, then stopped), and the BUILT server (node
// apps/server/dist/server.js, NODE_ENV=production) started on it, owning that embedded database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../../apps/server/src/db/client.ts';
import { startEmbedded } from '../../../apps/server/src/db/embedded.ts';
import { runMigrations } from '../../../apps/server/src/db/migrate.ts';
import { seedDemoContent } from '../../../apps/server/src/db/seed/content-seed.ts';
import { DEMO_COLLEGE, insertUserWithPassword, seedDemo } from '../../../apps/server/src/db/seed/demo.ts';
import { freePort, ROOT } from './env.ts';

export const STUDENT_PASSWORD = 'bench-student-1';
export const studentEmail = (i: number) => `bench-${String(i).padStart(4, '0')}@load.test`;

export type LoadServer = {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  dataDir: string;
  logFile: string;
};

export async function prepareWorld(
  students: number,
  log: (m: string) => void,
): Promise<{ dataDir: string; pgPort: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-bench-load-'));
  fs.chmodSync(dataDir, 0o755);
  const pgPort = await freePort();
  const embedded = await startEmbedded({ dir: path.join(dataDir, 'pg'), port: pgPort, database: 'zan' });
  const { pool, db } = createDb(embedded.url, 4);
  try {
    await runMigrations(pool);
    await seedDemo(db);
    await seedDemoContent(db, { storageDir: path.join(dataDir, 'files') });
    const started = Date.now();
    for (let i = 0; i < students; i += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, students - i) }, (_, k) =>
          insertUserWithPassword(db, {
            email: studentEmail(i + k),
            password: STUDENT_PASSWORD,
            role: 'user',
            firstName: 'Bench',
            lastName: `Student${i + k}`,
            emailVerified: true,
            collegeId: DEMO_COLLEGE.id,
            yearGroup: DEMO_COLLEGE.years[0]!,
          }),
        ),
      );
    }
    log(
      `  ${students} students created in ${((Date.now() - started) / 1000).toFixed(1)} s (argon2id hashes)`,
    );
  } finally {
    await pool.end();
    await embedded.stop();
  }
  return { dataDir, pgPort };
}

export function buildServer(): void {
  const res = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/build.mjs')], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`server build failed:\n${res.stdout}${res.stderr}`);
}

export async function startServer(
  world: { dataDir: string; pgPort: number },
  extraEnv: Record<string, string> = {},
): Promise<LoadServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  // The server's own request log (pino, info): its responseTime per request, read after the window.
  const logFile = path.join(os.tmpdir(), `zan-bench-load-${port}.log`);
  const logFd = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn(
    process.execPath,
    // BENCH_SERVER_NODE_ARGS: Node flags for the server under test, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
    [
      ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      path.join(ROOT, 'apps/server/dist/server.js'),
    ],
    {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        DATA_DIR: world.dataDir,
        EMBEDDED_PG_PORT: String(world.pgPort),
        // The bench setting for the per-address sign-in limit: 200 students share 127.0.0.1.
        AUTH_RATE_LIMIT_MAX: '100000',
        ...extraEnv,
      },
      stdio: ['ignore', logFd, 'pipe'],
    },
  );
  fs.closeSync(logFd);
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited before it was healthy:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`server not healthy in 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    dataDir: world.dataDir,
    logFile,
    stop: async () => {
      if (child.exitCode === null) {
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
      fs.rmSync(world.dataDir, { recursive: true, force: true });
      fs.rmSync(logFile, { force: true });
    },
  };
}

/** CPU seconds (user + system) used so far by a process, from /proc (Linux; NaN elsewhere). */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds of every live descendant of `pid`: the server's PostgreSQL (postmaster and backends —
 * backends call setsid(), so the process group does not find them; the parent links do).
 */
export function descendantsCpuSeconds(pid: number): number {
  const procs: { pid: number; ppid: number; cpu: number }[] = [];
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      procs.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        cpu: (Number(fields[11]) + Number(fields[12])) / 100,
      });
    } catch {
      /* gone */
    }
  }
  const mine = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs) if (!mine.has(p.pid) && mine.has(p.ppid)) grew = mine.add(p.pid) !== undefined;
  }
  return procs.filter((p) => p.pid !== pid && mine.has(p.pid)).reduce((n, p) => n + p.cpu, 0);
}

/** Server-side times (Fastify's responseTime, ms) per "METHOD /path-pattern" from the request log, after `sinceMs`. */
export function serverTimes(logFile: string, sinceMs: number): Map<string, number[]> {
  const urls = new Map<string, string>();
  const out = new Map<string, number[]>();
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let rec: { time?: number; reqId?: string; req?: { method: string; url: string }; responseTime?: number };
    try {
      rec = JSON.parse(line);
    } catch {
      continue;
    }
    if (!rec.reqId || (rec.time ?? 0) < sinceMs) continue;
    if (rec.req) {
      const p = rec.req.url
        .split('?')[0]!
        .replace(/\/api\/sync\/topics\/(?!versions)[^/]+/, '/api/sync/topics/:id');
      urls.set(rec.reqId, `${rec.req.method} ${p}`);
    } else if (rec.responseTime !== undefined) {
      const key = urls.get(rec.reqId);
      if (!key) continue;
      urls.delete(rec.reqId);
      out.set(key, [...(out.get(key) ?? []), rec.responseTime]);
    }
  }
  return out;
}

/** Signs in over HTTP; the session cookie to send with each call (the heavy-html and anki-import benches). */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/session/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
