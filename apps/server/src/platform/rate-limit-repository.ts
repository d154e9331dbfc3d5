// The rate_limit table's statements (the table better-auth's limiter also uses): the fixed windows of
// rate-limit.ts and the sign-in guard's per-account and per-address counts. One row per key.
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';

/** A key's count and when its window began (last_request, epoch ms as text). */
export type RateRow = { count: number; last_request: string };

/**
 * One atomic upsert: `cost` more against `key`, or a new window of `cost` when the key's window began
 * at or before `windowStart`. Returns the count and window start after it.
 */
export async function countInWindow(
  db: DbOrTx,
  key: string,
  cost: number,
  now: number,
  windowStart: number,
): Promise<RateRow | undefined> {
  const result = await db.execute<RateRow>(sql`
    INSERT INTO rate_limit (id, key, count, last_request)
    VALUES (${crypto.randomUUID()}, ${key}, ${cost}, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request <= ${windowStart} THEN ${cost} ELSE rate_limit.count + ${cost} END,
      last_request = CASE WHEN rate_limit.last_request <= ${windowStart} THEN ${now} ELSE rate_limit.last_request END
    RETURNING count, last_request`);
  return result.rows[0];
}

/** The key's row, created at zero when missing, locked until the transaction ends. */
export async function lockCount(tx: Tx, key: string, now: number): Promise<RateRow | undefined> {
  await tx.execute(sql`
    INSERT INTO rate_limit (id, key, count, last_request)
    VALUES (${crypto.randomUUID()}, ${key}, 0, ${now}) ON CONFLICT (key) DO NOTHING`);
  const found = await tx.execute<RateRow>(sql`
    SELECT count, last_request FROM rate_limit WHERE key = ${key} FOR UPDATE`);
  return found.rows[0];
}

export async function setCount(tx: Tx, key: string, count: number, now: number): Promise<void> {
  await tx.execute(sql`UPDATE rate_limit SET count = ${count}, last_request = ${now} WHERE key = ${key}`);
}

export async function forgetKey(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limit WHERE key = ${key}`);
}

/**
 * One failed sign-in against the address `key`, counted only when no account has `email` (one
 * statement either way). Returns the address's row and whether this failure was counted; none when
 * the address has no row.
 */
export async function countAddressFailure(
  db: DbOrTx,
  key: string,
  email: string,
  now: number,
  windowStart: number,
): Promise<(RateRow & { counted: boolean }) | undefined> {
  const res = await db.execute<RateRow & { counted: boolean }>(sql`
    WITH bump AS (
      INSERT INTO rate_limit (id, key, count, last_request)
      SELECT ${crypto.randomUUID()}, ${key}, 1, ${now}
      WHERE NOT EXISTS (SELECT 1 FROM "user" WHERE email = ${email})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limit.last_request <= ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
        last_request = CASE WHEN rate_limit.last_request <= ${windowStart} THEN ${now} ELSE rate_limit.last_request END
      RETURNING count, last_request)
    SELECT count, last_request, true AS counted FROM bump
    UNION ALL
    SELECT count, last_request, false FROM rate_limit
    WHERE key = ${key} AND NOT EXISTS (SELECT 1 FROM bump)`);
  return res.rows[0];
}
