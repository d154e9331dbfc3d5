// The module page's reads from the local store: the module and its subjects (with topic counts).
import { getUserDb } from '../../../local/db.ts';

export type ModuleInfo = {
  id: string;
  name: string;
  stage: number | null;
  isGlobal: boolean;
  extraInfo: string | null;
};
export type ModuleSubject = { id: string; name: string; topicCount: number };
export type ModulePageData = { module: ModuleInfo | null; subjects: ModuleSubject[] };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export const bySubjectName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

export async function loadModulePage(userId: string, moduleId: string): Promise<ModulePageData> {
  const db = getUserDb(userId);
  const row = await db.modules.get(moduleId);
  if (!row || row.isArchived === true) return { module: null, subjects: [] };
  const subjects = (await db.subjects.where('moduleId').equals(moduleId).toArray()).filter(
    (s) => s.isArchived !== true,
  );
  const topicCounts = await Promise.all(
    subjects.map((s) =>
      db.topics
        .where('subjectId')
        .equals(s.id)
        .filter((t) => t.isArchived !== true)
        .count(),
    ),
  );
  return {
    module: {
      id: row.id,
      name: str(row.name) || 'Untitled module',
      stage: typeof row.stage === 'number' ? row.stage : null,
      isGlobal: row.isGlobal === true,
      extraInfo: typeof row.extraInfo === 'string' && row.extraInfo.trim() ? row.extraInfo : null,
    },
    subjects: subjects
      .map((s, i) => ({ id: s.id, name: str(s.name) || 'Untitled subject', topicCount: topicCounts[i] ?? 0 }))
      .sort(bySubjectName),
  };
}
