// flashcard_deck: a deck of cards under a topic; cardCount kept in step with its cards.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, rowVersion, timestamps } from './columns.ts';
import { topic } from './topic.ts';

export const flashcardDeck = pgTable(
  'flashcard_deck',
  {
    id: id(),
    name: text('name').notNull(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topic.id, { onDelete: 'cascade' }),
    cardCount: integer('card_count').notNull().default(0),
    createdBy: text('created_by'),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    ...timestamps(),
    rowVersion: rowVersion(),
  },
  (t) => [index('deck_topic_idx').on(t.topicId)],
);
