// The block player's one write (issue 19): the block as it now is, with the answers it reveals going
// into the MCQ progress in the same transaction, then its time as study time per subject.
import type { QbankBlock } from '@zan/core';
import { saveBlock, saveBlockWithAnswers } from '../../../local/qbank-blocks.ts';
import { saveStudySession } from '../../../local/study-sessions.ts';
import { answersToRecord, blockSessionId, secondsBySubject } from '../block-effects.ts';

export async function storeBlock(
  userId: string,
  prev: QbankBlock | null,
  next: QbankBlock,
  keyOf: (questionId: string) => number | undefined,
): Promise<void> {
  const answers = answersToRecord(prev, next, keyOf);
  if (answers.length) await saveBlockWithAnswers(userId, next, answers, new Date(next.updatedAt));
  else await saveBlock(userId, next);
  const before = prev ? secondsBySubject(prev) : new Map<string, number>();
  for (const [subjectId, seconds] of secondsBySubject(next)) {
    if (seconds <= (before.get(subjectId) ?? 0)) continue;
    await saveStudySession({
      userId,
      subjectId,
      seconds,
      startedAt: next.startedAt,
      uuid: blockSessionId(next.id, subjectId),
    });
  }
}

/** A block just built, stored (and queued) before the player opens it. */
export const saveNewBlock = (userId: string, block: QbankBlock): Promise<void> => saveBlock(userId, block);
