// Study sessions (SPEC §4 Study timer): a timer's time becomes a studySessions row and a 'session'
// operation in the progress outbox, in ONE Dexie transaction, so the time studied is never lost. A
// session saved again as it grows (its id kept) stays one row and one waiting op: the latest wins.
import type { ProgressOp, StudySessionDto } from '@zan/core';
import { getUserDb, type StudySessionRow, type ZanDb } from './db.ts';
import { outboxSessionId, queueOps } from './outbox.ts';

/** The server accepts sessions of 1 s to 24 h (core studySessionDtoSchema). */
const MAX_SESSION_SECONDS = 86_400;

export type SaveStudySessionInput = {
  userId: string;
  subjectId: string;
  seconds: number;
  /** When the timer started (epoch ms): the session's date. */
  startedAt: number;
  /** The store to write (default: the signed-in user's). */
  db?: ZanDb;
  /** The session's id, when chosen before (a growing or retried save of the same session). */
  uuid?: string;
};

/** Saves still writing (sign-out counts what waits only after they finished). */
const inFlight = new Set<Promise<unknown>>();

/** Resolves once every study-session save started so far has finished (whatever its outcome). */
export async function studySessionWritesSettled(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}

/**
 * Save a study session of `seconds` for the subject; names are looked up in the local store. Sessions
 * of 0 s are not saved. With a `uuid` already stored, the session is updated when `seconds` is longer
 * (its waiting op replaced by one with the new duration) and left alone otherwise (returns null).
 */
export function saveStudySession(input: SaveStudySessionInput): Promise<StudySessionRow | null> {
  const seconds = Math.min(MAX_SESSION_SECONDS, Math.floor(input.seconds));
  if (!(seconds > 0)) return Promise.resolve(null);
  const write = writeSession(input, seconds);
  inFlight.add(write);
  void write.then(
    () => inFlight.delete(write),
    () => inFlight.delete(write),
  );
  return write;
}

async function writeSession(input: SaveStudySessionInput, seconds: number): Promise<StudySessionRow | null> {
  const db = input.db ?? getUserDb(input.userId);
  return db.transaction('rw', [db.subjects, db.modules, db.studySessions, db.progressOutbox], async () => {
    const old = input.uuid ? await db.studySessions.where('uuid').equals(input.uuid).first() : undefined;
    if (old && old.durationInSeconds >= seconds) return null;
    const subject = await db.subjects.get(input.subjectId);
    const moduleId = subject?.moduleId ?? '';
    const mod = moduleId ? await db.modules.get(moduleId) : undefined;
    const row: StudySessionRow = {
      uuid: old?.uuid ?? input.uuid ?? crypto.randomUUID(),
      date: old?.date ?? new Date(input.startedAt),
      durationInSeconds: seconds,
      subjectId: input.subjectId,
      subjectName: subject?.name ?? old?.subjectName ?? '',
      moduleId: moduleId || (old?.moduleId ?? ''),
      moduleName: mod?.name ?? old?.moduleName ?? '',
    };
    const id = old?.id === undefined ? await db.studySessions.add(row) : old.id;
    if (old?.id !== undefined) await db.studySessions.put({ ...row, id });
    const session: StudySessionDto = {
      id: row.uuid,
      date: row.date.getTime(),
      durationInSeconds: seconds,
      subjectId: row.subjectId,
      subjectName: row.subjectName,
      moduleId: row.moduleId,
      moduleName: row.moduleName,
    };
    // One waiting op per session: an older save not yet sent is replaced (a new op id, so an upload of
    // the old one already under way is acknowledged without dropping this one).
    if (old) {
      await db.progressOutbox
        .filter((r) => r.rejectedAt === undefined && outboxSessionId(r) === row.uuid)
        .delete();
    }
    const op: ProgressOp = { opId: crypto.randomUUID(), kind: 'session', session };
    await queueOps(db, [op]);
    return { ...row, id };
  });
}
