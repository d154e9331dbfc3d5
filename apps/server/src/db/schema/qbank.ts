// The question bank's server tables (issue 19). qbank_block: each student's blocks, whole, the copy
// with the later `updatedAt` kept, stamped on the student's progress clock (pulled like progress).
// question_first_answer: each student's first answer per question (students only, the first the
// server receives); question_answer_totals: per question, running totals of those first answers,
// updated incrementally in the transaction that inserts them (domain/first-answers-repository.ts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { mcqQuestion } from './mcq-question.ts';
import { user } from './user.ts';

export const qbankBlock = pgTable(
  'qbank_block',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The client's block UUID (unique per user). */
    id: text('id').notNull(),
    /** The block as core `qbankBlockSchema` reads it. */
    block: jsonb('block').notNull(),
    /** The block's own `updatedAt` (epoch ms): the later copy wins. */
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    /** The user's progress clock at the last change (pulled back per user). */
    rowVersion: bigint('row_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('qbank_block_user_version_idx').on(t.userId, t.rowVersion),
  ],
);

export const questionFirstAnswer = pgTable(
  'question_first_answer',
  {
    questionId: text('question_id')
      .notNull()
      .references(() => mcqQuestion.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The chosen option's number in the question (1–5). */
    option: smallint('option').notNull(),
    /** The option was the question's key when the answer arrived. */
    correct: boolean('correct').notNull(),
    /** The user's progress clock of the upload that stored it (the totals are added from these rows). */
    version: bigint('version', { mode: 'number' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId] }),
    index('question_first_answer_user_version_idx').on(t.userId, t.version),
  ],
);

export const questionAnswerTotals = pgTable('question_answer_totals', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => mcqQuestion.id, { onDelete: 'cascade' }),
  students: integer('students').notNull().default(0),
  correct: integer('correct').notNull().default(0),
  /** Students per option 1..5 (index 1 is option 1). */
  options: integer('options')
    .array()
    .notNull()
    .default(sql`'{0,0,0,0,0}'::integer[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
