// How everyone answered (issue 19): the peer totals a device keeps per question, read by the block
// player and review; written by the question-stats pull of the sync engine.
import type { QuestionStatsDto } from '@zan/core';
import { getUserDb } from './db.ts';

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
