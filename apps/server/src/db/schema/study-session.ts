// study_session: time studied on a subject; the id is the client's UUID (unique per user) so uploads are
// idempotent; `deleted` is the versioned delete a study data import makes.
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { user } from './user.ts';

export const studySession = pgTable(
  'study_session',
  {
    id: text('id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    date: timestamp('date', { withTimezone: true }).notNull(),
    durationInSeconds: integer('duration_in_seconds').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    moduleId: text('module_id').notNull(),
    moduleName: text('module_name').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    rowVersion: bigint('row_version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.id] }),
    index('study_session_user_version_idx').on(t.userId, t.rowVersion),
  ],
);
