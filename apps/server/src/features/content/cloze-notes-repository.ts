// The queries of cloze notes (issue 20): a note is the cards sharing a note_id, one per deletion number
// (ord). Writes run inside withContentWrite only; a card's delete is tombstoned by the delete trigger.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { card } from '../../db/schema/index.ts';
import type { CardRow, DeckRow } from './resources-repository.ts';

/** A note's faces as stored: the whole text on the front, Back Extra on the back. */
export type ClozeFaces = { front: string; back: string };

export const clozeNotesRepository = {
  /** The note's cards by number (none when the note does not exist). */
  noteCards: (db: DbOrTx, noteId: string): Promise<CardRow[]> =>
    db
      .select()
      .from(card)
      .where(and(eq(card.noteId, noteId), eq(card.kind, 'cloze')))
      .orderBy(asc(card.ord), asc(card.id)),

  /** New cards of the note, one per number; created_at one millisecond apart so the deck lists them in order. */
  async insertCards(
    tx: Tx,
    deck: DeckRow,
    noteId: string,
    ords: readonly number[],
    faces: ClozeFaces,
    now: Date,
  ): Promise<CardRow[]> {
    if (!ords.length) return [];
    const at = now.getTime();
    return tx
      .insert(card)
      .values(
        ords.map((ord, i) => ({
          ...faces,
          kind: 'cloze' as const,
          noteId,
          ord,
          deckId: deck.id,
          collegeId: deck.collegeId,
          yearGroup: deck.yearGroup,
          createdAt: new Date(at + i),
          updatedAt: now,
        })),
      )
      .returning();
  },

  /** The kept cards take the note's new faces (same ids, so every student's progress stays). */
  async updateCards(tx: Tx, ids: readonly string[], faces: ClozeFaces): Promise<CardRow[]> {
    if (!ids.length) return [];
    return tx
      .update(card)
      .set({ ...faces, updatedAt: new Date() })
      .where(inArray(card.id, [...ids]))
      .returning();
  },

  async deleteCards(tx: Tx, ids: readonly string[]): Promise<void> {
    if (ids.length) await tx.delete(card).where(inArray(card.id, [...ids]));
  },
};
