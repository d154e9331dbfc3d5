// A student's flashcard review history inserted by SQL into a prepared world's database (the optimizer
// and heavy-paths benches): PER_CARD reviews per card, days apart, of a student who forgets faster than
// FSRS's defaults expect — what an optimizer run fits. Not uploaded: the benches measure the run.
import path from 'node:path';
import type pg from 'pg';
import { createDb } from '../../../apps/server/src/db/client.ts';
import { startEmbedded } from '../../../apps/server/src/db/embedded.ts';
import { studentEmail } from './load-world.ts';
import { createRng } from './rng.ts';

export const PER_CARD = 10;
const DAY = 86_400_000;

/** `n` reviews of ceil(n / PER_CARD) made-up cards (`card-<k>`), the same for the same seed. */
function reviewHistory(userId: string, n: number, seed = 18) {
  const r = createRng(seed).next;
  const cols = {
    op: [] as string[],
    item: [] as string[],
    rating: [] as number[],
    at: [] as string[],
  };
  const start = Date.UTC(2025, 0, 1, 9);
  for (let c = 0; cols.op.length < n; c++) {
    let stability = 0.5 + r();
    let at = start + Math.floor(r() * 120) * DAY + Math.floor(r() * 12) * 3_600_000;
    for (let k = 0; k < PER_CARD && cols.op.length < n; k++) {
      let rating = 3;
      if (k > 0) {
        const days = Math.max(1, Math.round(stability * (0.8 + r() * 0.6)));
        at += days * DAY;
        const pass = r() < Math.pow(1 + days / (9 * stability), -1);
        rating = pass ? (r() < 0.15 ? 2 : r() < 0.1 ? 4 : 3) : 1;
        stability = pass ? stability * (1.3 + r()) : Math.max(0.3, stability * 0.3);
      }
      cols.op.push(`bench-${userId}-${c}-${k}`);
      cols.item.push(`card-${c}`);
      cols.rating.push(rating);
      cols.at.push(new Date(at).toISOString());
    }
  }
  return cols;
}

/** Inserts `n` reviews into `userId`'s review log (10,000 rows a statement); returns the count stored. */
async function seedReviewHistory(pool: pg.Pool, userId: string, n: number, seed = 18): Promise<number> {
  const cols = reviewHistory(userId, n, seed);
  for (let i = 0; i < cols.op.length; i += 10_000) {
    const slice = <T>(xs: T[]) => xs.slice(i, i + 10_000);
    await pool.query(
      `insert into review_log (op_id, user_id, item_id, type, rating, reviewed_at, device_id, payload)
       select op, $1, item, 'flashcard', rating, at, 'bench-device', '{}'::jsonb
       from unnest($2::text[], $3::text[], $4::int[], $5::timestamptz[]) as t(op, item, rating, at)`,
      [userId, slice(cols.op), slice(cols.item), slice(cols.rating), slice(cols.at)],
    );
  }
  return Number(
    (await pool.query<{ n: string }>('select count(*) as n from review_log where user_id = $1', [userId]))
      .rows[0]?.n,
  );
}

/**
 * Before the server starts: `reviews` reviews in the log of each of the prepared world's first `students`
 * bench students (seeds 18, 19, …); the count each ends with, in order.
 */
export async function seedWorldHistories(
  world: { dataDir: string; pgPort: number },
  students: number,
  reviews: number,
): Promise<number[]> {
  const embedded = await startEmbedded({
    dir: path.join(world.dataDir, 'pg'),
    port: world.pgPort,
    database: 'zan',
  });
  const { pool } = createDb(embedded.url, 2);
  try {
    const counts: number[] = [];
    for (let s = 0; s < students; s++) {
      const uid = (
        await pool.query<{ id: string }>('select id from "user" where email = $1', [studentEmail(s)])
      ).rows[0]?.id;
      if (!uid) throw new Error(`the bench student ${s} is missing`);
      counts.push(await seedReviewHistory(pool, uid, reviews, 18 + s));
    }
    return counts;
  } finally {
    await pool.end();
    await embedded.stop();
  }
}
