// The users tab's rules around can(): list bounds per actor and role asked for, role changes that
// take a scope or change nothing, and the other-superadmins count.
import { describe, expect, it } from 'vitest';
import { testActor } from './test-actor.ts';
import { managesScope, otherSuperadmins, roleUnchanged, userListBounds } from './user-admin.ts';

const actor = testActor;
const superadmin = actor({ id: 'sa', role: 'superadmin' });
const admin = actor({ id: 'a1', role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y2' });
const scope = { collegeId: 'c1', yearGroup: 'Y2' };

describe('userListBounds', () => {
  it('lets a superadmin list anyone, of the role asked for', () => {
    expect(userListBounds(superadmin)).toEqual({});
    expect(userListBounds(superadmin, 'admin')).toEqual({ role: 'admin' });
    expect(userListBounds(superadmin, 'user')).toEqual({ role: 'user' });
  });

  it('lets an admin list only the students of their own scope', () => {
    expect(userListBounds(admin)).toEqual({ role: 'user', scope });
    expect(userListBounds(admin, 'user')).toEqual({ role: 'user', scope });
    expect(userListBounds(admin, 'admin')).toBeNull();
    expect(userListBounds(admin, 'superadmin')).toBeNull();
  });

  it('lists nobody for an admin without a scope, a student, an unverified or no actor', () => {
    expect(userListBounds(actor({ role: 'admin', adminCollegeId: 'c1' }))).toBeNull();
    expect(userListBounds(actor({}))).toBeNull();
    expect(userListBounds({ ...superadmin, emailVerified: false })).toBeNull();
    expect(userListBounds(null, 'user')).toBeNull();
  });
});

describe('role changes', () => {
  it('only the admin role takes a scope', () => {
    expect(managesScope('admin')).toBe(true);
    expect(managesScope('user')).toBe(false);
    expect(managesScope('superadmin')).toBe(false);
  });

  it('changes nothing when the role stays, except admin → admin (a scope update)', () => {
    expect(roleUnchanged('user', 'user')).toBe(true);
    expect(roleUnchanged('superadmin', 'superadmin')).toBe(true);
    expect(roleUnchanged('admin', 'admin')).toBe(false);
    expect(roleUnchanged('user', 'admin')).toBe(false);
    expect(roleUnchanged('superadmin', 'user')).toBe(false);
    expect(roleUnchanged('admin', 'superadmin')).toBe(false);
  });

  it('counts the superadmins other than the target', () => {
    const users = [
      { id: 'a', role: 'superadmin' as const },
      { id: 'b', role: 'superadmin' as const },
      { id: 't', role: 'admin' as const },
    ];
    expect(otherSuperadmins(users, 't')).toBe(2);
    expect(otherSuperadmins(users, 'a')).toBe(1);
    expect(otherSuperadmins(users.slice(0, 1), 'a')).toBe(0);
    expect(otherSuperadmins([], 'a')).toBe(0);
  });
});
