// The reads of the .apkg export (issue 20): a deck with its topic's scope when the caller may see the
// topic, the deck's cards in the deck editor's order, and a student's own records and reviews of them.
import { and, asc, eq, sql } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, type Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { card, flashcardDeck, module, subject, topic } from '../../db/schema/index.ts';
import { topicVisibleSql } from '../../domain/visibility-repository.ts';
import type { ExportCardRow } from './export-model.ts';
import type { ProgressRow } from './progress-export.ts';

/** Reviews per JSON text of a progress export (~2 MB each; tests may lower it). */
export const EXPORT_PAGES = { reviews: 20_000 };

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
   * The user's rated, not undone reviews of the deck's cards in review order, as JSON texts of
   * progress-export.ts `ReviewTuple`s, EXPORT_PAGES.reviews reviews each: built by PostgreSQL and read in the
   * export's thread, so the event loop never holds a row per review (issue 38; a student may have
   * hundreds of thousands), nor one text of tens of MB at once (its receipt and decoding held the loop
   * ~50–80 ms at 200,000 reviews).
   */
  async reviewPages(db: DbOrTx, userId: string, deckId: string): Promise<string[]> {
    const pages: string[] = [];
    let after: { at: string; id: string } | null = null;
    type PageRow = { reviews: string; n: number; last_at: string | null; last_id: string | null };
    for (;;) {
      const res: { rows: PageRow[] } = await db.execute<PageRow>(sql`
        with page as (
          select r.id, r.item_id, r.rating, r.reviewed_at, r.payload, r.state_before, r.duration_ms
          from review_log r join card on card.id = r.item_id
          where r.user_id = ${userId} and card.deck_id = ${deckId} and r.type = 'flashcard' and not r.undone
            and r.rating between 1 and 4
            ${after ? sql`and (r.reviewed_at, r.id) > (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
          order by r.reviewed_at, r.id
          limit ${EXPORT_PAGES.reviews}
        ), last as (select reviewed_at, id from page order by reviewed_at desc, id desc limit 1)
        select coalesce(json_agg(json_build_array(p.item_id, p.rating,
            floor(extract(epoch from p.reviewed_at) * 1000), p.payload->'record'->>'interval',
            p.payload->'record'->>'easeFactor', p.state_before, p.duration_ms)
          order by p.reviewed_at, p.id), '[]')::text as reviews,
          count(*)::int as n, (select reviewed_at::text from last) as last_at, (select id::text from last) as last_id
        from page p`);
      const row: PageRow | undefined = res.rows[0];
      if (!row || row.n === 0) return pages;
      pages.push(row.reviews);
      if (row.n < EXPORT_PAGES.reviews || row.last_at === null || row.last_id === null) return pages;
      after = { at: row.last_at, id: row.last_id };
    }
  },
};
