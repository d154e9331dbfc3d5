// The module page's reads from the local store: the module and its subjects (with topic counts).
import { getUserDb } from '../../../local/db.ts';
import { notArchived } from '../../../local/not-archived.ts';

type ModuleInfo = {
  id: string;
  name: string;
  stage: number | null;
  isGlobal: boolean;
  extraInfo: string | null;
};
type ModuleSubject = { id: string; name: string; topicCount: number };
export type ModulePageData = { module: ModuleInfo | null; subjects: ModuleSubject[] };

const bySubjectName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

export async function loadModulePage(userId: string, moduleId: string): Promise<ModulePageData> {
  const db = getUserDb(userId);
  const row = await db.modules.get(moduleId);
  if (!row || row.isArchived) return { module: null, subjects: [] };
  const subjects = await db.subjects.where('moduleId').equals(moduleId).filter(notArchived).toArray();
  const topicCounts = await Promise.all(
    subjects.map((s) => db.topics.where('subjectId').equals(s.id).filter(notArchived).count()),
  );
  return {
    module: {
      id: row.id,
      name: row.name || 'Untitled module',
      stage: row.stage,
      isGlobal: row.isGlobal,
      extraInfo: row.extraInfo?.trim() ? row.extraInfo : null,
    },
    subjects: subjects
      .map((s, i) => ({ id: s.id, name: s.name || 'Untitled subject', topicCount: topicCounts[i] ?? 0 }))
      .sort(bySubjectName),
  };
}
