// The one database handle: a pg pool wrapped by Drizzle, with every table of the schema.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

/**
 * A pg pool that survives losing an idle connection. An idle connection's error (the database stopped or
 * restarted, e.g. the embedded one stopping on SIGTERM) is emitted on the pool, and a pool 'error'
 * nobody listens to crashes the process — also after `pool.end()` has resolved, which does not wait for
 * the sockets to close. The pool replaces the client; `quiet` pools (backup, restore) say nothing.
 */
export function createPool(url: string, max: number, quiet = false): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (err) => {
    if (!quiet) console.warn(`database: idle connection lost (${err.message})`);
  });
  // A connection lost while checked out fails its query; its 'error' event must not end the process too.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!quiet) console.warn(`database: connection lost (${err.message})`);
    });
  });
  return pool;
}

export function createDb(url: string, max = 10) {
  const pool = createPool(url, max);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db };
}

export type Database = ReturnType<typeof createDb>['db'];
/** A transaction handle: repositories accept either a db or a tx. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;
