// Starts the real production server (`node apps/server/dist/server.js`, rebuilt here — it takes a
// fraction of a second; the built web app, embedded PostgreSQL in a fresh temp directory, demo seed)
// for the whole e2e run, and stops it afterwards.
import type { FullConfig } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSuperadmins } from './accounts.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, ms: number, logs: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy in ${ms} ms\n${logs()}`);
}

export default async function globalSetup(config: FullConfig) {
  const port = Number(process.env.E2E_PORT ?? 3111);
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const built = spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server build failed:\n${built.stdout}\n${built.stderr}`);
  let out = '';
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 20000),
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      TRUSTED_ORIGINS: `http://127.0.0.1:${port}`,
      E2E: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  await waitForHealth(url, 90_000, () => out);
  // One superadmin per parallel worker (signing in ends a user's other sessions); see accounts.ts.
  try {
    process.env.E2E_SUPERADMINS = JSON.stringify(await createSuperadmins(Math.max(config.workers, 1)));
  } catch (err) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`could not create the per-worker superadmins: ${String(err)}\n${out}`, { cause: err });
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
