// Runs the production build (`node apps/server/dist/server.js`) as a child process on its own
// embedded PostgreSQL or a given DATABASE_URL, for the tests that need a real process (signals,
// several instances). Builds the server first when asked.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const builtServer = path.join(repoRoot, 'apps/server/dist/server.js');

export function buildServer(): void {
  const res = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs')], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`server build failed:\n${res.stdout}\n${res.stderr}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export type RunningServer = {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts the built server in its own process group (so the group can be signalled like a terminal's). */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'zan-built-'));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, 0o755);
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  const child = spawn(process.execPath, [builtServer], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: RunningServer = { child, url, dataDir, output: () => out, exited };
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited (${child.exitCode}) before it was healthy:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) {
      stopGroup(server, 'SIGKILL');
      throw new Error(`server not healthy within 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signals the server's whole process group (the server and the PostgreSQL it spawned). */
export function stopGroup(server: RunningServer, signal: NodeJS.Signals): void {
  try {
    process.kill(-server.child.pid!, signal);
  } catch {
    /* already gone */
  }
}

/** True when a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of the embedded postmaster of a data directory, from its postmaster.pid (if running). */
export function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!fs.existsSync(file)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isFinite(pid) ? pid : undefined;
}
