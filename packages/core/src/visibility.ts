// Who sees which content (SPEC §6, issue "offline study loop" §1): the one rule, used by the server's
// sync queries (as SQL built from the same facts) and by tests.
import { GLOBAL_YEAR_GROUP } from './constants.ts';
import type { Actor } from './roles.ts';

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
  if (!actor.emailVerified) return false;
  if (actor.role === 'superadmin') return true;
  const isGlobal = module.isGlobal || module.yearGroup === GLOBAL_YEAR_GROUP;
  if (actor.role === 'admin') {
    if (!actor.adminCollegeId || !actor.adminYearGroup) return false;
    return (
      module.collegeId === actor.adminCollegeId && (isGlobal || module.yearGroup === actor.adminYearGroup)
    );
  }
  if (module.isArchived || !actor.collegeId || !actor.yearGroup) return false;
  if (module.collegeId !== actor.collegeId) return false;
  if (!isGlobal && module.yearGroup !== actor.yearGroup) return false;
  return module.isFree || grantedModuleIds.has(module.id);
}
