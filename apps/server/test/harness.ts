// Test harness: a fresh database cloned from the migrated template, a fresh temporary data
// directory (never the checkout's ./data, which the demo server seeds), and buildApp() on them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';

export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = inject('pgAdminBase');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${base}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE zan_template`);
  await admin.end();
  return {
    url: `${base}${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: `${base}postgres` });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A new empty data directory under the run's temporary root (removed by the global teardown). */
export function testDataDir(): string {
  const root = inject('testDataRoot');
  fs.mkdirSync(root, { recursive: true });
  return fs.mkdtempSync(path.join(root, 'app-'));
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = {
    // PUBLIC_URL: the host app.inject sends by default (localhost:80); the Host check answers it.
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: '3999',
      PUBLIC_URL: 'http://localhost',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATA_DIR: testDataDir(),
    }),
    // No job runner unless a test runs jobs (it passes jobConcurrency): jobs are still queued.
    jobConcurrency: 0,
    ...overrides,
  };
  // A storageDir override moves the local file storage with it.
  if (overrides.storageDir && !overrides.storage)
    config.storage = { driver: 'local', dir: overrides.storageDir };
  return config;
}

export async function createTestApp(overrides: Partial<Config> = {}) {
  const database = await createTestDatabase();
  const { pool, db } = createDb(database.url, 4);
  const config = testConfig(overrides);
  const app = await buildApp({ config, db, pool }, { logger: false });
  await app.ready();
  return {
    app,
    db,
    pool,
    config,
    close: async () => {
      await app.close();
      await pool.end();
      await database.drop();
    },
  };
}
