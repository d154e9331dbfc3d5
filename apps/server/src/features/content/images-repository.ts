// Every image-row query of the images screen: the newest of a college and year group (optionally those
// used by one page or card), the content their uses name, the row an upload inserts, the row a permanent
// delete locks and removes, and the rows deleted content takes with it.
import { and, arrayContains, desc, eq, inArray } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP } from '@zan/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { card, flashcardDeck, htmlContent, image, mcqQuestion, mcqQuiz } from '../../db/schema/index.ts';
import type { DeletedImage } from './write-repository.ts';

export type ImageRow = typeof image.$inferSelect;
export type ImageValues = typeof image.$inferInsert;

export const imagesRepository = {
  /** Newest first (ties by id), at most `limit`, of the scope; with `usedIn`, only the images it uses. */
  list: (
    db: DbOrTx,
    q: { collegeId: string; yearGroup: string; usedIn?: string; limit: number },
  ): Promise<ImageRow[]> =>
    db
      .select()
      .from(image)
      .where(
        and(
          eq(image.collegeId, q.collegeId),
          eq(image.yearGroup, q.yearGroup),
          q.usedIn ? arrayContains(image.usedIn, [q.usedIn]) : undefined,
        ),
      )
      .orderBy(desc(image.createdAt), desc(image.id))
      .limit(q.limit),

  /**
   * The pages, cards and questions among `ids` (ids whose content is gone are in none): what labels each,
   * the topic it lives in, and its scope.
   */
  async usedBy(db: DbOrTx, ids: readonly string[]) {
    const pages = await db
      .select({
        id: htmlContent.id,
        title: htmlContent.title,
        topicId: htmlContent.topicId,
        collegeId: htmlContent.collegeId,
        yearGroup: htmlContent.yearGroup,
      })
      .from(htmlContent)
      .where(inArray(htmlContent.id, [...ids]));
    const cards = await db
      .select({
        id: card.id,
        front: card.front,
        topicId: flashcardDeck.topicId,
        collegeId: card.collegeId,
        yearGroup: card.yearGroup,
      })
      .from(card)
      .innerJoin(flashcardDeck, eq(flashcardDeck.id, card.deckId))
      .where(inArray(card.id, [...ids]));
    const questions = await db
      .select({
        id: mcqQuestion.id,
        question: mcqQuestion.question,
        topicId: mcqQuiz.topicId,
        collegeId: mcqQuestion.collegeId,
        yearGroup: mcqQuestion.yearGroup,
      })
      .from(mcqQuestion)
      .innerJoin(mcqQuiz, eq(mcqQuiz.id, mcqQuestion.quizId))
      .where(inArray(mcqQuestion.id, [...ids]));
    return { pages, cards, questions };
  },

  async insert(tx: Tx, values: ImageValues): Promise<ImageRow> {
    const [row] = await tx.insert(image).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** The row, locked for a delete. */
  async lock(tx: Tx, id: string): Promise<ImageRow | undefined> {
    const [row] = await tx.select().from(image).where(eq(image.id, id)).for('update');
    return row;
  },

  /**
   * Whether `id` is a page or card an image of `scope` may be used in: the same college, and the same
   * year group (a college's global image: any of its year groups).
   */
  async contentInScope(
    db: DbOrTx,
    id: string,
    scope: { collegeId: string; yearGroup: string },
  ): Promise<boolean> {
    for (const table of [htmlContent, card]) {
      const where = and(
        eq(table.id, id),
        eq(table.collegeId, scope.collegeId),
        scope.yearGroup === GLOBAL_YEAR_GROUP ? undefined : eq(table.yearGroup, scope.yearGroup),
      );
      if ((await db.select({ id: table.id }).from(table).where(where).limit(1)).length) return true;
    }
    return false;
  },

  remove: async (tx: Tx, id: string): Promise<void> => {
    await tx.delete(image).where(eq(image.id, id));
  },

  /** Deletes these rows (locked by the caller); returns what went, for the files and the live event. */
  async removeMany(tx: Tx, ids: readonly string[]): Promise<DeletedImage[]> {
    if (!ids.length) return [];
    return tx
      .delete(image)
      .where(inArray(image.id, [...ids]))
      .returning({
        id: image.id,
        collegeId: image.collegeId,
        storageUrl: image.storageUrl,
        webpUrl: image.webpUrl,
      });
  },
};
