// sql.js (SQLite compiled to WebAssembly) for Anki collections (issue 20): a collection is opened in
// memory from its bytes, never from a file, and only read. The current format declares its name columns
// `COLLATE unicase`, which sql.js cannot register (no create_collation), and SQLite refuses any statement on
// a WITHOUT ROWID table that has such a column: the in-memory copy's schema text drops the collation
// before anything is read (the user's file is never touched), and nothing compares or sorts on those names.
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue } from 'sql.js';

/** The collation Anki's Rust code registers (case-insensitive Unicode) and sql.js cannot. */
const UNICASE = /\s+COLLATE\s+unicase/gi;

let loading: Promise<SqlJsStatic> | null = null;

/** The sql.js module, compiled once per thread. */
export function sqlJs(): Promise<SqlJsStatic> {
  loading ??= initSqlJs();
  return loading;
}

const SQLITE_HEADER = 'SQLite format 3\0';

/** Whether the bytes start like an SQLite database. */
export function isSqlite(bytes: Uint8Array): boolean {
  if (bytes.length < 100) return false;
  for (let i = 0; i < SQLITE_HEADER.length; i++) if (bytes[i] !== SQLITE_HEADER.charCodeAt(i)) return false;
  return true;
}

/** An in-memory database from a collection's bytes, its `unicase` collations dropped from the schema text. */
export async function openCollection(bytes: Uint8Array): Promise<Database> {
  const SQL = await sqlJs();
  const db = new SQL.Database(bytes);
  try {
    const patched: [string, string][] = [];
    for (const r of rows(db, 'SELECT name, sql FROM sqlite_master')) {
      const sql = typeof r.sql === 'string' ? r.sql : '';
      if (UNICASE.test(sql)) patched.push([String(r.name), sql.replace(UNICASE, '')]);
      UNICASE.lastIndex = 0;
    }
    if (patched.length > 0) {
      db.run('PRAGMA writable_schema = ON');
      for (const [name, sql] of patched)
        db.run('UPDATE sqlite_master SET sql = ? WHERE name = ?', [sql, name]);
      db.run('PRAGMA writable_schema = RESET');
    }
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

export type Row = Record<string, SqlValue>;

/** Every row of `sql`, as objects, read one at a time (no statement result is held twice). */
export function* rows(db: Database, sql: string): Generator<Row> {
  const stmt = db.prepare(sql);
  try {
    while (stmt.step()) yield stmt.getAsObject();
  } finally {
    stmt.free();
  }
}

/** One number from a query (a count). */
export function scalar(db: Database, sql: string): number {
  const r = db.exec(sql)[0]?.values[0]?.[0];
  return typeof r === 'number' ? r : 0;
}

/** Whether the database has a table of that name. */
export function hasTable(db: Database, name: string): boolean {
  for (const r of rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'"))
    if (r.name === name) return true;
  return false;
}

export const num = (v: SqlValue | undefined): number => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
export const str = (v: SqlValue | undefined): string =>
  typeof v === 'string'
    ? v
    : v instanceof Uint8Array
      ? new TextDecoder().decode(v)
      : v == null
        ? ''
        : String(v);
export const blob = (v: SqlValue | undefined): Uint8Array =>
  v instanceof Uint8Array ? v : typeof v === 'string' ? new TextEncoder().encode(v) : new Uint8Array(0);
