// module: top of the content tree; yearGroup is the literal 'global' for global modules.
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { archiveColumns, id, rowVersion, timestamps } from './columns.ts';
import { college } from './college.ts';

export const module = pgTable(
  'module',
  {
    id: id(),
    name: text('name').notNull(),
    stage: integer('stage').notNull(),
    isFree: boolean('is_free').notNull().default(true),
    isGlobal: boolean('is_global').notNull().default(false),
    extraInfo: text('extra_info'),
    collegeId: text('college_id')
      .notNull()
      .references(() => college.id, { onDelete: 'cascade' }),
    yearGroup: text('year_group').notNull(),
    ...archiveColumns(),
    createdBy: text('created_by'),
    ...timestamps(),
    rowVersion: rowVersion(),
  },
  (t) => [
    check('module_stage_min', sql`${t.stage} >= 1`),
    index('module_scope_idx').on(t.collegeId, t.yearGroup),
    index('module_version_idx').on(t.rowVersion),
    index('module_archived_idx').on(t.isArchived, t.archivedAt),
  ],
);
