// The Zan cards an Anki progress import may touch (issue 20): cards imported from Anki (note id and
// ordinal) whose topic the caller can see, with what a progress record names (deck, subject).
import { sql } from 'drizzle-orm';
import type { Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { topicVisibleSql } from '../../domain/visibility-repository.ts';

export type AnkiMatchRow = {
  cardId: string;
  deckId: string;
  subjectId: string;
  ankiNoteId: string;
  ankiOrd: number;
};

export const ankiProgressRepository = {
  /** Visible cards with one of these (Anki note id, ordinal) pairs. */
  async matches(
    db: DbOrTx,
    actor: Actor,
    keys: readonly { noteId: string; ord: number }[],
  ): Promise<AnkiMatchRow[]> {
    if (!keys.length) return [];
    const res = await db.execute<{
      card_id: string;
      deck_id: string;
      subject_id: string;
      anki_note_id: string;
      anki_ord: number;
    }>(sql`
      select card.id as card_id, card.deck_id, topic.subject_id, card.anki_note_id, card.anki_ord
      from unnest(${sql.param(keys.map((k) => k.noteId))}::text[], ${sql.param(keys.map((k) => k.ord))}::int[]) as k(note_id, ord)
      join card on card.anki_note_id = k.note_id and card.anki_ord = k.ord
      join flashcard_deck on flashcard_deck.id = card.deck_id
      join topic on topic.id = flashcard_deck.topic_id
      join subject on subject.id = topic.subject_id
      join module on module.id = subject.module_id
      where ${topicVisibleSql(actor)}`);
    return res.rows.map((r) => ({
      cardId: r.card_id,
      deckId: r.deck_id,
      subjectId: r.subject_id,
      ankiNoteId: r.anki_note_id,
      ankiOrd: Number(r.anki_ord),
    }));
  },
};
