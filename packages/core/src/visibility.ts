// Who sees which content (SPEC §6, issue "offline study loop" §1): the one rule, used by the server's
// sync queries (as SQL built from the same facts) and by tests.
import { GLOBAL_YEAR_GROUP } from './constants.ts';
import { visibleScope, type Actor } from './roles.ts';

export type ModuleVisibilityFacts = {
  id: string;
  collegeId: string;
  yearGroup: string;
  isGlobal: boolean;
  isFree: boolean;
  isArchived: boolean;
};

/**
 * A student sees non-archived modules of their college that are in their year group or global, and
 * free or granted to them. Admins see their scope plus their college's global modules (paid or not);
 * superadmins see everything. Archived content is never sent to students.
 */
export function canSeeModule(
  actor: Actor,
  module: ModuleVisibilityFacts,
  grantedModuleIds: ReadonlySet<string>,
): boolean {
  const scope = visibleScope(actor);
  const isGlobal = module.isGlobal || module.yearGroup === GLOBAL_YEAR_GROUP;
  switch (scope.kind) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'admin':
      return module.collegeId === scope.collegeId && (isGlobal || module.yearGroup === scope.yearGroup);
    case 'student':
      if (module.isArchived || module.collegeId !== scope.collegeId) return false;
      if (!isGlobal && module.yearGroup !== scope.yearGroup) return false;
      return module.isFree || grantedModuleIds.has(module.id);
  }
}
