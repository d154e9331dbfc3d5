// announcement: a college / year-group notice; pulled by students on its own sync scope.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { archiveColumns, id, rowVersion, timestamps } from './columns.ts';
import { college } from './college.ts';

export const ANNOUNCEMENT_TYPES = ['General', 'Exam', 'Holiday', 'Reminder', 'Event'] as const;

export const announcement = pgTable(
  'announcement',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description'),
    type: text('type', { enum: ANNOUNCEMENT_TYPES }).notNull().default('General'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    collegeId: text('college_id')
      .notNull()
      .references(() => college.id, { onDelete: 'cascade' }),
    yearGroup: text('year_group').notNull(),
    createdBy: text('created_by'),
    ...timestamps(),
    ...archiveColumns(),
    rowVersion: rowVersion(),
  },
  (t) => [
    index('announcement_scope_idx').on(t.collegeId, t.yearGroup, t.date),
    index('announcement_version_idx').on(t.rowVersion),
  ],
);
