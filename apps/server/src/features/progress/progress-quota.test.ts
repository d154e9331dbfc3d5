// Issue 17: one student's progress uploads are limited per window (429 + Retry-After, other students
// unaffected) and what one student stores is bounded (a batch past the bound is refused whole).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_PROGRESS_LIMITS } from '../../config.ts';
import { MSG, type ProgressOp } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/helpers.ts';
import { countRows, reviewOp } from '../../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const T0 = Date.UTC(2025, 9, 1, 9, 0, 0);
const reviews = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => reviewOp(`${prefix}-${i}`, T0 + i, 600));

const upload = (t: T, cookie: string, ops: ProgressOp[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sync/progress',
    headers: { cookie },
    payload: { deviceId: 'device-quota', ops },
  });

/** Every row an upload of this user can write, and their progress clock. */
async function stored(t: T, userId: string) {
  const clock = await t.db.execute<{ version: string }>(
    sql`select version from sync_clock where scope = ${`progress:${userId}`}`,
  );
  const quota = await t.db.execute<{ ops: string }>(
    sql`select ops from progress_quota where user_id = ${userId}`,
  );
  return {
    log: await countRows(t.db, 'review_log', sql`user_id = ${userId}`),
    ops: await countRows(t.db, 'progress_op', sql`user_id = ${userId}`),
    records: await countRows(t.db, 'progress_record', sql`user_id = ${userId}`),
    clock: Number(clock.rows[0]?.version ?? 0),
    counted: Number(quota.rows[0]?.ops ?? 0),
  };
}

describe('progress upload limit per student', { timeout: 120_000 }, () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp({
      progressLimits: { ...DEFAULT_PROGRESS_LIMITS, uploadOps: 1000, uploadWindowSeconds: 600 },
    });
  });
  afterAll(async () => t.close());

  it('past its ops per window a student gets 429 with Retry-After; another student is unaffected', async () => {
    const a = await signedInUser(t.app, t.db);
    const b = await signedInUser(t.app, t.db);
    expect((await upload(t, a.cookie, reviews('a1', 600))).statusCode).toBe(200);
    const before = await stored(t, a.id);

    const refused = await upload(t, a.cookie, reviews('a2', 600));
    expect(refused.statusCode, refused.body).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(refused.json()).toEqual({
      error: { code: 'PROGRESS_UPLOAD_LIMITED', message: MSG.progressUploadLimited(retryAfter) },
    });
    expect(await stored(t, a.id)).toEqual(before);

    const other = await upload(t, b.cookie, reviews('b', 600));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json<{ accepted: string[] }>().accepted).toHaveLength(600);
  });
});

describe('what one student stores is bounded', { timeout: 120_000 }, () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp({
      progressLimits: { ...DEFAULT_PROGRESS_LIMITS, maxOps: 6, maxItems: 4 },
    });
  });
  afterAll(async () => t.close());

  it('a batch with more new cards than the bound allows is refused whole; known cards still upload', async () => {
    const u = await signedInUser(t.app, t.db);
    expect((await upload(t, u.cookie, reviews('card', 3))).statusCode).toBe(200);
    const before = await stored(t, u.id);

    // card-0 is known, new-0 and new-1 would make five cards.
    const refused = await upload(t, u.cookie, [reviewOp('card-0', T0 + 10, 900), ...reviews('new', 2)]);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 'PROGRESS_QUOTA_EXCEEDED',
        message: MSG.progressStorageFull('cards and questions with progress', 4),
      },
    });
    expect(await stored(t, u.id)).toEqual(before);

    const known = await upload(t, u.cookie, [reviewOp('card-1', T0 + 20, 900), ...reviews('new', 1)]);
    expect(known.statusCode, known.body).toBe(200);
    expect((await stored(t, u.id)).records).toBe(4);
  });

  it('past the stored ops a batch is refused whole; a retried batch is not counted again', async () => {
    const u = await signedInUser(t.app, t.db);
    const first = reviews('x', 3);
    expect((await upload(t, u.cookie, first)).statusCode).toBe(200);
    const again = [reviewOp('x-0', T0 + 5, 900), reviewOp('x-1', T0 + 6, 900), reviewOp('x-2', T0 + 7, 900)];
    expect((await upload(t, u.cookie, again)).statusCode).toBe(200);
    const before = await stored(t, u.id);
    expect(before.counted).toBe(6);

    const refused = await upload(t, u.cookie, [reviewOp('x-0', T0 + 30, 900)]);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      MSG.progressStorageFull('study records', 6),
    );
    expect(await stored(t, u.id)).toEqual(before);

    const retried = await upload(t, u.cookie, first);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ accepted: string[] }>().accepted).toEqual(first.map((op) => op.opId));
  });
});
