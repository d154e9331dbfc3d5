// card: one flashcard of a deck; front and back are sanitised HTML.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
    /**
     * Issue 20: 'basic' or 'cloze'. A cloze card's front is its note's text and its back the note's
     * Back Extra; `note_id` groups the note's cards and `ord` is the deletion number (c1 → 1).
     */
    kind: text('kind', { enum: ['basic', 'cloze'] })
      .notNull()
      .default('basic'),
    noteId: text('note_id'),
    ord: integer('ord'),
    /** Issue 20: the Anki note id (64-bit, as decimal text) and card ordinal an import came from. */
    ankiNoteId: text('anki_note_id'),
    ankiOrd: integer('anki_ord'),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    ...timestamps(),
    rowVersion: rowVersion(),
  },
  (t) => [
    index('card_deck_idx').on(t.deckId),
    index('card_note_idx').on(t.noteId),
    index('card_anki_idx').on(t.deckId, t.ankiNoteId),
  ],
);
