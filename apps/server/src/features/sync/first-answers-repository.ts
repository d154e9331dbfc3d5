// How everyone answered (issue 19): each student's first answer per question (the first the server
// receives; students only — the caller decides) and the per-question running totals. Totals are added
// incrementally in the upload's transaction from the first answers it inserted, never recounted; the
// rows are added in question order so concurrent uploads lock the totals rows in the same order (no
// deadlock between two students' batches that share questions).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type QuestionTotalsRow = {
  questionId: string;
  topicId: string;
  students: number;
  correct: number;
  options: number[];
};

export const firstAnswersRepository = {
  /**
   * The user's first answer to a question, stamped with the upload's progress version; correct when
   * it is the question's key now. Nothing when the user answered it before or the question is gone.
   */
  async insertFirst(
    tx: DbOrTx,
    a: { userId: string; questionId: string; option: number; version: number },
  ): Promise<boolean> {
    const res = await tx.execute(sql`
      insert into question_first_answer (question_id, user_id, option, correct, version)
      select q.id, ${a.userId}, ${a.option}, q.correct_option = ${a.option}, ${a.version}
      from mcq_question q where q.id = ${a.questionId}
      on conflict (question_id, user_id) do nothing
      returning question_id`);
    return res.rows.length > 0;
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
