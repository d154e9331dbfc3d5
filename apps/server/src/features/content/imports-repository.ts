// Every query of import records (issue 21, 'Undo import') but the insert (an import writes its record
// through domain/import-records-repository.ts): each deck's and quiz's latest one with whether it can still
// be undone, and what undo reads and removes. An item counts as untouched while its row_version is the
// import's content version.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { card, contentImport, image, mcqQuestion, type ImportPrevious } from '../../db/schema/index.ts';
import type { ScopedImage } from '../../domain/image-uses-repository.ts';

export type ImportRow = typeof contentImport.$inferSelect;
export type ImportWithState = ImportRow & { intact: boolean };
export type { ImportPrevious };

const itemTable = { deck: card, quiz: mcqQuestion } as const;
const setColumn = { deck: card.deckId, quiz: mcqQuestion.quizId } as const;

/** The record's items (added and changed) all still in its set and untouched since, as SQL (a boolean):
 *  one primary-key look-up per item. */
const intactSql = sql<boolean>`(
  with ids(id) as (
    select unnest(${contentImport.addedIds})
    union all select p->>'id' from jsonb_array_elements(${contentImport.previous}) p
  )
  select count(*) = (select count(*) from ids) from ids
  left join card c on ${contentImport.setKind} = 'deck' and c.id = ids.id
    and c.deck_id = ${contentImport.setId} and c.row_version = ${contentImport.contentVersion}
  left join mcq_question q on ${contentImport.setKind} = 'quiz' and q.id = ids.id
    and q.quiz_id = ${contentImport.setId} and q.row_version = ${contentImport.contentVersion}
  where c.id is not null or q.id is not null)`;
/** An array parameter (one, however many ids). */
const anyOf = (ids: readonly string[]) => sql`any(${sql.param([...ids])}::text[])`;

export const importsRepository = {
  /** Each set's latest import in the topic, with `intact` (nothing it wrote changed or gone since). */
  async latestByTopic(db: DbOrTx, topicId: string): Promise<ImportWithState[]> {
    return db
      .selectDistinctOn([contentImport.setId], {
        id: contentImport.id,
        topicId: contentImport.topicId,
        setKind: contentImport.setKind,
        setId: contentImport.setId,
        setCreated: contentImport.setCreated,
        source: contentImport.source,
        createdBy: contentImport.createdBy,
        createdAt: contentImport.createdAt,
        contentVersion: contentImport.contentVersion,
        addedIds: contentImport.addedIds,
        previous: contentImport.previous,
        imageIds: contentImport.imageIds,
        undoneAt: contentImport.undoneAt,
        undoneBy: contentImport.undoneBy,
        intact: intactSql,
      })
      .from(contentImport)
      .where(eq(contentImport.topicId, topicId))
      .orderBy(contentImport.setId, desc(contentImport.createdAt), desc(contentImport.contentVersion));
  },

  /** The items of `ids` in the set, with their row versions and a short text naming each. */
  async items(
    tx: Tx,
    kind: ImportRow['setKind'],
    setId: string,
    ids: readonly string[],
  ): Promise<{ id: string; rowVersion: number; label: string }[]> {
    if (!ids.length) return [];
    const t = itemTable[kind];
    const label = kind === 'deck' ? card.front : mcqQuestion.question;
    return tx
      .select({ id: t.id, rowVersion: t.rowVersion, label })
      .from(t)
      .where(and(eq(setColumn[kind], setId), sql`${t.id} = ${anyOf(ids)}`))
      .for('update');
  },

  /** Removes the added items (the delete trigger tombstones each). */
  async deleteItems(tx: Tx, kind: ImportRow['setKind'], ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    const t = itemTable[kind];
    return (
      await tx
        .delete(t)
        .where(sql`${t.id} = ${anyOf(ids)}`)
        .returning({ id: t.id })
    ).length;
  },

  /** The import's own images that nothing uses any more, locked: candidates to go with its undo. */
  async unusedImages(tx: Tx, imageIds: readonly string[]): Promise<ScopedImage[]> {
    if (!imageIds.length) return [];
    return tx
      .select({ id: image.id, collegeId: image.collegeId, yearGroup: image.yearGroup })
      .from(image)
      .where(sql`${image.id} = ${anyOf(imageIds)} and cardinality(${image.usedIn}) = 0`)
      .for('update');
  },

  async markUndone(tx: Tx, id: string, by: string): Promise<void> {
    await tx
      .update(contentImport)
      .set({ undoneAt: new Date(), undoneBy: by })
      .where(eq(contentImport.id, id));
  },
};
