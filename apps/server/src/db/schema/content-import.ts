// content_import: one bulk import into a deck or quiz (issue 21; issue 20's Anki import too), kept so it
// can be undone: what it added, the previous values of what it changed, the images it stored and the
// content version it wrote at (an item whose row_version moved on was edited since).
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { topic } from './topic.ts';
import { user } from './user.ts';

/** An item the import changed, as it was before (a card's faces or a question's fields). */
export type ImportPrevious = { id: string; values: Record<string, string | number | null> };

export const contentImport = pgTable(
  'content_import',
  {
    id: id(),
    topicId: text('topic_id')
      .notNull()
      .references(() => topic.id, { onDelete: 'cascade' }),
    /** 'deck' (flashcard_deck, cards) or 'quiz' (mcq_quiz, questions). */
    setKind: text('set_kind', { enum: ['deck', 'quiz'] }).notNull(),
    setId: text('set_id').notNull(),
    /** The import created the set. */
    setCreated: boolean('set_created').notNull(),
    /** core importSourceSchema: the format the rows were read from. */
    source: text('source').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The content version of the import's transaction (stamped on every item it wrote). */
    contentVersion: bigint('content_version', { mode: 'number' }).notNull(),
    addedIds: text('added_ids').array().notNull(),
    previous: jsonb('previous').$type<ImportPrevious[]>().notNull(),
    imageIds: text('image_ids').array().notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: text('undone_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('content_import_set_idx').on(t.setId, t.createdAt),
    index('content_import_topic_idx').on(t.topicId),
  ],
);
