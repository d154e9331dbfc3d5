// Live data of the module page; undefined while the first read runs.
import { useLiveQuery } from 'dexie-react-hooks';
import { loadModulePage, type ModulePageData } from '../local/module-queries.ts';

export function useModulePage(userId: string, moduleId: string): ModulePageData | undefined {
  return useLiveQuery(() => loadModulePage(userId, moduleId), [userId, moduleId]);
}
