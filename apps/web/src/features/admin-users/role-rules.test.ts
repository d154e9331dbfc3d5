import { MSG, type UserListItem } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { reasonOf, rowActions, scopeLine, scopeProblem } from './role-rules.ts';

const item = (over: Partial<UserListItem>): UserListItem => ({
  uid: 'u',
  email: 'u@x.dev',
  displayName: 'U',
  role: 'user',
  emailVerified: true,
  collegeId: null,
  collegeName: null,
  yearGroup: null,
  adminCollegeId: null,
  adminCollegeName: null,
  adminYearGroup: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('users tab rules', () => {
  const base = {
    emailVerified: true,
    collegeId: null,
    yearGroup: null,
    adminCollegeId: null,
    adminYearGroup: null,
  };
  const sa = { ...base, id: 'me', role: 'superadmin' as const };
  it('asks can(): promote to students, update/demote to admins, make superadmin to non-superadmins, delete to others', () => {
    expect(rowActions(item({ role: 'user' }), sa)).toEqual({
      scope: 'promote',
      demote: false,
      makeSuperadmin: true,
      delete: true,
    });
    expect(rowActions(item({ role: 'admin' }), sa)).toEqual({
      scope: 'update',
      demote: true,
      makeSuperadmin: true,
      delete: true,
    });
    expect(rowActions(item({ role: 'superadmin' }), sa)).toEqual({
      scope: null,
      demote: false,
      makeSuperadmin: false,
      delete: true,
    });
    expect(rowActions(item({ uid: 'me', role: 'superadmin' }), sa).delete).toBe(false);
  });
  it('offers an admin nothing', () => {
    expect(
      rowActions(item({}), { ...base, id: 'a', role: 'admin', adminCollegeId: 'c', adminYearGroup: 'Y' }),
    ).toEqual({ scope: null, demote: false, makeSuperadmin: false, delete: false });
  });
  it('needs both a college and a year group', () => {
    expect(scopeProblem('', 'Y1')).toBe(MSG.promoteNeedsScope);
    expect(scopeProblem('c1', '')).toBe(MSG.promoteNeedsScope);
    expect(scopeProblem('c1', 'Y1')).toBeNull();
  });
  it('describes scope and failure reasons', () => {
    expect(scopeLine(item({ collegeName: 'Cairo', yearGroup: 'Y1' }))).toBe('Cairo · Y1');
    expect(
      scopeLine(item({ role: 'admin', collegeName: 'X', adminCollegeName: 'Cairo', adminYearGroup: 'Y2' })),
    ).toBe('Cairo · Y2');
    expect(scopeLine(item({ role: 'admin' }))).toBe('No scope assigned');
    expect(scopeLine(item({ role: 'superadmin' }))).toBe('All colleges');
    expect(MSG.updateRoleFailed(reasonOf(new ApiError(409, 'LAST_SUPERADMIN', MSG.lastSuperadmin)))).toBe(
      `Failed to update role: ${MSG.lastSuperadmin}`,
    );
    expect(reasonOf('weird')).toBe(MSG.unexpected);
  });
});
