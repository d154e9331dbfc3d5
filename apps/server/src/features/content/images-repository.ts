// Every image-row query of the images screen: the newest of a college and year group (optionally those
// used by one page or card), the row an upload inserts, and the row a permanent delete locks and removes.
import { and, arrayContains, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { image } from '../../db/schema/index.ts';

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

  remove: async (tx: Tx, id: string): Promise<void> => {
    await tx.delete(image).where(eq(image.id, id));
  },
};
