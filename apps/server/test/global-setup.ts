// Starts one embedded PostgreSQL for the server test run and migrates a template database;
// every test file then clones the template (CREATE DATABASE … TEMPLATE) — fast and isolated.
// It also owns the run's temporary data root: no test reads or writes the checkout's ./data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import type { TestProject } from 'vitest/node';
import { startEmbedded } from '../src/db/embedded.ts';
import { createPool } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-test-pg-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const embedded = await startEmbedded({ dir: path.join(dir, 'pg'), port, database: 'zan_template' });
  const pool = createPool(embedded.url, 1, true);
  await runMigrations(pool);
  await pool.end();
  project.provide('pgAdminBase', embedded.adminUrl(''));
  // Each test app gets a fresh data directory under this root (harness.ts testConfig).
  project.provide('testDataRoot', path.join(dir, 'data'));
  return async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    pgAdminBase: string;
    testDataRoot: string;
  }
}
