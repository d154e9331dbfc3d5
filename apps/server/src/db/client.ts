// The one database handle: a pg pool wrapped by Drizzle, with every table of the schema.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export function createDb(url: string, max = 10) {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection's error (the database stopped or restarted, e.g. the embedded one stopping on
  // SIGTERM before the pool ends) must not crash the process; the pool replaces the client.
  pool.on('error', (err) => console.warn(`database: idle connection lost (${err.message})`));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db };
}

export type Database = ReturnType<typeof createDb>['db'];
/** A transaction handle: repositories accept either a db or a tx. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;
