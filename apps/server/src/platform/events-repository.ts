// The live events' two statements: LISTEN on the dedicated client, pg_notify through the pool.
import type pg from 'pg';

/** `channel` is a constant identifier of events.ts, never user input (LISTEN takes no parameter). */
export async function listen(client: pg.Client, channel: string): Promise<void> {
  await client.query(`LISTEN ${channel}`);
}

export async function notify(pool: pg.Pool, channel: string, payload: string): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
}
