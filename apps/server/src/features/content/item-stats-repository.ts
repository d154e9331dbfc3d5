// Item statistics' queries (issue 19): a quiz's questions with their keys, and the students' first
// answers to them (question_first_answer, written by the progress upload of features/sync).
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mcqQuestion } from '../../db/schema/index.ts';

export type FirstAnswerRow = { questionId: string; userId: string; option: number };

export const itemStatsRepository = {
  /** The quiz's questions and their keys, in the editor's order. */
  questionKeys(db: DbOrTx, quizId: string): Promise<{ id: string; correctOption: number }[]> {
    return db
      .select({ id: mcqQuestion.id, correctOption: mcqQuestion.correctOption })
      .from(mcqQuestion)
      .where(eq(mcqQuestion.quizId, quizId))
      .orderBy(asc(mcqQuestion.createdAt), asc(mcqQuestion.id));
  },

  /** Every first answer to the quiz's questions. */
  async firstAnswers(db: DbOrTx, quizId: string): Promise<FirstAnswerRow[]> {
    const res = await db.execute<{ question_id: string; user_id: string; option: number }>(sql`
      select a.question_id, a.user_id, a.option from question_first_answer a
      join mcq_question q on q.id = a.question_id
      where q.quiz_id = ${quizId}`);
    return res.rows.map((r) => ({ questionId: r.question_id, userId: r.user_id, option: Number(r.option) }));
  },
};
