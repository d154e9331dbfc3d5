// The queries of the admin Anki import (issue 20) of its own: the topic the caller may write to, the cards
// an earlier Anki import wrote (matched by Anki note id and ordinal) and the pictures those cards already
// use (a re-import reuses them). What it writes as every importer does — decks, cards, counts, image uses,
// image rows and the import record — is in domain/ (sets-, image-uses-, import-records-repository.ts).
import { and, eq, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '@zan/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { card, image, module, subject, topic } from '../../db/schema/index.ts';
import { topicVisibleSql } from '../../domain/visibility-repository.ts';

export type ImportTopic = { id: string; collegeId: string; yearGroup: string; isGlobal: boolean };
export type ImportCardRow = typeof card.$inferSelect;

const anyOf = (ids: readonly string[]) => sql`any(${sql.param([...ids])}::text[])`;

export const ankiImportRepository = {
  /** The topic when the caller may see it (its module's global flag counts as global). */
  async topic(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<ImportTopic | undefined> {
    const q = db
      .select({ ...getTableColumns(topic) })
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(eq(topic.id, id), topicVisibleSql(actor)));
    const [row] = lock ? await q.for('update', { of: topic }) : await q;
    return row && { id: row.id, collegeId: row.collegeId, yearGroup: row.yearGroup, isGlobal: row.isGlobal };
  },

  /** The deck's cards that came from Anki (their note id and ordinal set). */
  ankiCards: (tx: Tx, deckId: string): Promise<ImportCardRow[]> =>
    tx
      .select()
      .from(card)
      .where(and(eq(card.deckId, deckId), isNotNull(card.ankiNoteId)))
      .for('update'),

  /** Pictures (file name → URL) that Anki-imported cards of these decks already use. */
  async picturesOfDecks(db: DbOrTx, deckIds: readonly string[]): Promise<Map<string, string>> {
    if (!deckIds.length) return new Map();
    const rows = await db
      .select({ fileName: image.fileName, url: image.storageUrl })
      .from(image)
      .innerJoin(card, sql`${card.id} = any(${image.usedIn})`)
      .where(and(sql`${card.deckId} = ${anyOf(deckIds)}`, isNotNull(card.ankiNoteId)));
    return new Map(rows.map((r) => [r.fileName, r.url]));
  },
};
