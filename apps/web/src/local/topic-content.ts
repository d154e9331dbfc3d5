// Topic content on demand (SPEC §4 Sync): a topic's decks, cards, quizzes, questions and lecture pages
// replaced in one transaction, the topic marked with lastSynced; and the reads the freshness check needs.
import type { TopicContentResponse } from '@zan/core';
import type { ZanDb } from './db.ts';
import { contentTables, deleteCascade, deleteTopicChildren, type LocalTopic } from './content.ts';

/** Replaces everything under the topic with `content` and sets topics.lastSynced = now, atomically. */
export async function replaceTopicContent(db: ZanDb, content: TopicContentResponse, now: number): Promise<void> {
  const { topic } = content;
  await db.transaction('rw', contentTables(db), async () => {
    const [old] = (await Promise.all([db.topics.get(topic.id), deleteTopicChildren(db, [topic.id])])) as [LocalTopic | undefined, void];
    await db.flashcardDecks.bulkPut(content.decks);
    await db.cards.bulkPut(content.cards);
    await db.mcqQuizzes.bulkPut(content.quizzes);
    await db.mcqQuestions.bulkPut(content.questions);
    await db.htmlContent.bulkPut(content.htmlContent);
    const row: LocalTopic = {
      ...old,
      ...topic,
      contentVersion: topic.contentVersion,
      serverContentVersion: Math.max(topic.contentVersion, old?.serverContentVersion ?? 0),
      lastSynced: now,
    };
    await db.topics.put(row);
  });
}

/** The topic is gone for this user (the server answers 404): drop it and its content locally. */
export async function removeTopic(db: ZanDb, topicId: string): Promise<void> {
  await db.transaction('rw', contentTables(db), () => deleteCascade(db, { topics: [topicId] }));
}

export async function getTopics(db: ZanDb, topicIds: string[]): Promise<LocalTopic[]> {
  const rows = (await db.topics.bulkGet(topicIds)) as Array<LocalTopic | undefined>;
  return rows.filter((t): t is LocalTopic => t !== undefined);
}

export async function getSubjectTopics(db: ZanDb, subjectId: string): Promise<LocalTopic[]> {
  return (await db.topics.where('subjectId').equals(subjectId).toArray()) as LocalTopic[];
}
