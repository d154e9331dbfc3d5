// User-management rules against the real database: scoped listing and paging, search, role changes
// and their scope rules, the last-superadmin guard, and deletion by typed email.
import { ADMIN_PAGE_SIZE, MSG, type Actor } from '@zan/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { college, user } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { containsPattern } from './repository.ts';
import { usersService, type UsersService } from './service.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;
let service: UsersService;
let notified: string[] = [];
const base = {
  emailVerified: true,
  collegeId: null,
  yearGroup: null,
  adminCollegeId: null,
  adminYearGroup: null,
};
const sa: Actor = { ...base, id: 'sa', role: 'superadmin' };
const adm: Actor = { ...base, id: 'adm', role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' };
const student: Actor = { ...base, id: 'st', role: 'user', collegeId: 'c1', yearGroup: 'Y1' };

const addUser = (id: string, values: Partial<typeof user.$inferInsert> = {}) =>
  t.db.insert(user).values({ id, name: '', email: `${id}@test.dev`, emailVerified: true, ...values });

beforeAll(async () => {
  t = await createTestApp();
  service = usersService({ db: t.db, notifyProfile: async (ids) => void notified.push(...ids) });
});
afterAll(async () => t.close());
beforeEach(async () => {
  notified = [];
  await t.db.delete(user);
  await t.db.delete(college);
  await t.db.insert(college).values([
    { id: 'c1', name: 'College One', years: ['Y1', 'Y2'] },
    { id: 'c2', name: 'College Two', years: ['Y1'] },
  ]);
  await addUser('sa', { role: 'superadmin', firstName: 'Sara', lastName: 'Admin' });
  await addUser('adm', { role: 'admin', adminCollegeId: 'c1', adminYearGroup: 'Y1' });
});

async function allPages(actor: Actor, q: { role?: 'user' | 'admin' | 'superadmin'; search?: string }) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const res = await service.list(actor, { ...q, cursor });
    pages.push(res.users.map((u) => u.uid));
    cursor = res.nextCursor ?? undefined;
  } while (cursor);
  return pages;
}

