// Roles, labels and the single permission check used by server routes and web guards.

export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Label shown on the user badge: STUDENT for user, otherwise the uppercased role. */
export const roleLabel = (role: Role): string => (role === 'user' ? 'STUDENT' : role.toUpperCase());

export const isAdminRole = (role: Role): boolean => role === 'admin' || role === 'superadmin';

/** The scope an admin manages (SPEC §6). */
export type Scope = { collegeId: string; yearGroup: string };

export type Actor = {
  id: string;
  role: Role;
  emailVerified: boolean;
  collegeId: string | null;
  yearGroup: string | null;
  adminCollegeId: string | null;
  adminYearGroup: string | null;
};

export const adminScope = (actor: Actor): Scope | null =>
  actor.role === 'admin' && actor.adminCollegeId && actor.adminYearGroup
    ? { collegeId: actor.adminCollegeId, yearGroup: actor.adminYearGroup }
    : null;

export type Action =
  | 'admin.area'
  | 'colleges.manage'
  | 'users.list'
  | 'users.setRole'
  | 'users.delete'
  | 'globalModules.manage'
  | 'archive.manage';

/**
 * can(actor, action, target?) — the one permission check (ARCHITECTURE §7).
 * `target` is the scope of the thing acted on (e.g. the user being listed).
 */
export function can(actor: Actor | null, action: Action, target?: Partial<Scope>): boolean {
  if (!actor || !actor.emailVerified) return false;
  if (actor.role === 'superadmin') return true;
  switch (action) {
    case 'admin.area':
      return actor.role === 'admin';
    case 'users.list': {
      const scope = adminScope(actor);
      if (!scope) return false;
      if (!target) return true;
      return target.collegeId === scope.collegeId && target.yearGroup === scope.yearGroup;
    }
    default:
      return false;
  }
}
