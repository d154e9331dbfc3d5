// The optimizer's queries (issue 38): the student's run row (optimizer_run: the latest run and the
// bound's last fit; one writer at a time per student through an advisory lock), how many reviews their log
// holds (issue 18) and the reviews a fit reads — bounded, so one student's log never costs more than a fit
// of OPTIMIZE_MAX_REVIEWS reviews.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type RunRow = {
  readonly runId: string;
  readonly status: 'running' | 'done' | 'failed';
  readonly startedAt: number;
  readonly finishedAt: number | null;
  readonly reviewsAtStart: number;
  readonly outcome: unknown;
  readonly reason: string | null;
  readonly lastFitAt: number | null;
  readonly lastFitReviews: number | null;
};
/** A new latest run: running, or already done (too few reviews to start one). */
export type RunStart = Pick<RunRow, 'runId' | 'status' | 'startedAt' | 'reviewsAtStart' | 'outcome'>;

const num = (v: string | number | null) => (v === null ? null : Number(v));

export const optimizerRepository = {
  /** How many flashcard reviews the student rated (Again to Easy) and did not undo. */
  async countFlashcardReviews(db: DbOrTx, userId: string): Promise<number> {
    const res = await db.execute<{ n: string | number }>(sql`
      select count(*) as n from review_log
      where user_id = ${userId} and type = 'flashcard' and rating between 1 and 4 and not undone`);
    return Number(res.rows[0]?.n ?? 0);
  },

  /** Inside a transaction: the student's run row is written by one caller at a time (any instance). */
  async lock(tx: DbOrTx, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`zan:optimizer:${userId}`}))`);
  },

  async get(db: DbOrTx, userId: string): Promise<RunRow | null> {
    type Raw = {
      run_id: string;
      status: RunRow['status'];
      started_at: string | number;
      finished_at: string | number | null;
      reviews_at_start: number;
      outcome: unknown;
      reason: string | null;
      last_fit_at: string | number | null;
      last_fit_reviews: number | null;
    };
    const res = await db.execute<Raw>(sql`
      select run_id, status, started_at, finished_at, reviews_at_start, outcome,
        reason, last_fit_at, last_fit_reviews
      from optimizer_run where user_id = ${userId}`);
    const r = res.rows[0];
    if (!r) return null;
    return {
      runId: r.run_id,
      status: r.status,
      startedAt: Number(r.started_at),
      finishedAt: num(r.finished_at),
      reviewsAtStart: Number(r.reviews_at_start),
      outcome: r.outcome,
      reason: r.reason,
      lastFitAt: num(r.last_fit_at),
      lastFitReviews: num(r.last_fit_reviews),
    };
  },

  /** Makes `run` the student's latest (the bound's last fit stays). */
  async put(tx: DbOrTx, userId: string, run: RunStart): Promise<void> {
    const done = run.status === 'running' ? null : run.startedAt;
    const outcome = run.outcome === null ? null : JSON.stringify(run.outcome);
    await tx.execute(sql`
      insert into optimizer_run (user_id, run_id, status, started_at, finished_at, reviews_at_start, outcome,
        reason)
      values (${userId}, ${run.runId}, ${run.status}, ${run.startedAt}, ${done}, ${run.reviewsAtStart},
        ${outcome}::jsonb, null)
      on conflict (user_id) do update set run_id = excluded.run_id, status = excluded.status,
        started_at = excluded.started_at, finished_at = excluded.finished_at, reviews_at_start = excluded.reviews_at_start,
        outcome = excluded.outcome, reason = null`);
  },

  /**
   * Ends the running run: done with its outcome or failed with its reason; `fitted`: it did the fit's work,
   * so the bound counts from its start.
   */
  async finish(
    db: DbOrTx,
    userId: string,
    runId: string,
    end: { at: number; fitted: boolean } & ({ outcome: unknown } | { reason: string }),
  ): Promise<void> {
    const outcome = 'outcome' in end ? JSON.stringify(end.outcome) : null;
    const reason = 'reason' in end ? end.reason : null;
    await db.execute(sql`
      update optimizer_run set status = ${outcome === null ? 'failed' : 'done'}, finished_at = ${end.at},
        outcome = ${outcome}::jsonb, reason = ${reason},
        last_fit_at = case when ${end.fitted}::boolean then started_at else last_fit_at end,
        last_fit_reviews = case when ${end.fitted}::boolean then reviews_at_start else last_fit_reviews end
      where user_id = ${userId} and run_id = ${runId} and status = 'running'`);
  },

  /**
   * The student's rated, not undone flashcard reviews a fit reads: each card's first `perCard` (a card's
   * training items cost the square of its history), whole cards, the most recently studied first, until
   * `total` — as one JSON text of [itemId, rating, at] triples (review-days.ts decodeReviews), built by
   * PostgreSQL in one pass of window functions: the event loop takes a string, not a row per review.
   */
  async reviewsToFit(db: DbOrTx, userId: string, caps: { perCard: number; total: number }): Promise<string> {
    const res = await db.execute<{ reviews: string }>(sql`
      with numbered as (
        select item_id, rating, reviewed_at, max(reviewed_at) over (partition by item_id) as last_at,
          row_number() over (partition by item_id order by reviewed_at, id) as k
        from review_log
        where user_id = ${userId} and type = 'flashcard' and rating between 1 and 4 and not undone
      ), kept as (
        -- The reviews up to and including this card's, cards in order: a card is kept whole or not at all.
        select item_id, rating, reviewed_at, count(*) over (order by last_at desc, item_id) as upto
        from numbered where k <= ${caps.perCard}
      )
      select coalesce(json_agg(json_build_array(item_id, rating,
        (extract(epoch from reviewed_at) * 1000)::bigint)), '[]')::text as reviews
      from kept where upto <= ${caps.total}`);
    return res.rows[0]?.reviews ?? '[]';
  },
};
