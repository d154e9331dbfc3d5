// Every content-sync query: the pull sources (modules, subjects, topics, tombstones) after a cursor,
// the caller's granted modules, one topic's content and its clock (the topics the caller may see, by id:
// domain/visible-topics-repository.ts; the snapshot transaction: domain/snapshot.ts).
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import {
  card,
  flashcardDeck,
  htmlContent,
  mcqQuestion,
  mcqQuiz,
  module,
  purchasedModule,
  subject,
  tombstone,
  topic,
} from '../../db/schema/index.ts';
import type { Cursor } from './cursor.ts';
import {
  moduleVisibleSql,
  subjectVisibleSql,
  topicVisibleSql,
  tombstoneUniverseSql,
  universeSql,
} from '../../domain/visibility-repository.ts';

/** Table ranks inside one version: tombstones first, so a row re-stamped in the same version wins. */
export const RANK = { tombstone: 0, module: 1, subject: 2, topic: 3 } as const;

/** Rows of a source strictly after the cursor, for a source of rank `rank`. */
export function afterCursor(c: Cursor | null, rank: number, version: PgColumn, id: SQL): SQL | undefined {
  if (!c) return undefined;
  if (rank > c.rank) return sql`${version} >= ${c.version}`;
  if (rank < c.rank) return sql`${version} > ${c.version}`;
  return sql`(${version} > ${c.version} or (${version} = ${c.version} and ${id} > ${c.id}))`;
}

const textId = (col: PgColumn) => sql`${col} collate "C"`;

export const contentRepository = {
  async grantedModuleIds(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db
      .select({ id: purchasedModule.moduleId })
      .from(purchasedModule)
      .where(eq(purchasedModule.userId, userId));
    return rows.map((r) => r.id);
  },

  modulesAfter(db: DbOrTx, actor: Actor, c: Cursor | null, limit: number) {
    return db
      .select({ row: getTableColumns(module), visible: sql<boolean>`${moduleVisibleSql(actor)}` })
      .from(module)
      .where(and(universeSql(actor), afterCursor(c, RANK.module, module.rowVersion, textId(module.id))))
      .orderBy(asc(module.rowVersion), asc(textId(module.id)))
      .limit(limit);
  },

  subjectsAfter(db: DbOrTx, actor: Actor, c: Cursor | null, limit: number) {
    return db
      .select({ row: getTableColumns(subject), visible: sql<boolean>`${subjectVisibleSql(actor)}` })
      .from(subject)
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(universeSql(actor), afterCursor(c, RANK.subject, subject.rowVersion, textId(subject.id))))
      .orderBy(asc(subject.rowVersion), asc(textId(subject.id)))
      .limit(limit);
  },

  topicsAfter(db: DbOrTx, actor: Actor, c: Cursor | null, limit: number) {
    return db
      .select({ row: getTableColumns(topic), visible: sql<boolean>`${topicVisibleSql(actor)}` })
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(universeSql(actor), afterCursor(c, RANK.topic, topic.rowVersion, textId(topic.id))))
      .orderBy(asc(topic.rowVersion), asc(textId(topic.id)))
      .limit(limit);
  },

  /** Tombstones of modules / subjects / topics in the caller's college (all for superadmins). */
  tombstonesAfter(db: DbOrTx, actor: Actor, c: Cursor | null, limit: number) {
    return db
      .select({
        seq: tombstone.id,
        entity: tombstone.entity,
        entityId: tombstone.entityId,
        version: tombstone.rowVersion,
      })
      .from(tombstone)
      .where(
        and(
          inArray(tombstone.entity, ['module', 'subject', 'topic']),
          tombstoneUniverseSql(actor),
          afterCursor(c, RANK.tombstone, tombstone.rowVersion, sql`${tombstone.id}`),
        ),
      )
      .orderBy(asc(tombstone.rowVersion), asc(tombstone.id))
      .limit(limit);
  },

  /**
   * The topic if the caller may see it, with the content clock, in ONE statement (one snapshot): the
   * clock then never runs ahead of the topic row it is read with.
   */
  async visibleTopicWithClock(db: DbOrTx, actor: Actor, topicId: string) {
    const [row] = await db
      .select({
        row: getTableColumns(topic),
        clock: sql<string>`(select version from sync_clock where scope = 'content')`,
      })
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(eq(topic.id, topicId), topicVisibleSql(actor)));
    return row && { row: row.row, clock: Number(row.clock ?? 0) };
  },

  async topicContent(db: DbOrTx, topicId: string) {
    const order = (t: { createdAt: PgColumn; id: PgColumn }) => [asc(t.createdAt), asc(textId(t.id))];
    const decks = await db
      .select()
      .from(flashcardDeck)
      .where(eq(flashcardDeck.topicId, topicId))
      .orderBy(...order(flashcardDeck));
    const cards = await db
      .select(getTableColumns(card))
      .from(card)
      .innerJoin(flashcardDeck, eq(flashcardDeck.id, card.deckId))
      .where(eq(flashcardDeck.topicId, topicId))
      .orderBy(...order(card));
    const quizzes = await db
      .select()
      .from(mcqQuiz)
      .where(eq(mcqQuiz.topicId, topicId))
      .orderBy(...order(mcqQuiz));
    const questions = await db
      .select(getTableColumns(mcqQuestion))
      .from(mcqQuestion)
      .innerJoin(mcqQuiz, eq(mcqQuiz.id, mcqQuestion.quizId))
      .where(eq(mcqQuiz.topicId, topicId))
      .orderBy(...order(mcqQuestion));
    const pages = await db
      .select()
      .from(htmlContent)
      .where(eq(htmlContent.topicId, topicId))
      .orderBy(...order(htmlContent));
    return { decks, cards, quizzes, questions, pages };
  },
};
