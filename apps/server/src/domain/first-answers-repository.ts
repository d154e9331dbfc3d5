// How everyone answered (issue 19): each student's first answer per question (the first the server
// receives; students only — the caller decides) and the per-question running totals. Totals are added
// incrementally in the upload's transaction from the first answers it inserted, never recounted; the
// rows are added in question order so concurrent uploads lock the totals rows in the same order (no
// deadlock between two students' batches that share questions). Written by the progress upload
// (features/progress), read by the peer totals (features/qbank).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export type QuestionTotalsRow = {
  questionId: string;
  topicId: string;
  students: number;
  correct: number;
  options: number[];
};

export const firstAnswersRepository = {
  /**
   * The user's first answers to these questions (in the order given: the first of a question wins),
   * stamped with the upload's progress version; correct when it is the question's key now. A question
   * the user answered before, or one that is gone, gets nothing.
   */
  async insertFirsts(
    tx: DbOrTx,
    userId: string,
    list: readonly { questionId: string; option: number }[],
    version: number,
  ): Promise<void> {
    if (!list.length) return;
    const rows = list.map((a, ord) => ({ ord, question_id: a.questionId, option: a.option }));
    await tx.execute(sql`
      insert into question_first_answer (question_id, user_id, option, correct, version)
      select q.id, ${userId}, x.option, q.correct_option = x.option, ${version}
      from (select distinct on (question_id) question_id, option
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(ord integer, question_id text, option integer)
        order by question_id, ord) x
      join mcq_question q on q.id = x.question_id
      order by q.id
      on conflict (question_id, user_id) do nothing`);
  },

  /** Adds the first answers the upload `version` of the user inserted to their questions' totals. */
  async addToTotals(tx: DbOrTx, userId: string, version: number): Promise<number> {
    const res = await tx.execute(sql`
      insert into question_answer_totals as t (question_id, students, correct, options, updated_at)
      select a.question_id, 1, case when a.correct then 1 else 0 end,
        array[(a.option = 1)::int, (a.option = 2)::int, (a.option = 3)::int, (a.option = 4)::int, (a.option = 5)::int],
        now()
      from question_first_answer a
      where a.user_id = ${userId} and a.version = ${version}
      order by a.question_id
      on conflict (question_id) do update set
        students = t.students + excluded.students,
        correct = t.correct + excluded.correct,
        options = array[t.options[1] + excluded.options[1], t.options[2] + excluded.options[2],
          t.options[3] + excluded.options[3], t.options[4] + excluded.options[4], t.options[5] + excluded.options[5]],
        updated_at = excluded.updated_at
      returning question_id`);
    return res.rows.length;
  },

  /** The totals of these topics' questions answered by at least `minStudents` students. */
  async totalsOfTopics(
    db: DbOrTx,
    topicIds: readonly string[],
    minStudents: number,
  ): Promise<QuestionTotalsRow[]> {
    if (!topicIds.length) return [];
    const res = await db.execute<{
      question_id: string;
      topic_id: string;
      students: number;
      correct: number;
      options: number[];
    }>(sql`
      select t.question_id, z.topic_id, t.students, t.correct, t.options
      from question_answer_totals t
      join mcq_question q on q.id = t.question_id
      join mcq_quiz z on z.id = q.quiz_id
      where z.topic_id in (select jsonb_array_elements_text(${JSON.stringify(topicIds)}::jsonb))
        and t.students >= ${minStudents}
      order by t.question_id`);
    return res.rows.map((r) => ({
      questionId: r.question_id,
      topicId: r.topic_id,
      students: Number(r.students),
      correct: Number(r.correct),
      options: r.options.map(Number),
    }));
  },
};
