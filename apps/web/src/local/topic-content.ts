// Topic content on demand (SPEC §4 Sync): a topic's decks, cards, quizzes, questions and lecture pages
// replaced in one transaction, the topic marked with lastSynced; and the reads the freshness check needs.
import type { TopicContentResponse } from '@zan/core';
import type { LocalTopic, ZanDb } from './db.ts';
import { contentTables, deleteTopicChildren } from './content.ts';
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
  return (await replaceTopicContents(db, [content], now))[0] === true;
}

/**
 * replaceTopicContent for several topics in one transaction (one commit instead of one per topic, on a
 * first full sync's critical path); each topic's result in order, a stale one written not at all.
 */
export async function replaceTopicContents(
  db: ZanDb,
  contents: readonly TopicContentResponse[],
  now: number,
): Promise<boolean[]> {
  return db.transaction('rw', [...contentTables(db), db.syncMetadata], async () => {
    const applied = await getAppliedContentVersion(db);
    const fresh = contents.map((c) => c.version === undefined || c.version >= applied);
    // The last download of a topic wins when one batch holds two of it.
    const byTopic = new Map(contents.filter((_, i) => fresh[i]).map((c) => [c.topic.id, c]));
    const ids = [...byTopic.keys()];
    if (ids.length === 0) return fresh;
    const [olds] = await Promise.all([db.topics.bulkGet(ids), deleteTopicChildren(db, ids)]);
    const batch = [...byTopic.values()];
    const rows = batch.map(({ topic }, i): LocalTopic => {
      const old = olds[i];
      return {
        ...old,
        ...topic,
        contentVersion: topic.contentVersion,
        serverContentVersion: Math.max(topic.contentVersion, old?.serverContentVersion ?? 0),
        lastSynced: now,
      };
    });
    const [only] = batch;
    const all = <T>(pick: (c: TopicContentResponse) => T[]): T[] =>
      batch.length === 1 && only ? pick(only) : batch.flatMap(pick);
    // The writes go to different tables, after the deletes: issued together, they cost one IndexedDB
    // round trip instead of six.
    await Promise.all([
      db.flashcardDecks.bulkPut(all((c) => c.decks)),
      db.cards.bulkPut(all((c) => c.cards)),
      db.mcqQuizzes.bulkPut(all((c) => c.quizzes)),
      db.mcqQuestions.bulkPut(all((c) => c.questions)),
      db.htmlContent.bulkPut(all((c) => c.htmlContent)),
      db.topics.bulkPut(rows),
    ]);
    return fresh;
  });
}

export async function getTopics(db: ZanDb, topicIds: string[]): Promise<LocalTopic[]> {
  const rows = await db.topics.bulkGet(topicIds);
  return rows.filter((t) => t !== undefined);
}

export async function getSubjectTopics(db: ZanDb, subjectId: string): Promise<LocalTopic[]> {
  return db.topics.where('subjectId').equals(subjectId).toArray();
}
