// topic: belongs to a subject (and its module); contentVersion drives the per-topic freshness check.
import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { archiveColumns, id, rowVersion, timestamps } from './columns.ts';
import { module } from './module.ts';
import { subject } from './subject.ts';

export const topic = pgTable(
  'topic',
  {
    id: id(),
    name: text('name').notNull(),
    nameLowercase: text('name_lowercase').notNull(),
    subjectId: text('subject_id')
      .notNull()
      .references(() => subject.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => module.id, { onDelete: 'cascade' }),
    isGlobal: boolean('is_global').notNull().default(false),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    ...archiveColumns(),
    createdBy: text('created_by'),
    ...timestamps(),
    rowVersion: rowVersion(),
    /** Version of the last write to this topic's decks, cards, quizzes, questions or pages. */
    contentVersion: bigint('content_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('topic_subject_idx').on(t.subjectId, t.isArchived),
    index('topic_module_idx').on(t.moduleId),
    index('topic_name_idx').on(t.nameLowercase),
    index('topic_version_idx').on(t.rowVersion),
    index('topic_archived_idx').on(t.isArchived, t.archivedAt),
  ],
);
