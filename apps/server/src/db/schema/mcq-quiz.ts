// mcq_quiz: a multiple-choice quiz under a topic; questionCount kept in step with its questions.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, rowVersion, timestamps } from './columns.ts';
import { topic } from './topic.ts';

export const mcqQuiz = pgTable(
  'mcq_quiz',
  {
    id: id(),
    name: text('name').notNull(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topic.id, { onDelete: 'cascade' }),
    questionCount: integer('question_count').notNull().default(0),
    createdBy: text('created_by'),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    ...timestamps(),
    rowVersion: rowVersion(),
  },
  (t) => [index('quiz_topic_idx').on(t.topicId)],
);
