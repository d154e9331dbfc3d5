// Live module groups for the student dashboard: fills in as the content sync lands.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { groupModules, type ModuleGroup } from '../group-modules.ts';
import { loadDashboardModules } from '../local/dashboard-queries.ts';

/** undefined while the first read is running. */
export function useDashboardModules(userId: string): ModuleGroup[] | undefined {
  const modules = useLiveQuery(() => loadDashboardModules(userId), [userId]);
  return useMemo(() => (modules ? groupModules(modules) : undefined), [modules]);
}
