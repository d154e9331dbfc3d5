// The upload and pull side of progress (ARCHITECTURE §5). Study screens write userProgress and the
// outbox together (local/progress.ts); here the outbox drains oldest first, acknowledged operations
// leave in one transaction, and pulled records merge in: latest reviewedAt wins against local rows
// that still wait for upload, the server wins otherwise; sessions merge by their uuid.
import type { ProgressOp, ProgressPullResponse, ProgressRecordDto } from '@zan/core';
import type { ProgressOutboxRow, UserProgressRow, ZanDb } from './db.ts';
import { PROGRESS_SYNC_ID, type ProgressSyncMeta } from './sync-meta.ts';

export type OutboxEntry = { opId: string; op: ProgressOp };

/** The oldest `limit` operations waiting for upload. */
export async function readOutbox(db: ZanDb, limit: number): Promise<OutboxEntry[]> {
  const rows = await db.progressOutbox.orderBy('createdAt').limit(limit).toArray();
  return rows.map((r) => ({ opId: r.opId, op: { ...(r.payload as ProgressOp), opId: r.opId } }));
}

export const outboxCount = (db: ZanDb): Promise<number> => db.progressOutbox.count();

/** Removes the operations the server acknowledged, all in one transaction. */
export async function deleteAcknowledged(db: ZanDb, opIds: string[]): Promise<void> {
  if (opIds.length === 0) return;
  await db.transaction('rw', db.progressOutbox, () => db.progressOutbox.bulkDelete(opIds));
}

/** The newest pending change time per item (reviewedAt of an upsert, `at` of a delete). */
function pendingTimes(rows: ProgressOutboxRow[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const row of rows) {
    const op = row.payload as ProgressOp;
    const hit =
      op.kind === 'upsert' ? { id: op.record.itemId, at: op.record.reviewedAt } : op.kind === 'delete' ? { id: op.itemId, at: op.at } : null;
    if (hit) times.set(hit.id, Math.max(hit.at, times.get(hit.id) ?? -Infinity));
  }
  return times;
}

export function recordToRow(userId: string, r: ProgressRecordDto, old?: UserProgressRow): UserProgressRow {
  const row: UserProgressRow = {
    ...old,
    id: old?.id ?? `${userId}_${r.itemId}`,
    userId,
    itemId: r.itemId,
    subjectId: r.subjectId,
    type: r.type,
    easeFactor: r.easeFactor,
    interval: r.interval,
    dueDate: r.dueDate === null ? null : new Date(r.dueDate),
    isSuspended: r.isSuspended,
    reviewedAt: new Date(r.reviewedAt),
  };
  if (r.cardId !== null) row.cardId = r.cardId;
  if (r.questionId !== null) row.questionId = r.questionId;
  if (r.deckId !== null) row.deckId = r.deckId;
  return row;
}

/** Merges one pulled page and stores the new progress clock, in one transaction. */
export async function mergePulledProgress(db: ZanDb, userId: string, page: ProgressPullResponse): Promise<void> {
  const meta: ProgressSyncMeta = { id: PROGRESS_SYNC_ID, ownerId: userId, version: page.version };
  await db.transaction('rw', [db.userProgress, db.studySessions, db.progressOutbox, db.syncMetadata], async () => {
    const pending = pendingTimes(await db.progressOutbox.toArray());
    for (const r of page.records) {
      const old = await db.userProgress.where('itemId').equals(r.itemId).first();
      const localAt = Math.max(pending.get(r.itemId) ?? -Infinity, old?.reviewedAt?.getTime() ?? -Infinity);
      if (pending.has(r.itemId) && localAt >= r.reviewedAt) continue;
      await db.userProgress.put(recordToRow(userId, r, old));
    }
    const deletable = page.deletedItemIds.filter((id) => !pending.has(id));
    if (deletable.length) await db.userProgress.where('itemId').anyOf(deletable).delete();
    for (const s of page.sessions) {
      if (await db.studySessions.where('uuid').equals(s.id).count()) continue;
      await db.studySessions.add({
        uuid: s.id,
        date: new Date(s.date),
        durationInSeconds: s.durationInSeconds,
        subjectId: s.subjectId,
        subjectName: s.subjectName,
        moduleId: s.moduleId,
        moduleName: s.moduleName,
      });
    }
    await db.syncMetadata.put(meta);
  });
}
