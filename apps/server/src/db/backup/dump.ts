// The database half of a backup: every table of the public schema (but the job runner's) as JSON lines (row_to_json, so
// every type round-trips exactly), read in ONE repeatable-read, read-only transaction — a consistent
// snapshot even while the server keeps writing. Works on any PostgreSQL (13+), no pg_dump needed.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export type DumpedTable = { name: string; rows: number; file: string };
export type AppliedMigration = { hash: string; createdAt: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/**
 * Not the users' data: the job runner's rows (issue 32) name work in graphile-worker's own schema, which a
 * backup does not hold, and instances that are gone; a restored server starts with no jobs.
 */
const TRANSIENT = new Set(['job', 'job_instance']);

export async function dumpDatabase(
  pool: pg.Pool,
  outDir: string,
): Promise<{ tables: DumpedTable[]; migrations: AppliedMigration[] }> {
  fs.mkdirSync(outDir, { recursive: true });
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = await client.query<{ hash: string; created_at: string }>(
      'SELECT hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY id',
    );
    const names = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    );
    const tables: DumpedTable[] = [];
    for (const { name } of names.rows) {
      if (TRANSIENT.has(name)) continue;
      const file = `${name}.jsonl`;
      const out = fs.openSync(path.join(outDir, file), 'w');
      let rows = 0;
      try {
        await client.query(
          `DECLARE dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${quote(name)} t`,
        );
        for (;;) {
          const batch = await client.query<{ r: string }>('FETCH 2000 FROM dump');
          if (!batch.rows.length) break;
          fs.writeSync(out, batch.rows.map((x) => x.r).join('\n') + '\n');
          rows += batch.rows.length;
        }
        await client.query('CLOSE dump');
      } finally {
        fs.closeSync(out);
      }
      tables.push({ name, rows, file });
    }
    await client.query('COMMIT');
    return { tables, migrations: migrations.rows.map((m) => ({ hash: m.hash, createdAt: m.created_at })) };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
