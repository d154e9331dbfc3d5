// The stats page's reads from the local store (ARCHITECTURE §1: student screens read IndexedDB only).
import type { ForecastProgress, StudySessionLike } from '@zan/core';
import { getUserDb } from '../../../local/db.ts';

export type StatsSource = {
  sessions: StudySessionLike[];
  /** Module id → stage, from the local modules table (missing → no stage). */
  stages: Map<string, number>;
  progress: ForecastProgress[];
};

export async function loadStatsSource(userId: string): Promise<StatsSource> {
  const db = getUserDb(userId);
  const [sessions, modules, subjects, progress] = await Promise.all([
    db.studySessions.toArray(),
    db.modules.toArray(),
    db.subjects.toArray(),
    db.userProgress.where('type').equals('flashcard').toArray(),
  ]);
  const stages = new Map<string, number>();
  for (const m of modules) stages.set(m.id, m.stage);
  const moduleById = new Map(modules.map((m) => [m.id, m]));
  const subjectById = new Map(subjects.map((s) => [s.id, s]));
  return {
    sessions: sessions
      .filter((s) => s.date instanceof Date && !Number.isNaN(s.date.getTime()))
      .map((s) => {
        // A session saved before its subject was on the device has no names (issue 18): they come
        // from the store now that it is here.
        const subject = subjectById.get(s.subjectId);
        const moduleId = s.moduleId || subject?.moduleId || '';
        return {
          date: s.date,
          durationInSeconds: s.durationInSeconds,
          subjectId: s.subjectId,
          subjectName: s.subjectName || subject?.name || '',
          moduleId,
          moduleName: s.moduleName || moduleById.get(moduleId)?.name || '',
        };
      }),
    stages,
    progress: progress.map((p) => ({ type: p.type, isSuspended: p.isSuspended, dueDate: p.dueDate })),
  };
}
