// html_content: a lecture page of a topic (sanitised HTML).
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, rowVersion, timestamps } from './columns.ts';
import { topic } from './topic.ts';

export const htmlContent = pgTable(
  'html_content',
  {
    id: id(),
    title: text('title').notNull(),
    htmlBody: text('html_body').notNull().default(''),
    topicId: text('topic_id')
      .notNull()
      .references(() => topic.id, { onDelete: 'cascade' }),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    lastUpdatedBy: text('last_updated_by'),
    ...timestamps(),
    rowVersion: rowVersion(),
  },
  (t) => [index('html_topic_idx').on(t.topicId)],
);
