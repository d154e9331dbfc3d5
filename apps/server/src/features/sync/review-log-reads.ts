// The optimizer's read of a student's review log (issue 18): every flashcard review they rated (Again to
// Easy) and did not undo, read in pages so no single result is large, and how many there are.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { LoggedReview } from './review-days.ts';

const PAGE = 10_000;

export async function flashcardReviews(db: DbOrTx, userId: string): Promise<LoggedReview[]> {
  const out: LoggedReview[] = [];
  let after = 0;
  for (;;) {
    const res = await db.execute<{
      id: string | number;
      item_id: string;
      rating: number;
      at: string | number;
    }>(sql`
      select id, item_id, rating, (extract(epoch from reviewed_at) * 1000)::bigint as at
      from review_log
      where user_id = ${userId} and type = 'flashcard' and rating between 1 and 4 and not undone
        and id > ${after}
      order by id
      limit ${PAGE}`);
    for (const r of res.rows) out.push({ itemId: r.item_id, rating: r.rating, at: Number(r.at) });
    if (res.rows.length < PAGE) return out;
    after = Number(res.rows[res.rows.length - 1]!.id);
  }
}

/** How many such reviews the student has (what the optimizer would fit on now). */
export async function countFlashcardReviews(db: DbOrTx, userId: string): Promise<number> {
  const res = await db.execute<{ n: string | number }>(sql`
    select count(*) as n from review_log
    where user_id = ${userId} and type = 'flashcard' and rating between 1 and 4 and not undone`);
  return Number(res.rows[0]?.n ?? 0);
}
