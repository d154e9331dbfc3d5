// Every query of a topic's resources: decks with their cards, quizzes with their questions, page
// summaries, the counts kept in step, permanent deletes, and image usedIn kept honest when content
// goes. Writes run inside withContentWrite (domain/content-write.ts) only.
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP } from '@zan/core';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { ScopedImage } from './images-repository.ts';
import { card, flashcardDeck, htmlContent, image, mcqQuestion, mcqQuiz } from '../../db/schema/index.ts';

export type DeckRow = typeof flashcardDeck.$inferSelect;
export type CardRow = typeof card.$inferSelect;
export type QuizRow = typeof mcqQuiz.$inferSelect;
export type QuestionRow = typeof mcqQuestion.$inferSelect;
export type PageRow = typeof htmlContent.$inferSelect;
export type CardValues = { front: string; back: string };
export type QuestionValues = Pick<
  typeof mcqQuestion.$inferInsert,
  'question' | 'option1' | 'option2' | 'option3' | 'option4' | 'option5' | 'correctOption' | 'explanation'
>;
type Scope = { collegeId: string; yearGroup: string };

const { htmlBody: _body, ...pageCols } = getTableColumns(htmlContent);
const byName = (col: typeof flashcardDeck.name | typeof mcqQuiz.name) => sql`lower(${col})`;

/** A content row as image uses see it: its id and the scope its images must belong to. */
export type ScopedContent = { id: string; collegeId: string; yearGroup: string };
/** An image of this scope: the same college, and the same year group or the college's global images. */
const inScope = (scope: Omit<ScopedContent, 'id'>) =>
  sql`${image.collegeId} = ${scope.collegeId} and (${image.yearGroup} = ${scope.yearGroup} or ${image.yearGroup} = ${GLOBAL_YEAR_GROUP})`;

/** Rows per INSERT of a bulk import (a few hundred KB of faces per statement). */
const IMPORT_BATCH = 250;
/** A new item's college and year group: its set's. */
const scopeOf = (set: { collegeId: string; yearGroup: string }) => ({
  collegeId: set.collegeId,
  yearGroup: set.yearGroup,
});

const ARRAY_TYPES: Readonly<Record<string, BulkColumn['type']>> = {
  PgText: 'text',
  PgInteger: 'int4',
  PgTimestamp: 'timestamptz',
};
/** Each column with the array type its values travel as. */
const bulkColumns = (columns: readonly PgColumn[]): BulkColumn[] =>
  columns.map((column) => {
    const type = ARRAY_TYPES[column.columnType];
    if (!type) throw new Error(`no bulk array type for ${column.name} (${column.columnType})`);
    return { column, type };
  });

type BulkColumn = { readonly column: PgColumn; readonly type: 'text' | 'int4' | 'timestamptz' };
type BulkValue = string | number | Date | null;

/**
 * A bulk import's rows, IMPORT_BATCH per statement, each column one array parameter (`unnest`): the
 * query builder's per-value work took 50–300 ms of event loop per 250 rows (issue 17). The content
 * trigger stamps row_version as for any insert.
 */
