// The progress outbox's write side: rows get strictly increasing createdAt stamps so uploads keep the
// order the student acted in, even for several operations within one millisecond.
import type { ProgressOp } from '@zan/core';
import type { ProgressOutboxRow, ZanDb } from './db.ts';

let lastStamp = 0;

/** A createdAt that never repeats within this page (ms since epoch, nudged forward on ties). */
export function outboxStamp(at: number = Date.now()): number {
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
export function countChanges(rows: readonly ProgressOutboxRow[]): number {
  const sessions = new Set<string>();
  let others = 0;
  for (const r of rows) {
    const id = outboxSessionId(r);
    if (id === undefined) others++;
    else sessions.add(id);
  }
  return others + sessions.size;
}
