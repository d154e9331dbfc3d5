// Item statistics' query (issues 19, 38): counted set-wise in PostgreSQL over the students' first answers
// (question_first_answer, written by the progress upload of features/progress), so only one row per question
// reaches the server — never the answers (30,000 of them took the event loop 4.9 s in JavaScript).
import { sql } from 'drizzle-orm';
import { ITEM_GROUP_SHARE, type ItemCounts } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';

export type QuestionCounts = ItemCounts & { readonly questionId: string; readonly key: number };

type Row = {
  id: string;
  key: number;
  answers: number;
  o1: number;
  o2: number;
  o3: number;
  o4: number;
  o5: number;
  ranked: number;
  upper: number;
  lower: number;
};

export const itemStatsRepository = {
  /**
   * Each question of the quiz in the editor's order with core `ItemCounts`: a student's rest score is
   * their proportion correct (today's keys) over the quiz's OTHER questions they answered; a student
   * who answered no other question is not ranked (they tell nothing about how well a question
   * separates strong from weak students). Ties keep the students' id order. The group size is core's
   * itemGroupSize: round(ranked × share), at least 1 (numeric rounds half up as Math.round does here).
   */
  async questionCounts(db: DbOrTx, quizId: string): Promise<QuestionCounts[]> {
    const res = await db.execute<Row>(sql`
      with a as (
        select a.question_id, a.user_id, a.option, (a.option = q.correct_option)::int as ok
        from question_first_answer a join mcq_question q on q.id = a.question_id
        where q.quiz_id = ${quizId}
      ), students as (
        select user_id, count(*) as answered, sum(ok) as correct from a group by user_id
      ), ranked as (
        select a.question_id, a.ok,
          row_number() over (partition by a.question_id
            order by (s.correct - a.ok)::float8 / (s.answered - 1), a.user_id) as rn,
          count(*) over (partition by a.question_id) as ranked
        from a join students s using (user_id)
        where s.answered > 1
      ), sized as (
        select *, greatest(1, round(ranked * ${ITEM_GROUP_SHARE}::numeric)) as n from ranked
      ), groups as (
        select question_id, max(ranked)::int as ranked,
          coalesce(sum(ok) filter (where rn > ranked - n), 0)::int as upper,
          coalesce(sum(ok) filter (where rn <= n), 0)::int as lower
        from sized group by question_id
      ), options as (
        select question_id, count(*)::int as answers,
          count(*) filter (where option = 1)::int as o1, count(*) filter (where option = 2)::int as o2,
          count(*) filter (where option = 3)::int as o3, count(*) filter (where option = 4)::int as o4,
          count(*) filter (where option = 5)::int as o5
        from a group by question_id
      )
      select q.id, q.correct_option as key, coalesce(o.answers, 0) as answers, coalesce(o.o1, 0) as o1,
        coalesce(o.o2, 0) as o2, coalesce(o.o3, 0) as o3, coalesce(o.o4, 0) as o4, coalesce(o.o5, 0) as o5,
        coalesce(g.ranked, 0) as ranked, coalesce(g.upper, 0) as upper, coalesce(g.lower, 0) as lower
      from mcq_question q
      left join options o on o.question_id = q.id
      left join groups g on g.question_id = q.id
      where q.quiz_id = ${quizId}
      order by q.created_at, q.id`);
    return res.rows.map((r) => ({
      questionId: r.id,
      key: r.key,
      answers: r.answers,
      optionCounts: [r.o1, r.o2, r.o3, r.o4, r.o5],
      ranked: r.ranked,
      upperCorrect: r.upper,
      lowerCorrect: r.lower,
    }));
  },
};
