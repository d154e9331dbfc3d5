// Study data export and import on the local store (SPEC §2 Account page, §5 Study data import). An import
// replaces the user's progress and study sessions AND queues the outbox operations that make the server
// match, all in ONE Dexie transaction: it lands completely (and will upload) or not at all. Question-bank
// blocks (issue 19) are additive: the file's blocks are put (unless this device holds a later copy) and
// uploaded; blocks the file lacks stay.
import {
  memoryFieldsOf,
  stableSessionId,
  type ExportProgressRecord,
  type ExportStudySession,
  type ImportedStudyData,
  type ProgressOp,
  type QbankBlock,
  type QbankBlockDto,
  type SchedulerSettings,
} from '@zan/core';
import { getUserDb, type StudySessionRow, type UserProgressRow, type ZanDb } from './db.ts';
import { queueOps } from './outbox.ts';
import { progressId, toProgressRecord } from './progress.ts';
import { getSchedulerSettingsRow, saveSchedulerSettings } from './scheduler-settings.ts';

export type LocalStudyData = {
  userProgress: UserProgressRow[];
  studySessions: StudySessionRow[];
  rejectedOps: unknown[];
  /** The scheduler settings when set on this account (issue 18; additive in the file). */
  schedulerSettings?: SchedulerSettings;
  /** The question-bank blocks on this device (issue 19; additive in the file). */
  qbankBlocks: QbankBlock[];
};

/** Everything the export file holds: progress records, study sessions and the ops the server rejected. */
export async function readStudyData(userId: string): Promise<LocalStudyData> {
  const db = getUserDb(userId);
  const settings = (await getSchedulerSettingsRow(db, userId))?.settings;
  const tables = [db.userProgress, db.studySessions, db.progressOutbox, db.qbankBlocks];
  return db.transaction('r', tables, async () => ({
    ...(settings ? { schedulerSettings: settings } : {}),
    qbankBlocks: await db.qbankBlocks.orderBy('startedAt').toArray(),
    userProgress: await db.userProgress.where('userId').equals(userId).toArray(),
    studySessions: await db.studySessions.orderBy('date').toArray(),
    rejectedOps: (await db.progressOutbox.toArray()).flatMap((r) =>
      r.rejectedAt === undefined
        ? []
        : [
            {
              op: r.payload,
              rejectedAt: new Date(r.rejectedAt).toISOString(),
              reason: r.rejectedReason ?? '',
            },
          ],
    ),
  }));
}

export type ImportSummary = {
  /** Records written: progress records plus study sessions. */
  imported: number;
  progress: number;
  sessions: number;
  /** Items that had progress before and not in the file (deleted locally and on the server). */
  deleted: number;
  /** Operations queued for upload. */
  queued: number;
  /** Question-bank blocks put from the file (issue 19). */
  blocks: number;
};

function progressRow(userId: string, r: ExportProgressRecord, now: Date): UserProgressRow {
  const row: UserProgressRow = {
    id: progressId(userId, r.itemId),
    userId,
    itemId: r.itemId,
    subjectId: r.subjectId,
    type: r.type,
    easeFactor: r.easeFactor,
    interval: r.interval,
    dueDate: r.dueDate,
    isSuspended: r.isSuspended,
    // The import is the newest change: it wins latest-wins on the server and on other devices.
    reviewedAt: now,
  };
  if (r.cardId) row.cardId = r.cardId;
  if (r.questionId) row.questionId = r.questionId;
  if (r.deckId) row.deckId = r.deckId;
  // Issue 18: the FSRS memory state travels with the record.
  return Object.assign(row, memoryFieldsOf(r));
}

function sessionRow(s: ExportStudySession): StudySessionRow {
  return {
    // A session without an id gets one derived from its content: importing the file twice doubles nothing.
    uuid: s.uuid ?? stableSessionId(s),
    date: s.date,
    durationInSeconds: s.durationInSeconds,
    subjectId: s.subjectId,
    subjectName: s.subjectName,
    moduleId: s.moduleId,
    moduleName: s.moduleName,
  };
}

