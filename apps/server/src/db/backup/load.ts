// The database half of a restore: loads the JSON-lines tables of a dump into a database whose schema
// was just migrated to the dump's level, in one transaction, parents before children, then moves
// every serial sequence past the restored ids.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type pg from 'pg';
import type { DumpedTable } from './dump.ts';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/** Table names ordered so every foreign key's target comes before the table that references it. */
async function dependencyOrder(client: pg.PoolClient, names: string[]): Promise<string[]> {
  const fks = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname`,
  );
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of fks.rows) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string, path: Set<string>) => {
    if (seen.has(name) || path.has(name)) return;
    path.add(name);
    for (const p of parents.get(name) ?? []) if (parents.has(p)) visit(p, path);
    seen.add(name);
    ordered.push(name);
  };
  for (const n of names) visit(n, new Set());
  return ordered;
}

export async function loadDatabase(pool: pg.Pool, inDir: string, tables: DumpedTable[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Without superuser rights this is refused; then the load relies on the dependency order alone.
    await client.query('SAVEPOINT replica');
    try {
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query('RELEASE SAVEPOINT replica');
    } catch {
      await client.query('ROLLBACK TO SAVEPOINT replica');
    }
    const byName = new Map(tables.map((t) => [t.name, t]));
    const existing = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    const missing = tables.filter((t) => !existing.rows.some((r) => r.name === t.name));
    if (missing.length) throw new Error(`the schema has no table ${missing.map((t) => t.name).join(', ')}`);
    // Rows a migration inserted (e.g. a clock row) are replaced by the backup's.
    if (existing.rows.length) {
      await client.query(`TRUNCATE ${existing.rows.map((r) => quote(r.name)).join(', ')} CASCADE`);
    }
    for (const name of await dependencyOrder(client, [...byName.keys()])) {
      const table = byName.get(name)!;
      const lines = readline.createInterface({
        input: fs.createReadStream(path.join(inDir, table.file)),
        crlfDelay: Infinity,
      });
      let batch: string[] = [];
      let bytes = 0;
      let loaded = 0;
      const flush = async () => {
        if (!batch.length) return;
        await client.query(
          `INSERT INTO ${quote(name)} SELECT * FROM json_populate_recordset(null::${quote(name)}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
        loaded += batch.length;
        batch = [];
        bytes = 0;
      };
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        bytes += line.length;
        if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
      }
      await flush();
      if (loaded !== table.rows)
        throw new Error(`${name}: ${loaded} rows read, the backup lists ${table.rows}`);
    }
    // Serial columns: the next id follows the largest restored one.
    const serials = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
    );
    for (const { table_name: t, column_name: c } of serials.rows) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quote(c)}) FROM ${quote(t)}), 0) + 1, false)`,
        [`public.${quote(t)}`, c],
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
