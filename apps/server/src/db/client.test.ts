// The pool survives losing an idle connection: the database ends it (a restart, the embedded one stopping
// while a backup's pool winds down), the pool drops the client, and the next query gets a new one. Before
// createPool, a pool 'error' with no listener threw out of the socket's handler: an uncaught exception
// (vitest reports it and fails the run; the server would have crashed).
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { createPool } from './client.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('an idle connection ended by the database is replaced, not thrown', async () => {
  const pool = createPool(database.url, 1, true);
  try {
    const first = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = first.rows[0]!.pid;
    expect(pool.idleCount).toBe(1);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // No listener of the test's own: the pool's must take the error (one here would hide the defect).
    await expect.poll(() => pool.totalCount, { timeout: 5_000 }).toBe(0);
    const next = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(next.rows[0]!.pid).not.toBe(pid);
  } finally {
    await pool.end();
  }
});