/**
 * The file's blocks this device takes (issue 19): those it lacks or holds an older copy of (a tie takes
 * the file's); a block the file names twice counts once, its later copy.
 */
async function blocksToPut(db: ZanDb, blocks: readonly QbankBlockDto[]): Promise<QbankBlockDto[]> {
  const latest = new Map<string, QbankBlockDto>();
  for (const b of blocks) if ((latest.get(b.id)?.updatedAt ?? -Infinity) <= b.updatedAt) latest.set(b.id, b);
  const file = [...latest.values()];
  const local = await db.qbankBlocks.bulkGet(file.map((b) => b.id));
  return file.filter((b, i) => (local[i]?.updatedAt ?? -Infinity) <= b.updatedAt);
}

/** Last one wins when the file names an item (or a session uuid) twice. */
function uniqueBy<T>(rows: T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((r) => [key(r), r])).values()];
}

/**
 * Replaces the user's progress and study sessions with the imported ones and queues: one 'import' (the
 * server drops all progress as of now and every session, also what this device never pulled), then an
 * 'upsert' for every imported record (reviewedAt = now) and a 'session' for every imported session.
 */
export async function replaceStudyData(
  userId: string,
  data: ImportedStudyData,
  now: Date,
  db: ZanDb = getUserDb(userId),
): Promise<ImportSummary> {
  const progress = uniqueBy(
    data.userProgress.map((r) => progressRow(userId, r, now)),
    (r) => r.itemId,
  );
  const sessions = uniqueBy(data.studySessions.map(sessionRow), (s) => s.uuid);
  const at = now.getTime();
  return db.transaction(
    'rw',
    [db.userProgress, db.studySessions, db.progressOutbox, db.syncMetadata, db.qbankBlocks],
    async () => {
      // Blocks are added, never removed; each taken block's unsent change is replaced by the file's.
      const blocks = await blocksToPut(db, data.qbankBlocks ?? []);
      const taken = new Set(blocks.map((b) => b.id));
      await db.qbankBlocks.bulkPut(blocks);
      await db.progressOutbox
        .filter(
          (row) => row.kind === 'block' && row.rejectedAt === undefined && taken.has(row.payload.block.id),
        )
        .delete();
      // The file's scheduler settings become this account's (a change made now: sent with the next sync).
      if (data.schedulerSettings) await saveSchedulerSettings(db, userId, data.schedulerSettings, now);
      const keep = new Set(progress.map((r) => r.itemId));
      const before = (await db.userProgress.toArray()).map((r) => r.itemId);
      const gone = before.filter((itemId) => !keep.has(itemId));
      await db.userProgress.clear();
      await db.userProgress.bulkPut(progress);
      await db.studySessions.clear();
      await db.studySessions.bulkAdd(sessions);
      // Sessions not yet uploaded that the file does not keep are dropped with them (else they come back).
      const kept = new Set(sessions.map((s) => s.uuid));
      await db.progressOutbox
        .filter((row) => row.kind === 'session' && !kept.has(row.payload.session.id))
        .delete();
      const ops: ProgressOp[] = [
        { opId: crypto.randomUUID(), kind: 'import', at },
        ...progress.map((row): ProgressOp => ({
          opId: crypto.randomUUID(),
          kind: 'upsert',
          record: toProgressRecord(row, now),
          rating: null,
        })),
        ...sessions.map((s): ProgressOp => ({
          opId: crypto.randomUUID(),
          kind: 'session',
          session: {
            id: s.uuid,
            date: s.date.getTime(),
            durationInSeconds: s.durationInSeconds,
            subjectId: s.subjectId,
            subjectName: s.subjectName,
            moduleId: s.moduleId,
            moduleName: s.moduleName,
          },
        })),
        ...blocks.map((block): ProgressOp => ({ opId: crypto.randomUUID(), kind: 'block', block })),
      ];
      await queueOps(db, ops, at);
      return {
        imported: progress.length + sessions.length,
        progress: progress.length,
        sessions: sessions.length,
        deleted: gone.length,
        queued: ops.length,
        blocks: blocks.length,
      };
    },
  );
}
