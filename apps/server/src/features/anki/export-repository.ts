// The reads of the .apkg export (issue 20): a deck with its topic's scope when the caller may see the
// topic, and the deck's cards in the deck editor's order.
import { and, asc, eq } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, type Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { card, flashcardDeck, module, subject, topic } from '../../db/schema/index.ts';
import { topicVisibleSql } from '../../domain/visibility-sql.ts';
import type { ExportCardRow } from './export-model.ts';

export type ExportDeckRow = {
  id: string;
  name: string;
  topicId: string;
  collegeId: string;
  yearGroup: string;
  isGlobal: boolean;
};

export const exportRepository = {
  /** The deck, when the caller may see its topic (students: not archived, a module they may open). */
  async visibleDeck(db: DbOrTx, actor: Actor, deckId: string): Promise<ExportDeckRow | undefined> {
    const [row] = await db
      .select({
        id: flashcardDeck.id,
        name: flashcardDeck.name,
        topicId: flashcardDeck.topicId,
        collegeId: topic.collegeId,
        yearGroup: topic.yearGroup,
        isGlobal: topic.isGlobal,
      })
      .from(flashcardDeck)
      .innerJoin(topic, eq(topic.id, flashcardDeck.topicId))
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(eq(flashcardDeck.id, deckId), topicVisibleSql(actor)));
    return row && { ...row, isGlobal: row.isGlobal || row.yearGroup === GLOBAL_YEAR_GROUP };
  },

  cards: (db: DbOrTx, deckId: string): Promise<ExportCardRow[]> =>
    db
      .select({
        id: card.id,
        front: card.front,
        back: card.back,
        kind: card.kind,
        noteId: card.noteId,
        ord: card.ord,
        ankiNoteId: card.ankiNoteId,
      })
      .from(card)
      .where(eq(card.deckId, deckId))
      .orderBy(asc(card.createdAt), asc(card.id)),
};
