// The dashboard's reads from the local store (ARCHITECTURE §1: student screens read IndexedDB only).
import { getUserDb } from '../../../local/db.ts';
import { notArchived } from '../../../local/not-archived.ts';
import type { DashboardModule } from '../group-modules.ts';

/** Every non-archived local module with the number of its (non-archived) subjects. */
export async function loadDashboardModules(userId: string): Promise<DashboardModule[]> {
  const db = getUserDb(userId);
  const [modules, subjects] = await Promise.all([db.modules.toArray(), db.subjects.toArray()]);
  const counts = new Map<string, number>();
  for (const s of subjects.filter(notArchived)) counts.set(s.moduleId, (counts.get(s.moduleId) ?? 0) + 1);
  return modules.filter(notArchived).map((m) => ({
    id: m.id,
    name: m.name || 'Untitled module',
    stage: m.stage,
    isGlobal: m.isGlobal,
    isFree: m.isFree,
    extraInfo: m.extraInfo?.trim() ? m.extraInfo : null,
    subjectCount: counts.get(m.id) ?? 0,
  }));
}

let primed: { userId: string; modules: DashboardModule[] } | null = null;

/** Read before the first render (app/preload.ts), together with the cached profile. */
export async function primeDashboardModules(userId: string): Promise<void> {
  primed = { userId, modules: await loadDashboardModules(userId) };
}

/** The primed modules of `userId`, once (the live query takes over from there). */
export function takePrimedDashboardModules(userId: string): DashboardModule[] | undefined {
  const modules = primed?.userId === userId ? primed.modules : undefined;
  primed = null;
  return modules;
}
