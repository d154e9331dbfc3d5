import { describe, expect, it } from 'vitest';
import { can, roleLabel, type Actor } from './roles.ts';

const actor = (over: Partial<Actor>): Actor => ({
  id: 'u1',
  role: 'user',
  emailVerified: true,
  collegeId: 'c1',
  yearGroup: 'Y1',
  adminCollegeId: null,
  adminYearGroup: null,
  ...over,
});

describe('roles', () => {
  it('labels user as STUDENT and others uppercased', () => {
    expect(roleLabel('user')).toBe('STUDENT');
    expect(roleLabel('admin')).toBe('ADMIN');
    expect(roleLabel('superadmin')).toBe('SUPERADMIN');
  });

  it('gates the admin area to verified admins and superadmins', () => {
    expect(can(actor({}), 'admin.area')).toBe(false);
    expect(can(actor({ role: 'admin' }), 'admin.area')).toBe(true);
    expect(can(actor({ role: 'admin', emailVerified: false }), 'admin.area')).toBe(false);
    expect(can(actor({ role: 'superadmin' }), 'colleges.manage')).toBe(true);
    expect(can(actor({ role: 'admin' }), 'colleges.manage')).toBe(false);
    expect(can(null, 'admin.area')).toBe(false);
  });

  it('lets an admin list only users of their own scope', () => {
    const admin = actor({ role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' });
    expect(can(admin, 'users.list', { collegeId: 'c1', yearGroup: 'Y1' })).toBe(true);
    expect(can(admin, 'users.list', { collegeId: 'c1', yearGroup: 'Y2' })).toBe(false);
    expect(can(actor({ role: 'admin' }), 'users.list')).toBe(false);
  });
});
