// Study sessions (SPEC §4 Study timer): a stopped timer becomes a studySessions row and a 'session'
// operation in the progress outbox, in ONE Dexie transaction, so the time studied is never lost.
import type { ProgressOp, StudySessionDto } from '@zan/core';
import { getUserDb, type StudySessionRow, type ZanDb } from './db.ts';
import { queueOps } from './outbox.ts';

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
  /** The session's id, when chosen before (a retried save of the same time): saved at most once. */
  uuid?: string;
};

/**
 * Save a study session of `seconds` for the subject; names are looked up in the local store. Sessions
 * of 0 s are not saved, nor one whose `uuid` is stored already (returns null).
 */
export async function saveStudySession(input: SaveStudySessionInput): Promise<StudySessionRow | null> {
  const seconds = Math.min(MAX_SESSION_SECONDS, Math.floor(input.seconds));
  if (!(seconds > 0)) return null;
  const db = input.db ?? getUserDb(input.userId);
  return db.transaction('rw', [db.subjects, db.modules, db.studySessions, db.progressOutbox], async () => {
    if (input.uuid && (await db.studySessions.where('uuid').equals(input.uuid).count())) return null;
    const subject = await db.subjects.get(input.subjectId);
    const moduleId = typeof subject?.moduleId === 'string' ? subject.moduleId : '';
    const mod = moduleId ? await db.modules.get(moduleId) : undefined;
    const row: StudySessionRow = {
      uuid: input.uuid ?? crypto.randomUUID(),
      date: new Date(input.startedAt),
      durationInSeconds: seconds,
      subjectId: input.subjectId,
      subjectName: typeof subject?.name === 'string' ? subject.name : '',
      moduleId,
      moduleName: typeof mod?.name === 'string' ? mod.name : '',
    };
    const id = await db.studySessions.add(row);
    const session: StudySessionDto = {
      id: row.uuid,
      date: input.startedAt,
      durationInSeconds: seconds,
      subjectId: row.subjectId,
      subjectName: row.subjectName,
      moduleId: row.moduleId,
      moduleName: row.moduleName,
    };
    const op: ProgressOp = { opId: crypto.randomUUID(), kind: 'session', session };
    await queueOps(db, [op]);
    return { ...row, id };
  });
}
