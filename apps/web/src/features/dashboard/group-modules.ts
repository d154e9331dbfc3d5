// The student dashboard's grouping (SPEC §2 Dashboards): a Global section first, then one group per
// stage titled UG-{stage} in descending stage order, then 'Other' for modules without a stage.
import { stageTitle } from '@zan/core';

export type DashboardModule = {
  id: string;
  name: string;
  stage: number | null;
  isGlobal: boolean;
  isFree: boolean;
  extraInfo: string | null;
  subjectCount: number;
};

export type ModuleGroup = { key: string; title: string; modules: DashboardModule[] };

const GLOBAL_TITLE = 'Global';
const OTHER_TITLE = 'Other';

const byName = (a: DashboardModule, b: DashboardModule) =>
  a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

const hasStage = (m: DashboardModule): m is DashboardModule & { stage: number } =>
  typeof m.stage === 'number' && Number.isFinite(m.stage) && m.stage >= 1;

export function groupModules(modules: readonly DashboardModule[]): ModuleGroup[] {
  const groups: ModuleGroup[] = [];
  const global = modules.filter((m) => m.isGlobal);
  if (global.length) groups.push({ key: 'global', title: GLOBAL_TITLE, modules: [...global].sort(byName) });

  const byStage = new Map<number, DashboardModule[]>();
  const other: DashboardModule[] = [];
  for (const m of modules) {
    if (m.isGlobal) continue;
    if (hasStage(m)) byStage.set(m.stage, [...(byStage.get(m.stage) ?? []), m]);
    else other.push(m);
  }
  for (const stage of [...byStage.keys()].sort((a, b) => b - a)) {
    groups.push({
      key: `stage-${stage}`,
      title: stageTitle(stage),
      modules: (byStage.get(stage) ?? []).sort(byName),
    });
  }
  if (other.length) groups.push({ key: 'other', title: OTHER_TITLE, modules: other.sort(byName) });
  return groups;
}
