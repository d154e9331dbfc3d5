// The users tab's pure rules: which actions a row offers, the scope check before promote / update,
// the failure text, and how a row describes its college and year.
import { MSG, type Role, type UserListItem } from '@zan/core';
import { ApiError } from '../../lib/api.ts';

export type RowActions = {
  /** College + year-group selectors, with Promote (user) or Update scope (admin). */
  scope: 'promote' | 'update' | null;
  demote: boolean;
  makeSuperadmin: boolean;
  delete: boolean;
};

export function rowActions(target: Pick<UserListItem, 'uid' | 'role'>, actor: { uid: string; role: Role }): RowActions {
  if (actor.role !== 'superadmin') return { scope: null, demote: false, makeSuperadmin: false, delete: false };
  return {
    scope: target.role === 'user' ? 'promote' : target.role === 'admin' ? 'update' : null,
    demote: target.role === 'admin',
    makeSuperadmin: target.role !== 'superadmin',
    delete: target.uid !== actor.uid,
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
  const [college, year] = u.role === 'admin' ? [u.adminCollegeName, u.adminYearGroup] : [u.collegeName, u.yearGroup];
  if (u.role === 'superadmin') return 'All colleges';
  const parts = [college, year].filter((p): p is string => !!p);
  return parts.length ? parts.join(' · ') : u.role === 'admin' ? 'No scope assigned' : '—';
}
