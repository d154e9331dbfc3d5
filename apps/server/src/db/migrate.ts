// Applies the committed migrations at start-up, then graphile-worker's (its schema graphile_worker: the
// job runner's queue, issue 32); an advisory lock lets several instances start at once.
import fs from 'node:fs';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Logger, runMigrations as runJobMigrations } from 'graphile-worker';
import type pg from 'pg';

/** apps/server/drizzle, found from src/db (tsx) or dist/ (the built server) alike. */
function findMigrationsDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`drizzle migrations not found above ${from}`);
  }
}

export const MIGRATIONS_DIR = findMigrationsDir(import.meta.dirname);
const LOCK_KEY = 7_214_001;
/** graphile-worker's migration notes are not the server's business (errors still throw). */
const quietLogger = new Logger(() => () => undefined);

/** Applies the migrations of `folder` (default: the committed ones) not yet applied. */
export async function runMigrations(pool: pg.Pool, folder: string = MIGRATIONS_DIR): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
  // After ours, on a connection of its own (graphile-worker locks its migrations itself): a pool of one
  // connection would wait forever on the one holding our lock.
  await runJobMigrations({ pgPool: pool, logger: quietLogger });
}
