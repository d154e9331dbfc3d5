// The reads of the .apkg export (issue 20): a deck with its topic's scope when the caller may see the
// topic, the deck's cards in the deck editor's order, and a student's own records and reviews of them.
import { and, asc, eq, sql } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, type Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { card, flashcardDeck, module, subject, topic } from '../../db/schema/index.ts';
import { topicVisibleSql } from '../../domain/visibility-sql.ts';
import type { ExportCardRow } from './export-model.ts';
import type { ProgressRow } from './progress-export.ts';

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

  /** The user's live flashcard records of the deck's cards. */
  async progress(db: DbOrTx, userId: string, deckId: string): Promise<ProgressRow[]> {
    const res = await db.execute<{
      card_id: string;
      ease_factor: number;
      interval: number;
      due_date: string | Date | null;
      is_suspended: boolean;
      stability: number | null;
      difficulty: number | null;
      learning_state: ProgressRow['learningState'];
      reps: number | null;
      lapses: number | null;
    }>(sql`
      select p.item_id as card_id, p.ease_factor, p.interval, p.due_date, p.is_suspended, p.stability,
        p.difficulty, p.learning_state, p.reps, p.lapses
      from progress_record p join card on card.id = p.item_id
      where p.user_id = ${userId} and card.deck_id = ${deckId} and p.type = 'flashcard' and not p.deleted`);
    return res.rows.map((r) => ({
      cardId: r.card_id,
      easeFactor: Number(r.ease_factor),
      interval: Number(r.interval),
      dueDate: r.due_date === null ? null : new Date(r.due_date),
      isSuspended: r.is_suspended,
      stability: r.stability === null ? null : Number(r.stability),
      difficulty: r.difficulty === null ? null : Number(r.difficulty),
      learningState: r.learning_state,
      reps: r.reps === null ? null : Number(r.reps),
      lapses: r.lapses === null ? null : Number(r.lapses),
    }));
  },

  /**
   * The user's rated, not undone reviews of the deck's cards in review order, as ONE JSON text of
   * progress-export.ts `ReviewTuple`s: built by PostgreSQL and read in the export's thread, so the event
   * loop never holds a row per review (issue 38; a student may have hundreds of thousands).
   */
  async reviewsJson(db: DbOrTx, userId: string, deckId: string): Promise<string> {
    const res = await db.execute<{ reviews: string }>(sql`
      select coalesce(json_agg(json_build_array(r.item_id, r.rating,
          floor(extract(epoch from r.reviewed_at) * 1000), r.payload->'record'->>'interval',
          r.payload->'record'->>'easeFactor', r.state_before, r.duration_ms)
        order by r.reviewed_at, r.id), '[]')::text as reviews
      from review_log r join card on card.id = r.item_id
      where r.user_id = ${userId} and card.deck_id = ${deckId} and r.type = 'flashcard' and not r.undone
        and r.rating between 1 and 4`);
    return res.rows[0]?.reviews ?? '[]';
  },
};
