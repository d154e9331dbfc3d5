// Every query of a topic's resources: decks with their cards, quizzes with their questions, page
// summaries, one card or question added, pages written, and permanent deletes. What the imports write too
// (sets by name, items in bulk, updates, counts) is domain/sets-repository.ts, image uses
// domain/image-uses-repository.ts. Writes run inside withContentWrite (domain/content-write.ts) only.
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { CardValues, QuestionValues } from '../../domain/sets-repository.ts';
import { card, flashcardDeck, htmlContent, mcqQuestion, mcqQuiz } from '../../db/schema/index.ts';

export type DeckRow = typeof flashcardDeck.$inferSelect;
export type CardRow = typeof card.$inferSelect;
export type QuizRow = typeof mcqQuiz.$inferSelect;
export type QuestionRow = typeof mcqQuestion.$inferSelect;
export type PageRow = typeof htmlContent.$inferSelect;
type Scope = { collegeId: string; yearGroup: string };

const { htmlBody: _body, ...pageCols } = getTableColumns(htmlContent);
const byName = (col: typeof flashcardDeck.name | typeof mcqQuiz.name) => sql`lower(${col})`;

/** A new item's college and year group: its set's. */
const scopeOf = (set: { collegeId: string; yearGroup: string }) => ({
  collegeId: set.collegeId,
  yearGroup: set.yearGroup,
});

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
  cards: (db: DbOrTx, deckId: string) =>
    db.select().from(card).where(eq(card.deckId, deckId)).orderBy(asc(card.createdAt), asc(card.id)),

  async quiz(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<QuizRow | undefined> {
    const q = db.select().from(mcqQuiz).where(eq(mcqQuiz.id, id));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },
  questions: (db: DbOrTx, quizId: string) =>
    db
      .select()
      .from(mcqQuestion)
      .where(eq(mcqQuestion.quizId, quizId))
      .orderBy(asc(mcqQuestion.createdAt), asc(mcqQuestion.id)),

  // ---- writes (inside the unit of work) ----
  async insertCard(tx: Tx, deck: DeckRow, v: CardValues, now: Date): Promise<CardRow> {
    const [row] = await tx
      .insert(card)
      .values({ ...v, deckId: deck.id, ...scopeOf(deck), createdAt: now, updatedAt: now })
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
  async deleteCard(tx: Tx, id: string): Promise<boolean> {
    return (await tx.delete(card).where(eq(card.id, id)).returning({ id: card.id })).length > 0;
  },
  async deleteQuestion(tx: Tx, id: string): Promise<boolean> {
    return (
      (await tx.delete(mcqQuestion).where(eq(mcqQuestion.id, id)).returning({ id: mcqQuestion.id })).length >
      0
    );
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
};
