// Topic content on demand (SPEC §4 Sync): a topic's decks, cards, quizzes, questions and lecture pages
// replaced in one transaction, the topic marked with lastSynced; and the reads the freshness check needs.
import type { TopicContentResponse } from '@zan/core';
import type { ZanDb } from './db.ts';
import { contentTables, deleteTopicChildren, type LocalTopic } from './content.ts';
import { getAppliedContentVersion } from './sync-meta.ts';

/**
 * Replaces everything under the topic with `content` and sets topics.lastSynced = now, atomically.
 * Returns false (and writes nothing) when the download is stale: read at a content version older than
 * a content page already applied, it could bring back what that page removed or renamed.
 */
export async function replaceTopicContent(
  db: ZanDb,
  content: TopicContentResponse,
  now: number,
): Promise<boolean> {
  const { topic } = content;
  return db.transaction('rw', [...contentTables(db), db.syncMetadata], async () => {
    if (content.version !== undefined && content.version < (await getAppliedContentVersion(db))) return false;
    const [old] = (await Promise.all([db.topics.get(topic.id), deleteTopicChildren(db, [topic.id])])) as [
      LocalTopic | undefined,
      void,
    ];
    const row: LocalTopic = {
      ...old,
      ...topic,
      contentVersion: topic.contentVersion,
      serverContentVersion: Math.max(topic.contentVersion, old?.serverContentVersion ?? 0),
      lastSynced: now,
    };
    // The writes go to different tables, after the deletes: issued together, they cost one IndexedDB
    // round trip instead of six (this runs once per topic of a first full sync).
    await Promise.all([
      db.flashcardDecks.bulkPut(content.decks),
      db.cards.bulkPut(content.cards),
      db.mcqQuizzes.bulkPut(content.quizzes),
      db.mcqQuestions.bulkPut(content.questions),
      db.htmlContent.bulkPut(content.htmlContent),
      db.topics.put(row),
    ]);
    return true;
  });
}

export async function getTopics(db: ZanDb, topicIds: string[]): Promise<LocalTopic[]> {
  const rows = (await db.topics.bulkGet(topicIds)) as Array<LocalTopic | undefined>;
  return rows.filter((t): t is LocalTopic => t !== undefined);
}

export async function getSubjectTopics(db: ZanDb, subjectId: string): Promise<LocalTopic[]> {
  return (await db.topics.where('subjectId').equals(subjectId).toArray()) as LocalTopic[];
}
