// The retention read of a student's review log (issue 18, Stats → 'Retention'): their rated flashcard
// reviews not undone since a moment, and the latest earlier review of each of those cards (its history).
import { sql } from 'drizzle-orm';
import type { RetentionReview } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';

type Row = {
  item_id: string;
  rating: number;
  at: string | number;
  detailed: boolean;
  before_interval: number | null;
  after_interval: number | null;
};

const reviewed = (userId: string) =>
  sql`user_id = ${userId} and type = 'flashcard' and rating between 1 and 4 and not undone`;
const num = (path: ReturnType<typeof sql>) =>
  sql`case when jsonb_typeof(${path}) = 'number' then (${path})::text::float8 end`;

export const retentionRepository = {
  /** Reviews from `fromMs` on, and the last one before it of each card reviewed since; review-time order. */
  async reviews(db: DbOrTx, userId: string, fromMs: number): Promise<RetentionReview[]> {
    const from = new Date(fromMs).toISOString();
    const res = await db.execute<Row>(sql`
      with recent as (
        select id, item_id, rating, reviewed_at, device_id, scheduler, state_before, payload from review_log
        where ${reviewed(userId)} and reviewed_at >= ${from}
      ), prior as (
        select distinct on (item_id) id, item_id, rating, reviewed_at, device_id, scheduler, state_before, payload
        from review_log
        where ${reviewed(userId)} and reviewed_at < ${from} and item_id in (select item_id from recent)
        order by item_id, reviewed_at desc, device_id collate "C" desc, id desc
      )
      select item_id, rating, (extract(epoch from reviewed_at) * 1000)::bigint as at,
        scheduler is not null as detailed,
        ${num(sql`state_before->'interval'`)} as before_interval,
        ${num(sql`payload->'record'->'interval'`)} as after_interval
      from (select * from recent union all select * from prior) r
      order by reviewed_at, device_id collate "C", id`);
    return res.rows.map((r) => ({
      itemId: r.item_id,
      at: Number(r.at),
      rating: r.rating,
      // A row with its review detail recorded the state before (none: the card was new); older rows
      // recorded nothing, and the summary takes the interval of the card's previous review.
      ...(r.detailed ? { intervalBefore: r.before_interval } : {}),
      intervalAfter: r.after_interval,
    }));
  },
};
