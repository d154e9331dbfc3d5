// The progress outbox (ARCHITECTURE §5). Writes: rows get strictly increasing createdAt stamps so uploads
// keep the order the student acted in, even for several operations within one millisecond. Reads: the
// upload drains it oldest first; acknowledged ops leave, rejected ones are set aside, in one transaction.
import type { ProgressOp } from '@zan/core';
import type { ProgressOutboxRow, ZanDb } from './db.ts';

let lastStamp = 0;

/** A createdAt that never repeats within this page (ms since epoch, nudged forward on ties). */
function outboxStamp(at: number = Date.now()): number {
  lastStamp = Math.max(at, lastStamp + 1);
  return lastStamp;
}

/** The outbox row of an op; each case pairs the kind with its own payload type. */
export function outboxRow(op: ProgressOp, createdAt: number): ProgressOutboxRow {
  const row = { opId: op.opId, createdAt };
  switch (op.kind) {
    case 'upsert':
      return { ...row, kind: op.kind, payload: op };
    case 'delete':
      return { ...row, kind: op.kind, payload: op };
    case 'session':
      return { ...row, kind: op.kind, payload: op };
    case 'resetDeck':
      return { ...row, kind: op.kind, payload: op };
    case 'import':
      return { ...row, kind: op.kind, payload: op };
    case 'undo':
      return { ...row, kind: op.kind, payload: op };
    case 'block':
      return { ...row, kind: op.kind, payload: op };
  }
}

/** Queue operations for upload; call inside the Dexie transaction that writes their effect. */
export async function queueOps(db: ZanDb, ops: readonly ProgressOp[], at?: number): Promise<void> {
  await db.progressOutbox.bulkAdd(ops.map((op) => outboxRow(op, outboxStamp(at))));
}

/** The id of the study session an outbox row carries (undefined: not a session op). */
export function outboxSessionId(row: ProgressOutboxRow): string | undefined {
  return row.kind === 'session' ? row.payload.session.id : undefined;
}

/**
 * Distinct study changes among outbox rows: each op counts, except that the ops of one study session
 * count once (the session is one record, whatever the number of its saves waiting).
 */
function countChanges(rows: readonly ProgressOutboxRow[]): number {
  const sessions = new Set<string>();
  let others = 0;
  for (const r of rows) {
    const id = outboxSessionId(r);
    if (id === undefined) others++;
    else sessions.add(id);
  }
  return others + sessions.size;
}

export type OutboxEntry = { opId: string; op: ProgressOp };

/** Not set aside: the op still waits for upload. */
export const waiting = (r: ProgressOutboxRow): boolean => r.rejectedAt === undefined;

/** The oldest `limit` operations waiting for upload (ops the server rejected are set aside, not sent). */
export async function readOutbox(db: ZanDb, limit: number): Promise<OutboxEntry[]> {
  const rows = await db.progressOutbox.orderBy('createdAt').filter(waiting).limit(limit).toArray();
  return rows.map((r) => ({ opId: r.opId, op: { ...r.payload, opId: r.opId } }));
}

/** Study changes waiting for upload: one per op, a study session counted once (countChanges). */
export const outboxCount = async (db: ZanDb): Promise<number> =>
  countChanges(await db.progressOutbox.filter(waiting).toArray());

/** How many ops wait for upload and how many the server rejected (set aside). */
export async function outboxState(db: ZanDb): Promise<{ waiting: number; rejected: number }> {
  const rows = await db.progressOutbox.toArray();
  const rejected = rows.filter((r) => !waiting(r)).length;
  return { waiting: countChanges(rows.filter(waiting)), rejected };
}

/** Operations the server rejected: kept on the device (Troubleshooting, the export), never resent. */
export const rejectedOps = (db: ZanDb): Promise<ProgressOutboxRow[]> =>
  db.progressOutbox.filter((r) => !waiting(r)).toArray();

/** Removes the acknowledged operations and sets the rejected ones aside, all in one transaction. */
export async function deleteAcknowledged(
  db: ZanDb,
  opIds: string[],
  rejected: { opId: string; reason: string }[] = [],
  now = Date.now(),
): Promise<void> {
  if (opIds.length === 0 && rejected.length === 0) return;
  await db.transaction('rw', db.progressOutbox, async () => {
    await db.progressOutbox.bulkDelete(opIds);
    for (const r of rejected)
      await db.progressOutbox.update(r.opId, { rejectedAt: now, rejectedReason: r.reason });
  });
}