describe('listing users', () => {
  beforeEach(async () => {
    const rows = Array.from({ length: 32 }, (_, i) => ({
      id: `s${String(i).padStart(2, '0')}`,
      name: '',
      email: `s${String(i).padStart(2, '0')}@test.dev`,
      collegeId: 'c1',
      yearGroup: 'Y1',
    }));
    await t.db.insert(user).values(rows);
    await addUser('other-year', { collegeId: 'c1', yearGroup: 'Y2' });
    await addUser('other-college', { collegeId: 'c2', yearGroup: 'Y1' });
    await addUser('adm-other', {
      role: 'admin',
      collegeId: 'c1',
      yearGroup: 'Y1',
      adminCollegeId: 'c2',
      adminYearGroup: 'Y1',
    });
  });

  it('an admin sees only students of their own college and year group, 15 per page by email', async () => {
    const pages = await allPages(adm, { role: 'user' });
    expect(pages.map((p) => p.length)).toEqual([ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE, 2]);
    const ids = pages.flat();
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(32);
    expect(ids.every((id) => /^s\d\d$/.test(id))).toBe(true);
    expect(await allPages(adm, {})).toEqual(pages);
    expect((await service.list(adm, { role: 'admin' })).users).toEqual([]);
    expect((await service.list(adm, { role: 'superadmin' })).users).toEqual([]);
  });

  it('an admin with no scope gets an empty list; a student is forbidden', async () => {
    expect(await service.list({ ...adm, adminYearGroup: null }, {})).toEqual({ users: [], nextCursor: null });
    await expect(service.list(student, {})).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.list(null, {})).rejects.toMatchObject({ statusCode: 403 });
  });

  it('a superadmin sees every group, each paged on its own', async () => {
    expect((await allPages(sa, { role: 'superadmin' })).flat()).toEqual(['sa']);
    expect((await allPages(sa, { role: 'admin' })).flat().sort()).toEqual(['adm', 'adm-other']);
    expect((await allPages(sa, { role: 'user' })).flat()).toHaveLength(34);
    const first = await service.list(sa, { role: 'user' });
    expect(first.users[0]).toMatchObject({
      uid: 'other-college',
      collegeName: 'College Two',
      yearGroup: 'Y1',
      role: 'user',
    });
    const admins = await service.list(sa, { role: 'admin' });
    expect(admins.users[0]).toMatchObject({
      adminCollegeName: 'College Two',
      adminYearGroup: 'Y1',
      collegeName: 'College One',
    });
  });

  it('searches email and name case-insensitively, with % and _ taken literally', async () => {
    await addUser('named', {
      email: 'zed@test.dev',
      firstName: 'Mona',
      lastName: 'Lisa',
      collegeId: 'c1',
      yearGroup: 'Y1',
    });
    await addUser('pct', { email: 'a%b_c@test.dev', collegeId: 'c1', yearGroup: 'Y1' });
    expect((await service.list(adm, { search: 'mona li' })).users.map((u) => u.uid)).toEqual(['named']);
    expect((await service.list(adm, { search: 'ZED@' })).users.map((u) => u.uid)).toEqual(['named']);
    expect((await service.list(adm, { search: '%' })).users.map((u) => u.uid)).toEqual(['pct']);
    expect((await service.list(adm, { search: '_' })).users.map((u) => u.uid)).toEqual(['pct']);
    expect((await service.list(adm, { search: 'other' })).users).toEqual([]); // outside the admin's scope
    expect((await service.list(sa, { search: 'other' })).users.map((u) => u.uid)).toEqual([
      'adm-other',
      'other-college',
      'other-year',
    ]);
    expect(containsPattern('a\\%_')).toBe('%a\\\\\\%\\_%');
  });

  it('rejects a forged cursor', async () => {
    await expect(service.list(sa, { cursor: 'not-a-cursor' })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('role changes', () => {
  beforeEach(async () => {
    await addUser('u1', { collegeId: 'c1', yearGroup: 'Y1' });
  });
  const roleOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0];

  it('promoting needs both a college and a year group of that college', async () => {
    for (const body of [{}, { collegeId: 'c1' }, { yearGroup: 'Y1' }, { collegeId: ' ', yearGroup: 'Y1' }]) {
      await expect(service.setRole(sa, 'u1', { newRole: 'admin', ...body })).rejects.toMatchObject({
        statusCode: 400,
        message: MSG.promoteNeedsScope,
      });
    }
    await expect(
      service.setRole(sa, 'u1', { newRole: 'admin', collegeId: 'c2', yearGroup: 'Y2' }),
    ).rejects.toMatchObject({ message: MSG.yearGroupNotInCollege });
    await expect(
      service.setRole(sa, 'u1', { newRole: 'admin', collegeId: 'nope', yearGroup: 'Y1' }),
    ).rejects.toMatchObject({ message: MSG.collegeNotFound });
    expect(await roleOf('u1')).toMatchObject({ role: 'user', adminCollegeId: null });
    expect(notified).toEqual([]);
  });

  it('promotes, updates scope, demotes (clearing scope) and makes superadmin', async () => {
    const promoted = await service.setRole(sa, 'u1', { newRole: 'admin', collegeId: 'c1', yearGroup: 'Y2' });
    expect(promoted).toMatchObject({
      role: 'admin',
      adminCollegeId: 'c1',
      adminCollegeName: 'College One',
      adminYearGroup: 'Y2',
    });
    await service.setRole(sa, 'u1', { newRole: 'admin', collegeId: 'c2', yearGroup: 'Y1' });
    expect(await roleOf('u1')).toMatchObject({ role: 'admin', adminCollegeId: 'c2', adminYearGroup: 'Y1' });
    await service.setRole(sa, 'u1', { newRole: 'user', collegeId: 'c2', yearGroup: 'Y1' });
    expect(await roleOf('u1')).toMatchObject({
      role: 'user',
      adminCollegeId: null,
      adminYearGroup: null,
      collegeId: 'c1',
      yearGroup: 'Y1',
    });
    await service.setRole(sa, 'adm', { newRole: 'superadmin' });
    expect(await roleOf('adm')).toMatchObject({
      role: 'superadmin',
      adminCollegeId: null,
      adminYearGroup: null,
    });
    expect(notified).toEqual(['u1', 'u1', 'u1', 'adm']);
  });

  it('the last superadmin cannot step down; with another one they can', async () => {
    await expect(service.setRole(sa, 'sa', { newRole: 'user' })).rejects.toMatchObject({
      statusCode: 409,
      message: MSG.lastSuperadmin,
    });
    expect((await roleOf('sa'))?.role).toBe('superadmin');
    await service.setRole(sa, 'u1', { newRole: 'superadmin' });
    await service.setRole(sa, 'sa', { newRole: 'user' });
    expect((await roleOf('sa'))?.role).toBe('user');
  });

  it('two superadmins demoting each other at once never leave none', async () => {
    await service.setRole(sa, 'u1', { newRole: 'superadmin' });
    const u1: Actor = { ...base, id: 'u1', role: 'superadmin' };
    const results = await Promise.allSettled([
      service.setRole(sa, 'u1', { newRole: 'user' }),
      service.setRole(u1, 'sa', { newRole: 'user' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await t.db.select().from(user).where(eq(user.role, 'superadmin'))).toHaveLength(1);
  });

  it('only a superadmin changes roles; unknown users are 404', async () => {
    await expect(
      service.setRole(adm, 'u1', { newRole: 'admin', collegeId: 'c1', yearGroup: 'Y1' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.setRole(student, 'u1', { newRole: 'superadmin' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(service.setRole(sa, 'ghost', { newRole: 'user' })).rejects.toMatchObject({
      statusCode: 404,
      message: MSG.userNotFound,
    });
  });
});

describe('deleting users', () => {
  beforeEach(async () => {
    await addUser('u1', { email: 'Mixed.Case@test.dev' });
  });

  it('needs the email typed exactly; a wrong confirmation changes nothing', async () => {
    for (const confirmEmail of ['mixed.case@test.dev', 'Mixed.Case@test.dev ', '']) {
      await expect(service.remove(sa, 'u1', { confirmEmail })).rejects.toMatchObject({
        statusCode: 400,
        message: MSG.confirmationMismatch,
      });
    }
    expect(await t.db.select().from(user).where(eq(user.id, 'u1'))).toHaveLength(1);
    await service.remove(sa, 'u1', { confirmEmail: 'Mixed.Case@test.dev' });
    expect(await t.db.select().from(user).where(eq(user.id, 'u1'))).toHaveLength(0);
    expect(notified).toEqual(['u1']);
  });

  it('cannot delete yourself; only a superadmin deletes', async () => {
    await expect(service.remove(sa, 'sa', { confirmEmail: 'sa@test.dev' })).rejects.toMatchObject({
      statusCode: 400,
      message: MSG.cannotDeleteSelf,
    });
    await expect(service.remove(adm, 'u1', { confirmEmail: 'Mixed.Case@test.dev' })).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(service.remove(sa, 'ghost', { confirmEmail: 'x' })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await t.db.select().from(user)).toHaveLength(3);
  });
});
