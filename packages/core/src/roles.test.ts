// can() tables for every rule of SPEC §5 and §6: each row is an action, a target and the answer for
// each kind of actor (anonymous, unverified admin, student, admin in scope, admin of another year,
// admin of another college, admin without scope, superadmin).
import { describe, expect, it } from 'vitest';
import { testActor } from './test-actor.ts';
import {
  adminScope,
  autoSyncsContent,
  can,
  contentScope,
  contentTarget,
  roleChangeAction,
  roleLabel,
  scopeOf,
  visibleScope,
  type Action,
  type ActionTargets,
  type ContentTarget,
  type UserTarget,
} from './roles.ts';

const actor = testActor;

const ACTORS = {
  anonymous: null,
  unverified: actor({
    id: 'a0',
    role: 'admin',
    emailVerified: false,
    adminCollegeId: 'c1',
    adminYearGroup: 'Y1',
  }),
  student: actor({ id: 's1' }),
  admin: actor({ id: 'a1', role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' }),
  otherYear: actor({ id: 'a2', role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y2' }),
  otherCollege: actor({
    id: 'a3',
    role: 'admin',
    collegeId: 'c2',
    adminCollegeId: 'c2',
    adminYearGroup: 'Y1',
  }),
  noScope: actor({ id: 'a4', role: 'admin' }),
  superadmin: actor({ id: 'sa', role: 'superadmin', collegeId: null, yearGroup: null }),
} as const;
type Kind = keyof typeof ACTORS;
const KINDS = Object.keys(ACTORS) as Kind[];

const own: ContentTarget = { collegeId: 'c1', yearGroup: 'Y1', isGlobal: false };
const global: ContentTarget = { collegeId: 'c1', yearGroup: 'global', isGlobal: true };
const globalByYear: ContentTarget = { collegeId: 'c1', yearGroup: 'global', isGlobal: false };
const student = (over: Partial<UserTarget> = {}): UserTarget => ({
  id: 't1',
  role: 'user',
  collegeId: 'c1',
  yearGroup: 'Y1',
  ...over,
});

/** Who may: the kinds answering true; every other kind must answer false. */
type Row = {
  [A in Action]: { action: A; target?: ActionTargets[A]; allowed: Kind[]; name?: string };
}[Action];
const ADMIN_ONLY_OWN: Kind[] = ['admin', 'superadmin'];
const SUPER: Kind[] = ['superadmin'];
const ANY_ADMIN: Kind[] = ['admin', 'otherYear', 'otherCollege', 'superadmin'];

const ROWS: Row[] = [
  { action: 'admin.area', allowed: [...ANY_ADMIN, 'noScope'] },
  { action: 'superadmin.area', allowed: SUPER },
  { action: 'colleges.manage', allowed: SUPER },
  { action: 'globalModules.manage', allowed: SUPER },
  { action: 'archive.manage', allowed: SUPER },
  // Users (§5 Users, §6): admins list their own year group; role changes and deletion are superadmin's.
  { action: 'users.list', allowed: ANY_ADMIN, name: 'no target' },
  { action: 'users.list', target: { collegeId: 'c1', yearGroup: 'Y1' }, allowed: ADMIN_ONLY_OWN },
  { action: 'users.promote', target: student(), allowed: SUPER },
  { action: 'users.promote', target: student({ role: 'admin' }), allowed: [], name: 'an admin' },
  { action: 'users.updateScope', target: student({ role: 'admin' }), allowed: SUPER },
  { action: 'users.updateScope', target: student(), allowed: [], name: 'a student' },
  { action: 'users.demote', target: student({ role: 'admin' }), allowed: SUPER },
  { action: 'users.demote', target: student(), allowed: [], name: 'a student' },
  { action: 'users.demote', target: student({ role: 'superadmin' }), allowed: [], name: 'a superadmin' },
  { action: 'users.updateScope', target: student({ role: 'superadmin' }), allowed: [], name: 'a superadmin' },
  { action: 'users.revokeSuperadmin', target: student({ role: 'superadmin' }), allowed: SUPER },
  { action: 'users.revokeSuperadmin', target: student({ role: 'admin' }), allowed: [], name: 'an admin' },
  {
    action: 'users.revokeSuperadmin',
    target: { ...student({ role: 'superadmin' }), otherSuperadmins: 1 },
    allowed: SUPER,
    name: 'another superadmin remains',
  },
  {
    action: 'users.revokeSuperadmin',
    target: { ...student({ role: 'superadmin' }), otherSuperadmins: 0 },
    allowed: [],
    name: 'the last superadmin',
  },
  { action: 'users.makeSuperadmin', target: student(), allowed: SUPER },
  {
    action: 'users.makeSuperadmin',
    target: student({ role: 'superadmin' }),
    allowed: [],
    name: 'a superadmin',
  },
  { action: 'users.delete', target: student(), allowed: SUPER },
  { action: 'users.delete', target: student({ id: 'sa', role: 'superadmin' }), allowed: [], name: 'oneself' },
  // Modules (§5 Module form, §6): admins add and edit in their scope, never global; archive is superadmin's.
  { action: 'module.create', target: own, allowed: ADMIN_ONLY_OWN },
  { action: 'module.create', target: global, allowed: SUPER, name: 'global mode' },
  { action: 'module.create', allowed: ANY_ADMIN, name: 'no target (Add button)' },
  { action: 'module.edit', target: own, allowed: ADMIN_ONLY_OWN },
  { action: 'module.edit', target: global, allowed: SUPER, name: 'global' },
  { action: 'module.edit', target: globalByYear, allowed: SUPER, name: "yearGroup 'global'" },
  { action: 'module.archive', target: own, allowed: SUPER },
  { action: 'module.restore', target: own, allowed: SUPER },
  { action: 'module.permanentDelete', target: own, allowed: SUPER },
  // Subjects (§5 Subject form, §6).
  { action: 'subject.create', target: own, allowed: ADMIN_ONLY_OWN, name: 'under an own module' },
  { action: 'subject.create', target: global, allowed: SUPER, name: 'under a global module' },
  { action: 'subject.createGlobal', target: global, allowed: SUPER },
  { action: 'subject.edit', target: own, allowed: ADMIN_ONLY_OWN },
  { action: 'subject.edit', target: global, allowed: SUPER, name: 'global' },
  { action: 'subject.archive', target: own, allowed: SUPER },
  { action: 'subject.restore', target: own, allowed: SUPER },
  { action: 'subject.permanentDelete', target: own, allowed: SUPER },
  // Topics (§2 topics tab, §6: Edit and Archive disabled on global topics for admins).
  { action: 'topic.create', target: own, allowed: ADMIN_ONLY_OWN, name: 'under an own subject' },
  { action: 'topic.create', target: global, allowed: SUPER, name: 'under a global subject' },
  { action: 'topic.edit', target: own, allowed: ADMIN_ONLY_OWN },
  { action: 'topic.edit', target: global, allowed: SUPER, name: 'global' },
  { action: 'topic.makeGlobal', target: global, allowed: SUPER, name: 'global parent' },
  { action: 'topic.makeGlobal', target: own, allowed: [], name: 'non-global parent' },
  { action: 'topic.archive', target: own, allowed: SUPER },
  { action: 'topic.archive', target: global, allowed: SUPER, name: 'global' },
  { action: 'topic.restore', target: own, allowed: SUPER },
  { action: 'topic.permanentDelete', target: own, allowed: SUPER },
  // Topic resources (§5 Cards and questions): admins edit their own topics' decks, quizzes and pages;
  // the editors open for any admin (which topics they see is the content scope's to decide).
  { action: 'resource.edit', target: own, allowed: ADMIN_ONLY_OWN },
  { action: 'resource.edit', target: global, allowed: SUPER, name: 'global' },
  { action: 'resource.edit', allowed: ANY_ADMIN, name: 'no target' },
  { action: 'resource.view', target: own, allowed: [...ANY_ADMIN, 'noScope'] },
  { action: 'resource.view', target: global, allowed: [...ANY_ADMIN, 'noScope'], name: 'global' },
  // An Anki import job (issue 20) is its owner's alone, a superadmin's included.
  { action: 'ankiImport.job', target: { ownerId: 'a1' }, allowed: ['admin'], name: "an admin's" },
  { action: 'ankiImport.job', target: { ownerId: 'sa' }, allowed: SUPER, name: "the superadmin's" },
  {
    action: 'ankiImport.job',
    target: { ownerId: 'a4' },
    allowed: ['noScope'],
    name: 'of an admin without scope',
  },
  // Issue 32: a student's Anki progress import job is its owner's alone, whatever their role.
  { action: 'ankiProgress.job', target: { ownerId: 's1' }, allowed: ['student'], name: "a student's" },
  { action: 'ankiProgress.job', target: { ownerId: 'a1' }, allowed: ['admin'], name: "an admin's" },
  { action: 'ankiProgress.job', target: { ownerId: 'sa' }, allowed: SUPER, name: "the superadmin's" },
  { action: 'ankiProgress.job', target: { ownerId: 'a0' }, allowed: [], name: "an unverified user's" },
  // Issue 19: only students' first answers count in the peer figures.
  { action: 'qbank.countAnswer', allowed: ['student'] },
  // Announcements (§6: admins add and edit their own; Delete is a soft archive they may use).
  { action: 'announcement.create', target: own, allowed: ADMIN_ONLY_OWN },
  { action: 'announcement.create', target: globalByYear, allowed: SUPER, name: 'whole college' },
  { action: 'announcement.edit', target: own, allowed: ADMIN_ONLY_OWN },
  { action: 'announcement.archive', target: own, allowed: ADMIN_ONLY_OWN },
  // Paid-module grants (§5 Users, §6): an admin for students of their year group, modules of their scope.
  { action: 'grants.manage', target: { user: student() }, allowed: ADMIN_ONLY_OWN, name: "a student's list" },
  {
    action: 'grants.manage',
    target: { user: student({ collegeId: 'c2' }) },
    allowed: ['otherCollege', 'superadmin'],
    name: "another college's student",
  },
  { action: 'grants.manage', target: { user: student(), module: own }, allowed: ADMIN_ONLY_OWN },
  {
    action: 'grants.manage',
    target: { user: student(), module: global },
    allowed: ADMIN_ONLY_OWN,
    name: 'a global module of the college',
  },
  {
    action: 'grants.manage',
    target: { user: student(), module: { ...own, yearGroup: 'Y2' } },
    allowed: [],
    name: 'a module of another year',
  },
  {
    action: 'grants.manage',
    target: { user: student(), module: { ...own, collegeId: 'c2' } },
    allowed: [],
    name: 'a module of another college',
  },
  {
    action: 'grants.manage',
    target: { user: student({ role: 'admin' }), module: own },
    allowed: [],
    name: 'to an admin',
  },
  {
    action: 'grants.manage',
    target: { user: student({ yearGroup: 'Y2' }), module: { ...own, yearGroup: 'Y2' } },
    allowed: ['otherYear', 'superadmin'],
    name: 'a student of Y2',
  },
];

describe('can()', () => {
  for (const row of ROWS) {
    it(`${row.action}${row.name ? ` (${row.name})` : ''}`, () => {
      const got = Object.fromEntries(KINDS.map((k) => [k, can(ACTORS[k], row.action, row.target as never)]));
      const want = Object.fromEntries(KINDS.map((k) => [k, row.allowed.includes(k)]));
      expect(got).toEqual(want);
    });
  }

  it('covers every action', () => {
    // Every key of ActionTargets, checked by the compiler: a new action fails here until it has rows.
    const all = {
      'admin.area': true,
      'superadmin.area': true,
      'colleges.manage': true,
      'users.list': true,
      'users.promote': true,
      'users.updateScope': true,
      'users.demote': true,
      'users.makeSuperadmin': true,
      'users.revokeSuperadmin': true,
      'users.delete': true,
      'module.create': true,
      'module.edit': true,
      'module.archive': true,
      'module.restore': true,
      'module.permanentDelete': true,
      'subject.create': true,
      'subject.createGlobal': true,
      'subject.edit': true,
      'subject.archive': true,
      'subject.restore': true,
      'subject.permanentDelete': true,
      'topic.create': true,
      'topic.edit': true,
      'topic.makeGlobal': true,
      'topic.archive': true,
      'topic.restore': true,
      'topic.permanentDelete': true,
      'resource.edit': true,
      'resource.view': true,
      'ankiImport.job': true,
      'ankiProgress.job': true,
      'announcement.create': true,
      'announcement.edit': true,
      'announcement.archive': true,
      'globalModules.manage': true,
      'archive.manage': true,
      'grants.manage': true,
      'qbank.countAnswer': true,
    } satisfies Record<Action, true>;
    expect(new Set(ROWS.map((r) => r.action))).toEqual(new Set(Object.keys(all)));
  });

  it('judges a row by where it lives, its year group global or its flag', () => {
    expect(contentTarget({ ...own, isGlobal: false })).toEqual(own);
    expect(contentTarget(globalByYear)).toEqual({ ...globalByYear, isGlobal: true });
    expect(contentTarget(global)).toEqual(global);
  });

  it('names the role change a setRole request is', () => {
    expect(roleChangeAction('user', 'admin')).toBe('users.promote');
    expect(roleChangeAction('admin', 'admin')).toBe('users.updateScope');
    expect(roleChangeAction('superadmin', 'admin')).toBe('users.revokeSuperadmin');
    expect(roleChangeAction('superadmin', 'user')).toBe('users.revokeSuperadmin');
    expect(roleChangeAction('admin', 'user')).toBe('users.demote');
    expect(roleChangeAction('user', 'superadmin')).toBe('users.makeSuperadmin');
  });
});

describe('roles', () => {
  it('labels user as STUDENT and others uppercased', () => {
    expect(roleLabel('user')).toBe('STUDENT');
    expect(roleLabel('admin')).toBe('ADMIN');
    expect(roleLabel('superadmin')).toBe('SUPERADMIN');
  });
});

describe('scopes', () => {
  const admin = ACTORS.admin;
  const noScope = ACTORS.noScope;
  const student = ACTORS.student;
  const superadmin = ACTORS.superadmin;

  it('scopeOf: a superadmin everywhere, an admin what they manage, a student their own', () => {
    expect(scopeOf(superadmin)).toEqual({ kind: 'all' });
    expect(scopeOf({ ...admin, collegeId: 'c9', yearGroup: 'Y9' })).toEqual({
      kind: 'admin',
      collegeId: 'c1',
      yearGroup: 'Y1',
    });
    expect(scopeOf(noScope)).toEqual({ kind: 'admin', collegeId: null, yearGroup: null });
    expect(scopeOf({ ...student, adminCollegeId: 'c9', adminYearGroup: 'Y9' })).toEqual({
      kind: 'student',
      collegeId: 'c1',
      yearGroup: 'Y1',
    });
    expect(scopeOf({ ...student, yearGroup: null })).toEqual({
      kind: 'student',
      collegeId: 'c1',
      yearGroup: null,
    });
  });

  it('contentScope: nothing when an admin or a student lacks a college or a year group', () => {
    expect(contentScope(superadmin)).toEqual({ kind: 'all' });
    expect(contentScope(admin)).toEqual({ kind: 'admin', collegeId: 'c1', yearGroup: 'Y1' });
    expect(contentScope(student)).toEqual({ kind: 'student', collegeId: 'c1', yearGroup: 'Y1' });
    expect(contentScope(noScope)).toEqual({ kind: 'none' });
    expect(contentScope({ ...admin, adminYearGroup: null })).toEqual({ kind: 'none' });
    expect(contentScope({ ...admin, adminCollegeId: null })).toEqual({ kind: 'none' });
    expect(contentScope({ ...student, collegeId: null })).toEqual({ kind: 'none' });
    expect(contentScope({ ...student, yearGroup: '' })).toEqual({ kind: 'none' });
  });

  it('visibleScope: contentScope once the email is verified, nothing before', () => {
    for (const a of [admin, student, superadmin, noScope]) expect(visibleScope(a)).toEqual(contentScope(a));
    expect(visibleScope({ ...superadmin, emailVerified: false })).toEqual({ kind: 'none' });
    expect(visibleScope({ ...student, emailVerified: false })).toEqual({ kind: 'none' });
  });

  it('adminScope: only an admin with both parts has one', () => {
    expect(adminScope(admin)).toEqual({ collegeId: 'c1', yearGroup: 'Y1' });
    expect(adminScope(noScope)).toBeNull();
    expect(adminScope({ ...admin, adminYearGroup: null })).toBeNull();
    expect(adminScope(student)).toBeNull();
    expect(adminScope(superadmin)).toBeNull();
  });

  it('autoSyncsContent: only students sync content by themselves', () => {
    expect(autoSyncsContent('user')).toBe(true);
    expect(autoSyncsContent('admin')).toBe(false);
    expect(autoSyncsContent('superadmin')).toBe(false);
  });
});
