// How everyone answered, fetched (issue 19): for the topics whose content is on the device, the peer
// totals from POST /api/sync/question-stats, at most once an hour per device — and at once after new
// topic content arrived — replacing those topics' figures in one transaction. Offline (or on a failed
// request) nothing happens and the stored figures stay, shown with the date they were computed.
import { ApiError } from '../lib/api.ts';
import type { QuestionStatsDto } from '@zan/core';
import { questionStatsPulledAt, replaceQuestionStats, topicIdsWithContent } from '../local/question-stats.ts';
import { isOnline, type SyncContext } from './engine-context.ts';

export const QUESTION_STATS_INTERVAL_MS = 60 * 60_000;
/** Topic ids per request (the body's bound). */
const TOPICS_PER_REQUEST = 1000;

export type QuestionStatsResult = 'pulled' | 'not-due' | 'offline' | 'failed';

/** Due: never fetched, an hour passed, or topic content arrived since the last fetch. */
async function due(ctx: SyncContext, topicIds: readonly string[]): Promise<boolean> {
  const last = await questionStatsPulledAt(ctx.db, ctx.user().uid);
  if (last === null || ctx.now() - last >= QUESTION_STATS_INTERVAL_MS) return true;
  const topics = await ctx.db.topics.bulkGet([...topicIds]);
  return topics.some((t) => (t?.lastSynced ?? -Infinity) > last);
}

export async function pullQuestionStats(ctx: SyncContext): Promise<QuestionStatsResult> {
  const fetchStats = ctx.api.questionStats;
  if (!fetchStats) return 'not-due';
  if (!isOnline()) return 'offline';
  const topicIds = await topicIdsWithContent(ctx.db);
  if (!topicIds.length || !(await due(ctx, topicIds))) return 'not-due';
  const stats: QuestionStatsDto[] = [];
  try {
    for (let i = 0; i < topicIds.length; i += TOPICS_PER_REQUEST)
      stats.push(...(await fetchStats(topicIds.slice(i, i + TOPICS_PER_REQUEST))).stats);
  } catch (e) {
    if (e instanceof ApiError && e.isNetwork) return 'offline';
    if (e instanceof ApiError && e.status === 401) throw e;
    return 'failed';
  }
  await replaceQuestionStats(ctx.db, ctx.user().uid, topicIds, stats, ctx.now());
  return 'pulled';
}
