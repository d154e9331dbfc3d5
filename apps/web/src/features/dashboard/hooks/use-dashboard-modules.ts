// Live module groups for the student dashboard: fills in as the content sync lands. A returning user's
// first render uses the modules read together with their profile before the app rendered (preload).
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { groupModules, type ModuleGroup } from '../group-modules.ts';
import { loadDashboardModules, takePrimedDashboardModules } from '../local/dashboard-queries.ts';

/** undefined while the first read is running. */
export function useDashboardModules(userId: string): ModuleGroup[] | undefined {
  const [primed] = useState(() => takePrimedDashboardModules(userId));
  const modules = useLiveQuery(() => loadDashboardModules(userId), [userId], primed);
  return useMemo(() => (modules ? groupModules(modules) : undefined), [modules]);
}
