// The users tab's pure rules: which actions a row offers (asked of core `can()`), the scope check
// before promote / update, the failure text, and how a row describes its college and year.
import { can, MSG, scopeOf, type Actor, type UserListItem, type UserTarget } from '@zan/core';
import { ApiError } from '../../lib/api.ts';

export type RowActions = {
  /** College + year-group selectors, with Promote (user) or Update scope (admin). */
  scope: 'promote' | 'update' | null;
  demote: boolean;
  makeSuperadmin: boolean;
  delete: boolean;
};

export const userTarget = (
  u: Pick<UserListItem, 'uid' | 'role' | 'collegeId' | 'yearGroup'>,
): UserTarget => ({
  id: u.uid,
  role: u.role,
  collegeId: u.collegeId,
  yearGroup: u.yearGroup,
});

export function rowActions(
  user: Pick<UserListItem, 'uid' | 'role' | 'collegeId' | 'yearGroup'>,
  actor: Actor | null,
): RowActions {
  const t = userTarget(user);
  return {
    scope: can(actor, 'users.promote', t) ? 'promote' : can(actor, 'users.updateScope', t) ? 'update' : null,
    demote: can(actor, 'users.demote', t),
    makeSuperadmin: can(actor, 'users.makeSuperadmin', t),
    delete: can(actor, 'users.delete', t),
  };
}

/** Promote or update needs both a college and a year group (SPEC §5 Users); null when fine. */
export const scopeProblem = (collegeId: string, yearGroup: string): string | null =>
  collegeId && yearGroup ? null : MSG.promoteNeedsScope;

/** The server's reason for a failed call, for 'Failed to … : {reason}'. */
export const reasonOf = (err: unknown): string =>
  err instanceof ApiError || err instanceof Error ? err.message || MSG.unexpected : MSG.unexpected;

/** 'College · Year' for a student, the managed scope for an admin, '—' when none. */
export function scopeLine(u: UserListItem): string {
  const scope = scopeOf(u);
  if (scope.kind === 'all') return 'All colleges';
  const admin = scope.kind === 'admin';
  const [college, year] = admin ? [u.adminCollegeName, u.adminYearGroup] : [u.collegeName, u.yearGroup];
  const parts = [college, year].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : admin ? 'No scope assigned' : '—';
}
