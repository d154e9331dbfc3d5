// The users tab's rules around can() (SPEC §4 User admin actions, §6): whom a list shows, what a
// role change takes and when it changes nothing, and the count that keeps the last superadmin.
import { adminScope, can, type Actor, type Role, type Scope } from './roles.ts';

/** SPEC §4: an admin manages one college + year group, so setting this role takes a scope. */
export const managesScope = (role: Role): boolean => role === 'admin';

/** A setRole that changes nothing: demoting a student, making a superadmin superadmin again (admin → admin updates the scope). */
export const roleUnchanged = (from: Role, to: Role): boolean => from === to && !managesScope(to);

/** How many superadmins other than `id` are among `users` (the last superadmin cannot step down). */
export const otherSuperadmins = (users: readonly { id: string; role: Role }[], id: string): number =>
  users.filter((u) => u.id !== id && u.role === 'superadmin').length;

/** A user list's filter (SPEC §6): the role listed and, for an admin, their scope. */
export type UserListBounds = { role?: Role; scope?: Scope };

/**
 * The users an actor may list, for the role asked for: a superadmin anyone (of that role); an admin
 * only the students (role user) of their own scope, so asking for another role lists nobody; anyone
 * else, and an admin without a scope, nobody (null).
 */
export function userListBounds(actor: Actor | null, role?: Role): UserListBounds | null {
  const scope = actor ? adminScope(actor) : null;
  if (!can(actor, 'users.list', scope ?? undefined)) return null;
  if (!scope) return role ? { role } : {};
  return !role || role === 'user' ? { role: 'user', scope } : null;
}
