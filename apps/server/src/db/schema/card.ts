// card: one flashcard of a deck; front and back are sanitised HTML.
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, rowVersion, timestamps } from './columns.ts';
import { flashcardDeck } from './flashcard-deck.ts';

export const card = pgTable(
  'card',
  {
    id: id(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    deckId: text('deck_id')
      .notNull()
      .references(() => flashcardDeck.id, { onDelete: 'cascade' }),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    ...timestamps(),
    rowVersion: rowVersion(),
  },
  (t) => [index('card_deck_idx').on(t.deckId)],
);