async function insertUnnested(
  tx: Tx,
  table: PgTable,
  columns: readonly BulkColumn[],
  rows: number,
  rowOf: (row: number) => readonly BulkValue[],
): Promise<void> {
  const names = sql.join(
    columns.map((c) => sql.identifier(c.column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows; start += IMPORT_BATCH) {
    const end = Math.min(rows, start + IMPORT_BATCH);
    const values = columns.map((): BulkValue[] => []);
    for (let i = start; i < end; i++) rowOf(i).forEach((v, k) => values[k]!.push(v));
    const arrays = columns.map((c, k) => sql`${sql.param(values[k])}::${sql.raw(c.type)}[]`);
    await tx.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

export const resourcesRepository = {
  decks: (db: DbOrTx, topicId: string) =>
    db
      .select()
      .from(flashcardDeck)
      .where(eq(flashcardDeck.topicId, topicId))
      .orderBy(asc(byName(flashcardDeck.name)), asc(flashcardDeck.id)),
  quizzes: (db: DbOrTx, topicId: string) =>
    db
      .select()
      .from(mcqQuiz)
      .where(eq(mcqQuiz.topicId, topicId))
      .orderBy(asc(byName(mcqQuiz.name)), asc(mcqQuiz.id)),
  pages: (db: DbOrTx, topicId: string) =>
    db
      .select(pageCols)
      .from(htmlContent)
      .where(eq(htmlContent.topicId, topicId))
      .orderBy(asc(sql`lower(${htmlContent.title})`), asc(htmlContent.id)),

  async deck(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<DeckRow | undefined> {
    const q = db.select().from(flashcardDeck).where(eq(flashcardDeck.id, id));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },
  async deckByName(tx: Tx, topicId: string, name: string): Promise<DeckRow | undefined> {
    const [row] = await tx
      .select()
      .from(flashcardDeck)
      .where(and(eq(flashcardDeck.topicId, topicId), sql`lower(${flashcardDeck.name}) = lower(${name})`))
      .for('update');
    return row;
  },
  cards: (db: DbOrTx, deckId: string) =>
    db.select().from(card).where(eq(card.deckId, deckId)).orderBy(asc(card.createdAt), asc(card.id)),
  async card(db: DbOrTx, id: string): Promise<CardRow | undefined> {
    const [row] = await db.select().from(card).where(eq(card.id, id));
    return row;
  },

  async quiz(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<QuizRow | undefined> {
    const q = db.select().from(mcqQuiz).where(eq(mcqQuiz.id, id));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },
  async quizByName(tx: Tx, topicId: string, name: string): Promise<QuizRow | undefined> {
    const [row] = await tx
      .select()
      .from(mcqQuiz)
      .where(and(eq(mcqQuiz.topicId, topicId), sql`lower(${mcqQuiz.name}) = lower(${name})`))
      .for('update');
    return row;
  },
  questions: (db: DbOrTx, quizId: string) =>
    db
      .select()
      .from(mcqQuestion)
      .where(eq(mcqQuestion.quizId, quizId))
      .orderBy(asc(mcqQuestion.createdAt), asc(mcqQuestion.id)),
  async question(db: DbOrTx, id: string): Promise<QuestionRow | undefined> {
    const [row] = await db.select().from(mcqQuestion).where(eq(mcqQuestion.id, id));
    return row;
  },

  async page(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<PageRow | undefined> {
    const q = db.select().from(htmlContent).where(eq(htmlContent.id, id));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },

  // ---- writes (inside the unit of work) ----
  async insertDeck(
    tx: Tx,
    v: { name: string; topicId: string; createdBy: string } & Scope,
  ): Promise<DeckRow> {
    const [row] = await tx.insert(flashcardDeck).values(v).returning();
    return row!;
  },
  async insertQuiz(
    tx: Tx,
    v: { name: string; topicId: string; createdBy: string } & Scope,
  ): Promise<QuizRow> {
    const [row] = await tx.insert(mcqQuiz).values(v).returning();
    return row!;
  },
  async insertCard(tx: Tx, deck: DeckRow, v: CardValues, now: Date): Promise<CardRow> {
    const [row] = await tx
      .insert(card)
      .values({ ...v, deckId: deck.id, ...scopeOf(deck), createdAt: now, updatedAt: now })
      .returning();
    return row!;
  },
  /** A bulk import's cards, their ids in order; created_at one millisecond apart, in the paste's order. */
  async insertCards(tx: Tx, deck: DeckRow, items: readonly CardValues[], now: Date): Promise<string[]> {
    const ids = items.map(() => crypto.randomUUID());
    const t = card;
    const cols = [t.id, t.front, t.back, t.deckId, t.collegeId, t.yearGroup, t.createdAt, t.updatedAt];
    const at = now.getTime();
    await insertUnnested(tx, t, bulkColumns(cols), items.length, (i) => {
      const c = items[i]!;
      return [ids[i]!, c.front, c.back, deck.id, deck.collegeId, deck.yearGroup, new Date(at + i), now];
    });
    return ids;
  },
  async updateCard(tx: Tx, id: string, v: CardValues): Promise<CardRow> {
    const [row] = await tx
      .update(card)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(card.id, id))
      .returning();
    return row!;
  },
  async insertQuestion(tx: Tx, quiz: QuizRow, v: QuestionValues, now: Date): Promise<QuestionRow> {
    const [row] = await tx
      .insert(mcqQuestion)
      .values({ ...v, quizId: quiz.id, ...scopeOf(quiz), createdAt: now, updatedAt: now })
      .returning();
    return row!;
  },
  /** A bulk import's questions, as insertCards. */
  async insertQuestions(
    tx: Tx,
    quiz: QuizRow,
    items: readonly QuestionValues[],
    now: Date,
  ): Promise<string[]> {
    const ids = items.map(() => crypto.randomUUID());
    const t = mcqQuestion;
    const cols = [
      t.id,
      t.question,
      t.option1,
      t.option2,
      t.option3,
      t.option4,
      t.option5,
      t.correctOption,
      t.explanation,
      t.quizId,
      t.collegeId,
      t.yearGroup,
      t.createdAt,
      t.updatedAt,
    ];
    const at = now.getTime();
    await insertUnnested(tx, t, bulkColumns(cols), items.length, (i) => {
      const q = items[i]!;
      return [
        ids[i]!,
        q.question,
        q.option1,
        q.option2,
        q.option3 ?? null,
        q.option4 ?? null,
        q.option5 ?? null,
        q.correctOption ?? 1,
        q.explanation ?? null,
        quiz.id,
        quiz.collegeId,
        quiz.yearGroup,
        new Date(at + i),
        now,
      ];
    });
    return ids;
  },
  async updateQuestion(tx: Tx, id: string, v: QuestionValues): Promise<QuestionRow> {
    const [row] = await tx
      .update(mcqQuestion)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(mcqQuestion.id, id))
      .returning();
    return row!;
  },
  async deleteCard(tx: Tx, id: string): Promise<boolean> {
    return (await tx.delete(card).where(eq(card.id, id)).returning({ id: card.id })).length > 0;
  },
  async deleteQuestion(tx: Tx, id: string): Promise<boolean> {
    return (
      (await tx.delete(mcqQuestion).where(eq(mcqQuestion.id, id)).returning({ id: mcqQuestion.id })).length >
      0
    );
  },
  /** cardCount / questionCount from the rows themselves (same transaction as the change). */
  async recountDeck(tx: Tx, deckId: string): Promise<number> {
    const [row] = await tx
      .update(flashcardDeck)
      .set({
        cardCount: sql`(select count(*)::int from card where deck_id = ${deckId})`,
        updatedAt: new Date(),
      })
      .where(eq(flashcardDeck.id, deckId))
      .returning({ n: flashcardDeck.cardCount });
    return row?.n ?? 0;
  },
  async recountQuiz(tx: Tx, quizId: string): Promise<number> {
    const [row] = await tx
      .update(mcqQuiz)
      .set({
        questionCount: sql`(select count(*)::int from mcq_question where quiz_id = ${quizId})`,
        updatedAt: new Date(),
      })
      .where(eq(mcqQuiz.id, quizId))
      .returning({ n: mcqQuiz.questionCount });
    return row?.n ?? 0;
  },

  /** Permanent deletes (children cascade; the delete trigger tombstones every row). Returns the ids removed. */
  async deleteDeck(tx: Tx, id: string): Promise<string[]> {
    const cards = await tx.delete(card).where(eq(card.deckId, id)).returning({ id: card.id });
    const deck = await tx
      .delete(flashcardDeck)
      .where(eq(flashcardDeck.id, id))
      .returning({ id: flashcardDeck.id });
    return [...deck, ...cards].map((r) => r.id);
  },
  async deleteQuiz(tx: Tx, id: string): Promise<string[]> {
    const qs = await tx
      .delete(mcqQuestion)
      .where(eq(mcqQuestion.quizId, id))
      .returning({ id: mcqQuestion.id });
    const quiz = await tx.delete(mcqQuiz).where(eq(mcqQuiz.id, id)).returning({ id: mcqQuiz.id });
    return [...quiz, ...qs].map((r) => r.id);
  },
  async insertPage(
    tx: Tx,
    v: { title: string; htmlBody: string; topicId: string; lastUpdatedBy: string } & Scope,
  ): Promise<PageRow> {
    const [row] = await tx.insert(htmlContent).values(v).returning();
    return row!;
  },
  async updatePage(
    tx: Tx,
    id: string,
    v: { title: string; htmlBody: string; lastUpdatedBy: string },
  ): Promise<PageRow> {
    const [row] = await tx
      .update(htmlContent)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(htmlContent.id, id))
      .returning();
    return row!;
  },
  async deletePage(tx: Tx, id: string): Promise<string[]> {
    return (await tx.delete(htmlContent).where(eq(htmlContent.id, id)).returning({ id: htmlContent.id })).map(
      (r) => r.id,
    );
  },

  /**
   * image.used_in follows what the content's HTML links: the images of its own scope (its college and
   * year group, or that college's global images) whose original or webp URL appears in an src gain
   * the id, the others lose it. Another college's image never counts a use by this content.
   */
  async syncImageUses(tx: Tx, content: ScopedContent, html: string): Promise<void> {
    const contentId = content.id;
    const urls = [...html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    const list = urls.length
      ? sql`array[${sql.join(
          urls.map((u) => sql`${u}`),
          sql`, `,
        )}]::text[]`
      : sql`'{}'::text[]`;
    const linked = sql`(${image.storageUrl} = any(${list}) or ${image.webpUrl} = any(${list})) and ${inScope(content)}`;
    await tx
      .update(image)
      .set({ usedIn: sql`array_remove(${image.usedIn}, ${contentId})` })
      .where(sql`${contentId} = any(${image.usedIn}) and not ${linked}`);
    if (urls.length)
      await tx
        .update(image)
        .set({ usedIn: sql`array_append(${image.usedIn}, ${contentId})` })
        .where(sql`${linked} and not ${contentId} = any(${image.usedIn})`);
  },

  /**
   * The images of the contents' scope used by these contents and nothing else (a page's own pictures),
   * locked: candidates to go with them (the service keeps those the deleter may not delete).
   */
  async imagesOnlyUsedBy(
    tx: Tx,
    contentIds: readonly string[],
    scope: Omit<ScopedContent, 'id'>,
  ): Promise<ScopedImage[]> {
    if (!contentIds.length) return [];
    const ids = sql`array[${sql.join(
      contentIds.map((i) => sql`${i}`),
      sql`, `,
    )}]::text[]`;
    return tx
      .select({ id: image.id, collegeId: image.collegeId, yearGroup: image.yearGroup })
      .from(image)
      .where(sql`cardinality(${image.usedIn}) > 0 and ${image.usedIn} <@ ${ids} and ${inScope(scope)}`)
      .for('update');
  },

  /** Content that no longer exists stops counting as a use of any image. */
  async dropImageUses(tx: Tx, contentIds: readonly string[]): Promise<void> {
    if (!contentIds.length) return;
    const ids = sql`array[${sql.join(
      contentIds.map((i) => sql`${i}`),
      sql`, `,
    )}]::text[]`;
    await tx
      .update(image)
      .set({ usedIn: sql`array(select u from unnest(${image.usedIn}) u where u <> all(${ids}))` })
      .where(sql`${image.usedIn} && ${ids}`);
  },
};
