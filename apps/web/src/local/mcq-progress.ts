// MCQ progress writes (SPEC §2 MCQ player, §4 MCQ session): an answer or a suspend writes the
// userProgress row (type 'mcq', itemId = question id) AND its outbox operation in ONE Dexie transaction,
// so it lands completely (and will upload) or not at all — the same contract as card reviews.
//
// Mapping of an answer onto the shared progress record: the outcome is scheduled with the core SRS
// scheduler from the stored state — correct → 'good', wrong → 'again' — so easeFactor / interval /
// dueDate say how well the question is known; the outbox op's `rating` is the chosen option (1–5).
import { newCardState, schedule, type ProgressOp } from '@zan/core';
import { getUserDb, type UserProgressRow, type ZanDb } from './db.ts';
import { queueOps } from './outbox.ts';
import { changeTime, progressId, toProgressRecord } from './progress.ts';

type Scope = { userId: string; subjectId: string; questionId: string };

export type RecordAnswerInput = Scope & { option: number; correct: boolean; now: Date };
export type SetQuestionSuspendedInput = Scope & { suspended: boolean; now: Date };

const newOpId = (): string => crypto.randomUUID();

function questionRow(input: Scope, prior: UserProgressRow | undefined): UserProgressRow {
  const base = prior ?? { ...newCardState(), isSuspended: false };
  return {
    id: progressId(input.userId, input.questionId),
    userId: input.userId,
    itemId: input.questionId,
    questionId: input.questionId,
    subjectId: input.subjectId,
    type: 'mcq',
    easeFactor: base.easeFactor,
    interval: base.interval,
    dueDate: base.dueDate,
    isSuspended: base.isSuspended,
    reviewedAt: prior?.reviewedAt,
  };
}

async function put(db: ZanDb, row: UserProgressRow, now: Date, rating: number | null): Promise<void> {
  await db.userProgress.put(row);
  const op: ProgressOp = { opId: newOpId(), kind: 'upsert', record: toProgressRecord(row, now), rating };
  await queueOps(db, [op], now.getTime());
}

/** Records a checked answer (option 1–5) and queues its upload. */
export async function recordAnswer(input: RecordAnswerInput): Promise<UserProgressRow> {
  if (!Number.isInteger(input.option) || input.option < 1 || input.option > 5)
    throw new Error(`Invalid option ${input.option}`);
  const db = getUserDb(input.userId);
  const id = progressId(input.userId, input.questionId);
  return db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
    const prior = await db.userProgress.get(id);
    const next = schedule(prior ?? newCardState(), input.correct ? 'good' : 'again', input.now);
    const at = changeTime(input.now, prior?.reviewedAt);
    const row: UserProgressRow = { ...questionRow(input, prior), ...next, reviewedAt: at };
    await put(db, row, at, input.option);
    return row;
  });
}

/**
 * Suspends or unsuspends a question. Unsuspending a question that was never answered deletes its
 * record (no record = never seen), as for cards.
 */
export async function setQuestionSuspended(
  input: SetQuestionSuspendedInput,
): Promise<UserProgressRow | null> {
  const db = getUserDb(input.userId);
  const id = progressId(input.userId, input.questionId);
  return db.transaction('rw', db.userProgress, db.progressOutbox, async () => {
    const prior = await db.userProgress.get(id);
    if (!input.suspended && (!prior || prior.dueDate == null)) {
      if (!prior) return null;
      await db.userProgress.delete(id);
      await queueOps(
        db,
        [
          {
            opId: newOpId(),
            kind: 'delete',
            itemId: input.questionId,
            at: changeTime(input.now, prior.reviewedAt).getTime(),
          },
        ],
        input.now.getTime(),
      );
      return null;
    }
    const reviewedAt = changeTime(input.now, prior?.reviewedAt);
    const row: UserProgressRow = { ...questionRow(input, prior), isSuspended: input.suspended, reviewedAt };
    await put(db, row, reviewedAt, null);
    return row;
  });
}
