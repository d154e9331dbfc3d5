// How everyone answered (issue 19): the peer totals a device keeps per question, read by the block
// player and review; written by the question-stats pull of the sync engine (sync/question-stats-sync.ts).
import type { QuestionStatsDto } from '@zan/core';
import { getUserDb, QUESTION_STATS_SYNC_ID, type ZanDb } from './db.ts';

/** The stored peer totals of these questions (questions the server sent no figures for are absent). */
export async function questionStatsFor(
  userId: string,
  questionIds: readonly string[],
): Promise<Map<string, QuestionStatsDto>> {
  const rows = await getUserDb(userId).questionStats.bulkGet([...questionIds]);
  const out = new Map<string, QuestionStatsDto>();
  for (const r of rows) if (r) out.set(r.questionId, r);
  return out;
}

/** When this device last fetched the peer totals (epoch ms), or null. */
export async function questionStatsPulledAt(db: ZanDb, userId: string): Promise<number | null> {
  const row = await db.syncMetadata.get(QUESTION_STATS_SYNC_ID);
  return row?.id === QUESTION_STATS_SYNC_ID && row.ownerId === userId ? row.pulledAt : null;
}

/** The topics whose content is on the device (their questions are what the figures are for). */
export async function topicIdsWithContent(db: ZanDb): Promise<string[]> {
  return (await db.topics.filter((t) => t.lastSynced !== undefined).toArray()).map((t) => t.id);
}

/**
 * Replaces the figures of `topicIds` with `stats` (the server's answer for them), drops those of topics
 * no longer on the device, and records when, in one transaction: a reader sees the old or the new set.
 */
export async function replaceQuestionStats(
  db: ZanDb,
  userId: string,
  topicIds: readonly string[],
  stats: readonly QuestionStatsDto[],
  pulledAt: number,
): Promise<void> {
  await db.transaction('rw', [db.questionStats, db.topics, db.syncMetadata], async () => {
    const kept = new Set(await topicIdsWithContent(db));
    for (const id of topicIds) kept.delete(id);
    const asked = new Set(topicIds);
    await db.questionStats.filter((s) => asked.has(s.topicId) || !kept.has(s.topicId)).delete();
    await db.questionStats.bulkPut(stats.filter((s) => asked.has(s.topicId)));
    await db.syncMetadata.put({ id: QUESTION_STATS_SYNC_ID, ownerId: userId, pulledAt });
  });
}
