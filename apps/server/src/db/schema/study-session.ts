// study_session: time studied on a subject; the id is the client's UUID so uploads are idempotent.
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns.ts';
import { user } from './user.ts';

export const studySession = pgTable(
  'study_session',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    date: timestamp('date', { withTimezone: true }).notNull(),
    durationInSeconds: integer('duration_in_seconds').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    moduleId: text('module_id').notNull(),
    moduleName: text('module_name').notNull(),
    rowVersion: bigint('row_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('study_session_user_version_idx').on(t.userId, t.rowVersion)],
);
