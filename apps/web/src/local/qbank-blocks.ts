// The student's question-bank blocks on this device (issue 19): a block is saved whole on every change,
// its row and its 'block' op in ONE Dexie transaction, and at most one unsent op per block waits in the
// outbox (a newer state replaces the unsent one; the server keeps the later `updatedAt`).
import type { ProgressOp, QbankBlock, QbankBlockDto } from '@zan/core';
import { getUserDb, type ZanDb } from './db.ts';
import { recordAnswer } from './mcq-progress.ts';
import { queueOps, waiting } from './outbox.ts';

/** An answer a block hands to the MCQ progress (the option's number in the question). */
export type BlockAnswer = { questionId: string; subjectId: string; option: number; correct: boolean };

/** The block as the op carries it (the wire type has mutable arrays). */
const toDto = (b: QbankBlock): QbankBlockDto => ({
  ...b,
  questions: b.questions.map((q) => ({ ...q, order: [...q.order], struck: [...q.struck] })),
});

async function putBlock(db: ZanDb, block: QbankBlock): Promise<void> {
  await db.qbankBlocks.put(block);
  // Unsent ops of this block are replaced (a new op id: an upload of the old one already under way is
  // acknowledged without dropping this one); ops the server set aside stay where they are.
  await db.progressOutbox
    .filter((r) => waiting(r) && r.kind === 'block' && r.payload.block.id === block.id)
    .delete();
  const op: ProgressOp = { opId: crypto.randomUUID(), kind: 'block', block: toDto(block) };
  await queueOps(db, [op], block.updatedAt);
}

/** Stores the block as it now is and queues it for upload, together. */
export async function saveBlock(userId: string, block: QbankBlock): Promise<void> {
  const db = getUserDb(userId);
  await db.transaction('rw', db.qbankBlocks, db.progressOutbox, () => putBlock(db, block));
}

/**
 * Stores the block and records its answers in the MCQ progress the quiz player uses (tutor: the one
 * checked; timed: every answered question when the block ends), all in one transaction: an answer is
 * recorded exactly when the block state that reveals it is stored.
 */
export async function saveBlockWithAnswers(
  userId: string,
  block: QbankBlock,
  answers: readonly BlockAnswer[],
  now: Date,
): Promise<void> {
  const db = getUserDb(userId);
  await db.transaction('rw', db.qbankBlocks, db.progressOutbox, db.userProgress, async () => {
    await putBlock(db, block);
    // recordAnswer's own transaction nests in this one (same tables, same database).
    for (const a of answers) await recordAnswer({ userId, ...a, now });
  });
}

/** Every block of the student, newest first. */
export async function listBlocks(userId: string): Promise<QbankBlock[]> {
  return getUserDb(userId).qbankBlocks.orderBy('startedAt').reverse().toArray();
}

export async function getBlock(userId: string, blockId: string): Promise<QbankBlock | undefined> {
  return getUserDb(userId).qbankBlocks.get(blockId);
}
