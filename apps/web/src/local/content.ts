// Applying content pulls to the local store (ARCHITECTURE §5): each page together with its cursor in
// one Dexie transaction, tombstones cascading down the tree, and the end of a full
// reconcile removing what the server no longer sends. Callers fetch first and then call these:
// nothing here awaits the network.
import type { ContentPullResponse, TopicDto } from '@zan/core';
import type { GlobalSyncMeta, LocalTopic, ZanDb } from './db.ts';

export type IdSets = { modules: Set<string>; subjects: Set<string>; topics: Set<string> };
export const emptyIdSets = (): IdSets => ({ modules: new Set(), subjects: new Set(), topics: new Set() });

export const contentTables = (db: ZanDb) => [
  db.modules,
  db.subjects,
  db.topics,
  db.flashcardDecks,
  db.cards,
  db.mcqQuizzes,
  db.mcqQuestions,
  db.htmlContent,
];

const without = (ids: Iterable<string>, keep: Set<string>) => [...new Set(ids)].filter((id) => !keep.has(id));

/** Removes everything under the topics (decks → cards, quizzes → questions, pages), keeping the topics. */
export async function deleteTopicChildren(db: ZanDb, topicIds: string[]): Promise<void> {
  if (topicIds.length === 0) return;
  // The requests of each step are issued together (one IndexedDB round trip per step, not one per
  // request): this runs once per topic fetch, so it is on the full sync's critical path.
  const [deckIds, quizIds] = await Promise.all([
    db.flashcardDecks.where('topicId').anyOf(topicIds).primaryKeys(),
    db.mcqQuizzes.where('topicId').anyOf(topicIds).primaryKeys(),
    db.htmlContent.where('topicId').anyOf(topicIds).delete(),
  ]);
  await Promise.all([
    deckIds.length ? db.cards.where('deckId').anyOf(deckIds).delete() : 0,
    deckIds.length ? db.flashcardDecks.bulkDelete(deckIds) : undefined,
    quizIds.length ? db.mcqQuestions.where('quizId').anyOf(quizIds).delete() : 0,
    quizIds.length ? db.mcqQuizzes.bulkDelete(quizIds) : undefined,
  ]);
}

/**
 * Deletes modules, subjects and topics with everything under them. Ids in `keep` (rows the same page
 * sends again, e.g. a topic moved out of a deleted subject) are spared. Call inside a transaction over
 * contentTables(db).
 */
async function deleteCascade(db: ZanDb, ids: Partial<Record<keyof IdSets, string[]>>, keep = emptyIdSets()) {
  const moduleIds = without(ids.modules ?? [], keep.modules);
  const subjectIds = new Set(ids.subjects ?? []);
  const topicIds = new Set(ids.topics ?? []);
  if (moduleIds.length) {
    for (const id of await db.subjects.where('moduleId').anyOf(moduleIds).primaryKeys()) subjectIds.add(id);
    const inModules = new Set(moduleIds);
    const orphans = await db.topics.filter((t) => inModules.has(t.moduleId)).primaryKeys();
    for (const id of orphans) topicIds.add(id);
  }
  const subjects = without(subjectIds, keep.subjects);
  if (subjects.length) {
    for (const id of await db.topics.where('subjectId').anyOf(subjects).primaryKeys()) topicIds.add(id);
  }
  const topics = without(topicIds, keep.topics);
  await deleteTopicChildren(db, topics);
  await db.topics.bulkDelete(topics);
  await db.subjects.bulkDelete(subjects);
  await db.modules.bulkDelete(moduleIds);
}

/** Topic rows from the server, keeping what is local-only (lastSynced and the local content version). */
async function mergeTopics(db: ZanDb, topics: TopicDto[]): Promise<LocalTopic[]> {
  const existing = await db.topics.bulkGet(topics.map((t) => t.id));
  return topics.map((t, i) => {
    const old = existing[i];
    const synced = old?.lastSynced !== undefined;
    return {
      ...t,
      contentVersion: synced ? old.contentVersion : t.contentVersion,
      serverContentVersion: t.contentVersion,
      ...(synced ? { lastSynced: old.lastSynced } : {}),
    };
  });
}

/**
 * Applies one page and stores `meta` (its cursor) in the same transaction: either both land or
 * neither does. With `reconcileSeen` (last page of a full reconcile) local modules, subjects and
 * topics outside the seen sets are removed too.
 */
export async function applyContentPage(
  db: ZanDb,
  page: Pick<ContentPullResponse, 'modules' | 'subjects' | 'topics' | 'deleted'>,
  meta: GlobalSyncMeta,
  reconcileSeen: IdSets | null = null,
): Promise<void> {
  const sent: IdSets = {
    modules: new Set(page.modules.map((m) => m.id)),
    subjects: new Set(page.subjects.map((s) => s.id)),
    topics: new Set(page.topics.map((t) => t.id)),
  };
  await db.transaction('rw', [...contentTables(db), db.syncMetadata], async () => {
    // Tombstones first; rows this page sends again win over a tombstone in the same page.
    await deleteCascade(db, page.deleted, sent);
    await db.modules.bulkPut(page.modules);
    await db.subjects.bulkPut(page.subjects);
    if (page.topics.length) await db.topics.bulkPut(await mergeTopics(db, page.topics));
    if (reconcileSeen) {
      const notSeen = async (keys: Promise<string[]>, seen: Set<string>) =>
        (await keys).filter((id) => !seen.has(id));
      await deleteCascade(db, {
        modules: await notSeen(db.modules.toCollection().primaryKeys(), reconcileSeen.modules),
        subjects: await notSeen(db.subjects.toCollection().primaryKeys(), reconcileSeen.subjects),
        topics: await notSeen(db.topics.toCollection().primaryKeys(), reconcileSeen.topics),
      });
    }
    await db.syncMetadata.put(meta);
  });
}
