// Topics the caller may see (topicVisibleSql), for the features that read by topic: the topic-content
// pull and topic versions (features/sync), the peer totals and item statistics (features/qbank).
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Actor } from '@zan/core';
import type { DbOrTx } from '../db/client.ts';
import { module, subject, topic } from '../db/schema/index.ts';
import { topicVisibleSql } from './visibility-repository.ts';

export const visibleTopicsRepository = {
  /** The topic if the caller may see it. */
  async visibleTopic(db: DbOrTx, actor: Actor, topicId: string) {
    const [row] = await db
      .select({ row: getTableColumns(topic) })
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(eq(topic.id, topicId), topicVisibleSql(actor)));
    return row?.row;
  },

  /** contentVersion of each of `topicIds` the caller may see. */
  async visibleTopicVersions(
    db: DbOrTx,
    actor: Actor,
    topicIds: string[],
  ): Promise<{ id: string; contentVersion: number }[]> {
    if (!topicIds.length) return [];
    return db
      .select({ id: topic.id, contentVersion: topic.contentVersion })
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(inArray(topic.id, topicIds), topicVisibleSql(actor)));
  },
};
