import { describe, expect, it } from 'vitest';
import { testActor } from './test-actor.ts';
import { visibleScope, type Actor } from './roles.ts';
import { canSeeModule, type ModuleVisibilityFacts } from './visibility.ts';

const student: Actor = testActor({ id: 's' });
const mod = (over: Partial<ModuleVisibilityFacts>): ModuleVisibilityFacts => ({
  id: 'm',
  collegeId: 'c1',
  yearGroup: 'Y1',
  isGlobal: false,
  isFree: true,
  isArchived: false,
  ...over,
});

describe('canSeeModule', () => {
  it('shows a student free modules of their scope and their college global modules', () => {
    expect(canSeeModule(student, mod({}), new Set())).toBe(true);
    expect(canSeeModule(student, mod({ isGlobal: true, yearGroup: 'global' }), new Set())).toBe(true);
    expect(canSeeModule(student, mod({ yearGroup: 'Y2' }), new Set())).toBe(false);
    expect(canSeeModule(student, mod({ collegeId: 'c2' }), new Set())).toBe(false);
  });

  it('needs a grant for paid modules and never shows archived ones to students', () => {
    expect(canSeeModule(student, mod({ isFree: false }), new Set())).toBe(false);
    expect(canSeeModule(student, mod({ isFree: false }), new Set(['m']))).toBe(true);
    expect(canSeeModule(student, mod({ isArchived: true }), new Set(['m']))).toBe(false);
    expect(canSeeModule({ ...student, emailVerified: false }, mod({}), new Set())).toBe(false);
  });

  it('shows admins their scope plus college globals, superadmins everything', () => {
    const admin: Actor = { ...student, role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y2' };
    expect(canSeeModule(admin, mod({ yearGroup: 'Y2', isFree: false }), new Set())).toBe(true);
    expect(canSeeModule(admin, mod({ yearGroup: 'Y1' }), new Set())).toBe(false);
    expect(canSeeModule(admin, mod({ isGlobal: true, yearGroup: 'global' }), new Set())).toBe(true);
    expect(canSeeModule({ ...admin, adminYearGroup: null }, mod({ yearGroup: 'Y2' }), new Set())).toBe(false);
    expect(
      canSeeModule({ ...student, role: 'superadmin' }, mod({ collegeId: 'zz', isArchived: true }), new Set()),
    ).toBe(true);
  });

  it('sees nothing when visibleScope is none: unverified, or an admin or student missing a part', () => {
    const admin: Actor = { ...student, role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' };
    const callers: Actor[] = [
      { ...student, collegeId: null },
      { ...student, yearGroup: null },
      { ...admin, adminCollegeId: null },
      { ...admin, emailVerified: false },
      { ...student, role: 'superadmin', emailVerified: false },
    ];
    const modules = [mod({}), mod({ isGlobal: true, yearGroup: 'global' }), mod({ isFree: false })];
    for (const caller of callers) {
      expect(visibleScope(caller)).toEqual({ kind: 'none' });
      for (const m of modules) expect(canSeeModule(caller, m, new Set(['m']))).toBe(false);
    }
  });
});
