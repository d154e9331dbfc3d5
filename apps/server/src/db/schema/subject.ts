// subject: belongs to a module; carries the module's scope for visibility queries.
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { archiveColumns, id, rowVersion, timestamps } from './columns.ts';
import { module } from './module.ts';

export const subject = pgTable(
  'subject',
  {
    id: id(),
    name: text('name').notNull(),
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
  },
  (t) => [
    index('subject_module_idx').on(t.moduleId, t.isArchived),
    index('subject_version_idx').on(t.rowVersion),
    index('subject_archived_idx').on(t.isArchived, t.archivedAt),
  ],
);
