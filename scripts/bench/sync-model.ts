// The randomized sync model at scale (issue 9): `npm run bench -- sync-model [--runs N] [--seed S]
// [--instances 3]`. Runs N random schedules (default 2,000) of the model in
// apps/server/test/sync-world against the real server on embedded PostgreSQL; with --instances 3 every
// request goes to one of three server instances (own pools, own LISTEN clients) on one database.
// Prints the count, the seed, the time and the machine load; exits non-zero when a schedule diverges.
import 'fake-indexeddb/auto';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDb } from '../../apps/server/src/db/client.ts';
import { startEmbedded } from '../../apps/server/src/db/embedded.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { scheduleArb, type Schedule } from '../../apps/server/test/sync-world/model-actions.ts';
import { runSchedule } from '../../apps/server/test/sync-world/model-run.ts';
import type { World } from '../../apps/server/test/sync-world/world.ts';
import { freePort } from './lib/env.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isSafeInteger(v) || v < 1) throw new Error(`--${name} wants a positive integer`);
  return v;
};

async function main(): Promise<void> {
  const runs = arg('runs', 2_000);
  const seed = arg('seed', Date.now() % 2 ** 31);
  const instances = arg('instances', 1);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-sync-model-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbedded({
    dir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'zan_model',
  });
  const apps: { app: FastifyInstance; close: () => Promise<void> }[] = [];
  try {
    const first = createDb(pg.url, 4);
    await runMigrations(first.pool);
    // One AUTH_SECRET for every instance (a session cookie signed by one is valid on the others); the
    // sign-in rate limit is lifted (thousands of sign-ins from 127.0.0.1).
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '3999',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      AUTH_RATE_LIMIT_MAX: String(1e9),
    });
    for (let i = 0; i < instances; i++) {
      const { pool, db } = i === 0 ? first : createDb(pg.url, 4);
      const app = await buildApp({ config, db, pool }, { logger: false });
      await app.ready();
      apps.push({ app, close: async () => (await app.close(), await pool.end()) });
      if (i === 0) Object.assign(first, { app });
    }
    const t = {
      app: apps[0]!.app,
      db: first.db,
      pool: first.pool,
      config,
      close: async () => undefined,
    } as World['t'];
    let next = 0;
    const servers = () => apps[next++ % apps.length]!.app;
    console.log(
      `sync-model: ${runs} schedules, seed ${seed}, ${instances} server instance(s) on one database; load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
    const started = Date.now();
    let done = 0;
    let reported = false;
    await fc.assert(
      fc.asyncProperty(scheduleArb, async (s) => {
        try {
          await runSchedule(t, s as Schedule, instances > 1 ? servers : undefined);
        } catch (e) {
          if (!reported) console.error('first divergence:', e instanceof Error ? e.message : e);
          reported = true;
          throw e;
        }
        if (++done % 100 === 0)
          console.log(`  ${done} schedules, ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }),
      { numRuns: runs, seed, endOnFailure: false, verbose: 1 },
    );
    const secs = (Date.now() - started) / 1000;
    console.log(
      `sync-model: ${runs} schedules passed (seed ${seed}, ${instances} instance(s)) in ${secs.toFixed(0)} s, ${((secs * 1000) / runs).toFixed(0)} ms per schedule; load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const a of apps) await a.close().catch(() => undefined);
    await pg.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('sync-model failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
