// Issue 17: what one student may upload and store. Uploads: ops per window per student, counted in
// the shared rate_limit table (every instance sees the same count) → 429 + Retry-After, the device
// keeps its outbox and sends it again then. Storage: the ops a student has stored (each costs at most
// a progress_op, a review_log and a record / session / reset row) and the distinct items of their
// progress records are bounded, and (issue 19) the number of question-bank blocks; a batch that would
// pass any of them is refused whole, before any write.
import { MSG, type ProgressOp } from '@zan/core';
import type { ProgressLimits } from '../../config.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { AppError, tooManyRequests } from '../../errors.ts';
import { hit } from '../../platform/rate-limit.ts';
import { qbankBlocksRepository as blocks } from '../../domain/qbank-blocks-repository.ts';
import { progressRepository as repo } from './progress-repository.ts';

const PROGRESS_QUOTA_CODE = 'PROGRESS_QUOTA_EXCEEDED';
const quotaExceeded = (what: string, max: number) =>
  new AppError(403, PROGRESS_QUOTA_CODE, MSG.progressStorageFull(what, max));

export function progressQuota(db: Database, limits: ProgressLimits) {
  const quota = {
    /** Counts an upload of `opCount` ops (an empty one counts as one) against the student's window. */
    async admitUpload(userId: string, opCount: number): Promise<void> {
      const { allowed, retryAfter } = await hit(
        db,
        `zan:progress-upload:${userId}`,
        { max: limits.uploadOps, windowSeconds: limits.uploadWindowSeconds },
        Math.max(1, opCount),
      );
      if (!allowed)
        throw tooManyRequests(MSG.progressUploadLimited(retryAfter), retryAfter, 'PROGRESS_UPLOAD_LIMITED');
    },

    /**
     * Inside the upload's transaction, before any op is applied (the user's clock row is locked, so
     * their uploads run one at a time): adds the batch's new ops to the stored count and refuses when
     * the ops or the distinct items would pass their bounds. A refusal rolls the transaction back.
     */
    async reserve(tx: DbOrTx, userId: string, ops: readonly ProgressOp[]): Promise<void> {
      await quota.reserveOps(tx, userId, ops);
      await quota.reserveItems(
        tx,
        userId,
        ops.flatMap((op) =>
          op.kind === 'upsert' ? [op.record.itemId] : op.kind === 'delete' ? [op.itemId] : [],
        ),
      );
    },

    /** reserve's ops and question-bank blocks: an upload that comes in parts (pushBatches) reserves each part. */
    async reserveOps(tx: DbOrTx, userId: string, ops: readonly ProgressOp[]): Promise<void> {
      const newOps = await repo.countNewOps(
        tx,
        userId,
        ops.map((op) => op.opId),
      );
      const stored = await repo.addStoredOps(tx, userId, newOps);
      if (stored > limits.maxOps) throw quotaExceeded('study records', limits.maxOps);
      // Issue 19: question-bank blocks are replaced whole, so their number bounds what they store.
      const blockIds = ops.flatMap((op) => (op.kind === 'block' ? [op.block.id] : []));
      const newBlocks = blockIds.length ? await blocks.countNew(tx, userId, blockIds) : 0;
      if (
        newBlocks > 0 &&
        (await blocks.count(tx, userId, limits.maxBlocks + 1)) + newBlocks > limits.maxBlocks
      )
        throw quotaExceeded('question bank tests', limits.maxBlocks);
    },

    /**
     * reserve's items: those of all its parts at once, before any record of them is written (a part's
     * cards get their records when the upload ends, so part by part they would each count as new).
     */
    async reserveItems(tx: DbOrTx, userId: string, itemIds: readonly string[]): Promise<void> {
      const newItems = itemIds.length ? await repo.countNewItems(tx, userId, itemIds) : 0;
      if (
        newItems > 0 &&
        (await repo.countItems(tx, userId, limits.maxItems + 1)) + newItems > limits.maxItems
      )
        throw quotaExceeded('cards and questions with progress', limits.maxItems);
    },
  };
  return quota;
}
