// Reads of a student's review log (issue 18): the cards their other devices answered today (the daily
// limits across devices). The optimizer's count and what it fits: features/scheduler/optimizer-repository.ts.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A day's limit is a few hundred cards: more than this many is not a day of one student's answers. */
const DAY_ANSWERS_MAX = 20_000;

export const reviewLogRepository = {
  /**
   * The flashcards the student rated since `since` on devices other than `exceptDevice` (undone ones left
   * out), each once: `isNew` when one of its reviews found it unscheduled (its logged state before was
   * none; older rows without the detail count as reviews).
   */
  async dayAnswers(
    db: DbOrTx,
    userId: string,
    since: number,
    exceptDevice: string,
  ): Promise<{ itemId: string; isNew: boolean }[]> {
    const res = await db.execute<{ item_id: string; is_new: boolean }>(sql`
      select item_id, bool_or(scheduler is not null and state_before is null) as is_new
      from review_log
      where user_id = ${userId} and type = 'flashcard' and rating between 1 and 4 and not undone
        and reviewed_at >= ${new Date(since).toISOString()}::timestamptz and device_id <> ${exceptDevice}
      group by item_id
      limit ${DAY_ANSWERS_MAX}`);
    return res.rows.map((r) => ({ itemId: r.item_id, isNew: r.is_new }));
  },
};
