// Pulled progress merged into the local store (ARCHITECTURE §5): latest reviewedAt wins against local
// rows that still wait for upload in the outbox, the server wins otherwise; sessions merge by their uuid
// (longest wins); the scheduler settings when newer (issue 18); question-bank blocks by their later
// `updatedAt` (issue 19); the new progress clock is stored in the same transaction.
import type { ProgressPullResponse, ProgressRecordDto, QbankBlockDto } from '@zan/core';
import {
  PROGRESS_SYNC_ID,
  type ProgressOutboxRow,
  type ProgressSyncMeta,
  type UserProgressRow,
  type ZanDb,
} from './db.ts';
import { waiting } from './outbox.ts';
import { mergeServerSchedulerSettings } from './scheduler-settings.ts';

/**
 * What waits for upload: the newest pending change time per item (reviewedAt of an upsert, `at` of a
 * delete), per deck (a deck reset) and for everything (an import).
 */
function pendingTimes(rows: ProgressOutboxRow[]) {
  const items = new Map<string, number>();
  const decks = new Map<string, number>();
  let all = -Infinity;
  const bump = (m: Map<string, number>, id: string, at: number) =>
    m.set(id, Math.max(at, m.get(id) ?? -Infinity));
  for (const { payload: op } of rows.filter(waiting)) {
    if (op.kind === 'upsert') bump(items, op.record.itemId, op.record.reviewedAt);
    else if (op.kind === 'delete' || op.kind === 'undo') bump(items, op.itemId, op.at);
    else if (op.kind === 'resetDeck') bump(decks, op.deckId, op.at);
    else if (op.kind === 'import') all = Math.max(all, op.at);
  }
  /** The newest pending change that covers the record (-Infinity: none). */
  const covering = (r: { itemId: string; deckId: string | null }) =>
    Math.max(
      items.get(r.itemId) ?? -Infinity,
      r.deckId ? (decks.get(r.deckId) ?? -Infinity) : -Infinity,
      all,
    );
  return { covering };
}

function recordToRow(userId: string, r: ProgressRecordDto, old?: UserProgressRow): UserProgressRow {
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
  // The FSRS memory state (issue 18): what the server sends, nothing kept from the old row.
  delete row.stability;
  delete row.difficulty;
  delete row.learningState;
  delete row.learningStep;
  delete row.lastReview;
  delete row.reps;
  delete row.lapses;
  if (r.stability != null && r.difficulty != null) {
    row.stability = r.stability;
    row.difficulty = r.difficulty;
  }
  if (r.learningState) row.learningState = r.learningState;
  if (r.learningStep !== undefined) row.learningStep = r.learningStep;
  if (r.lastReview != null) row.lastReview = new Date(r.lastReview);
  if (r.reps !== undefined) row.reps = r.reps;
  if (r.lapses !== undefined) row.lapses = r.lapses;
  if (r.cardId !== null) row.cardId = r.cardId;
  if (r.questionId !== null) row.questionId = r.questionId;
  if (r.deckId !== null) row.deckId = r.deckId;
  return row;
}

/** The newest `updatedAt` of each block whose own 'block' op still waits for upload. */
function pendingBlocks(rows: ProgressOutboxRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { payload: op } of rows.filter(waiting))
    if (op.kind === 'block')
      out.set(op.block.id, Math.max(op.block.updatedAt, out.get(op.block.id) ?? -Infinity));
  return out;
}

/**
 * Pulled blocks (issue 19): the later `updatedAt` wins; a local block whose change still waits in the
 * outbox is never replaced by a copy that is not later than it (the tie goes to the unsent change,
 * which the server keeps as the later upload).
 */
async function mergeBlocks(db: ZanDb, blocks: readonly QbankBlockDto[], pending: Map<string, number>) {
  if (!blocks.length) return;
  const local = await db.qbankBlocks.bulkGet(blocks.map((b) => b.id));
  const newer = blocks.filter((b, i) => {
    const mine = local[i];
    if (mine && mine.updatedAt > b.updatedAt) return false;
    const unsent = pending.get(b.id);
    return unsent === undefined || unsent < b.updatedAt;
  });
  if (newer.length) await db.qbankBlocks.bulkPut(newer);
}

/** Merges one pulled page and stores the new progress clock, in one transaction. */
export async function mergePulledProgress(
  db: ZanDb,
  userId: string,
  page: ProgressPullResponse,
): Promise<void> {
  const meta: ProgressSyncMeta = { id: PROGRESS_SYNC_ID, ownerId: userId, version: page.version };
  await db.transaction(
    'rw',
    [db.userProgress, db.studySessions, db.progressOutbox, db.syncMetadata, db.qbankBlocks],
    async () => {
      const outbox = await db.progressOutbox.toArray();
      const pending = pendingTimes(outbox);
      await mergeBlocks(db, page.blocks ?? [], pendingBlocks(outbox));
      if (page.schedulerSettings) await mergeServerSchedulerSettings(db, userId, page.schedulerSettings);
      for (const r of page.records) {
        const old = await db.userProgress.where('itemId').equals(r.itemId).first();
        // A local change still waiting for upload (a review, a deck reset, an import) at least as late wins.
        if (pending.covering(r) >= r.reviewedAt) continue;
        await db.userProgress.put(recordToRow(userId, r, old));
      }
      const deletable: string[] = [];
      for (const itemId of page.deletedItemIds) {
        const old = await db.userProgress.where('itemId').equals(itemId).first();
        if (!old || pending.covering({ itemId, deckId: old.deckId ?? null }) === -Infinity)
          deletable.push(itemId);
      }
      if (deletable.length) await db.userProgress.where('itemId').anyOf(deletable).delete();
      const deletedSessions = page.deletedSessionIds ?? [];
      if (deletedSessions.length) await db.studySessions.where('uuid').anyOf(deletedSessions).delete();
      for (const s of page.sessions) {
        // A session saved again as it grew: the longest copy wins (a longer local save still waits).
        const old = await db.studySessions.where('uuid').equals(s.id).first();
        if (old && old.durationInSeconds >= s.durationInSeconds) continue;
        await db.studySessions.put({
          ...(old?.id === undefined ? {} : { id: old.id }),
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
    },
  );
}
