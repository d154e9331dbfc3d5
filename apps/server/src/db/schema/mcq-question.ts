// mcq_question: one question of a quiz, up to five options, correctOption 1 to 5.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, rowVersion, timestamps } from './columns.ts';
import { mcqQuiz } from './mcq-quiz.ts';

export const mcqQuestion = pgTable(
  'mcq_question',
  {
    id: id(),
    question: text('question').notNull(),
    option1: text('option1').notNull(),
    option2: text('option2').notNull(),
    option3: text('option3'),
    option4: text('option4'),
    option5: text('option5'),
    correctOption: integer('correct_option').notNull().default(1),
    explanation: text('explanation'),
    quizId: text('quiz_id')
      .notNull()
      .references(() => mcqQuiz.id, { onDelete: 'cascade' }),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    ...timestamps(),
    rowVersion: rowVersion(),
  },
  (t) => [
    check('mcq_correct_option_range', sql`${t.correctOption} between 1 and 5`),
    index('question_quiz_idx').on(t.quizId),
  ],
);
