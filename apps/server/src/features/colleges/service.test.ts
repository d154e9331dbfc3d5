// College rules against the real database: validation, year-group changes, delete confirmation, and
// what deleting a college or removing a year group does to its users and content.
import { createCollegeBodySchema, MSG, updateCollegeBodySchema, type Actor } from '@zan/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcement, college, module, user } from '../../db/schema/index.ts';
import { stampAnnouncements } from '../../domain/clock-repository.ts';
import { withAnnouncementWrite, withContentWrite } from '../../domain/content-write.ts';
import { createTestApp } from '../../../test/harness.ts';
import { collegesService, type CollegesService } from './service.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;
let service: CollegesService;
let notified: string[][] = [];
const superadmin: Actor = {
  id: 'sa',
  role: 'superadmin',
  emailVerified: true,
  collegeId: null,
  yearGroup: null,
  adminCollegeId: null,
  adminYearGroup: null,
};
const admin: Actor = { ...superadmin, id: 'ad', role: 'admin', adminCollegeId: 'x', adminYearGroup: 'y' };

const addUser = (id: string, values: Partial<typeof user.$inferInsert> = {}) =>
  t.db.insert(user).values({ id, name: id, email: `${id}@test.dev`, emailVerified: true, ...values });

beforeAll(async () => {
  t = await createTestApp();
  service = collegesService({ db: t.db, notifyProfile: async (ids) => void notified.push(ids) });
});
afterAll(async () => t.close());
beforeEach(async () => {
  notified = [];
  // Colleges cascade to their content: a content write (both clocks), like every other.
  await withContentWrite({ db: t.db, events: null }, async ({ tx }) => {
    await stampAnnouncements(tx);
    await tx.delete(user);
    await tx.delete(college);
  });
});

describe('colleges service', () => {
  it('lists colleges sorted by name', async () => {
    await service.create(superadmin, { name: 'zeta', years: [] });
    await service.create(superadmin, { name: 'Alpha', years: ['Y2', 'Y1'] });
    await service.create(superadmin, { name: 'beta' });
    const list = await service.list();
    expect(list.map((c) => c.name)).toEqual(['Alpha', 'beta', 'zeta']);
    expect(list[0]?.years).toEqual(['Y2', 'Y1']);
  });

  it('rejects an empty name with the spec message, in the schema and in the service', async () => {
    const parsed = createCollegeBodySchema.safeParse({ name: '   ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MSG.collegeNameEmpty);
    expect(updateCollegeBodySchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe(
      MSG.collegeNameEmpty,
    );
    await expect(service.create(superadmin, { name: ' ' })).rejects.toMatchObject({
      statusCode: 400,
      message: MSG.collegeNameEmpty,
    });
    expect(await service.list()).toEqual([]);
  });

  it('rejects empty year groups and drops duplicates after trimming', async () => {
    expect(createCollegeBodySchema.safeParse({ name: 'A', years: [' '] }).error?.issues[0]?.message).toBe(
      MSG.yearGroupEmpty,
    );
    const c = await service.create(superadmin, { name: 'A', years: [' Y1 ', 'Y1', 'Y2'] });
    expect(c.years).toEqual(['Y1', 'Y2']);
    const u = await service.update(superadmin, c.id, { years: ['Y1', 'Y2', 'Y2', ' Y3'] });
    expect(u.years).toEqual(['Y1', 'Y2', 'Y3']);
  });

  it('only a superadmin manages colleges', async () => {
    await expect(service.create(admin, { name: 'A' })).rejects.toMatchObject({ statusCode: 403 });
    await expect(service.create(null, { name: 'A' })).rejects.toMatchObject({ statusCode: 403 });
    expect(await service.list()).toEqual([]);
  });

  it('renames, refusing a name another college has', async () => {
    const a = await service.create(superadmin, { name: 'A' });
    await service.create(superadmin, { name: 'B' });
    expect((await service.update(superadmin, a.id, { name: ' A2 ' })).name).toBe('A2');
    await expect(service.update(superadmin, a.id, { name: 'b' })).rejects.toMatchObject({
      statusCode: 409,
      message: MSG.collegeNameTaken,
    });
    await expect(service.create(superadmin, { name: 'a2' })).rejects.toMatchObject({ statusCode: 409 });
    await expect(service.update(superadmin, 'nope', { name: 'X' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses removing a year group still used by a student, an admin or content', async () => {
    const c = await service.create(superadmin, { name: 'A', years: ['Y1', 'Y2', 'Y3', 'Y4'] });
    await addUser('s1', { collegeId: c.id, yearGroup: 'Y1' });
    await addUser('a1', { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y2' });
    await withContentWrite({ db: t.db, events: null }, ({ tx }) =>
      tx.insert(module).values({ name: 'M', stage: 1, collegeId: c.id, yearGroup: 'Y3', createdBy: 'a1' }),
    );
    for (const [year, users, items] of [
      ['Y1', 1, 0],
      ['Y2', 1, 0],
      ['Y3', 0, 1],
    ] as const) {
      await expect(
        service.update(superadmin, c.id, {
          name: 'Renamed',
          years: ['Y1', 'Y2', 'Y3', 'Y4'].filter((y) => y !== year),
        }),
      ).rejects.toMatchObject({
        statusCode: 409,
        message: MSG.yearGroupInUse(year, users, items),
      });
    }
    const [row] = await t.db.select().from(college).where(eq(college.id, c.id));
    expect(row).toMatchObject({ name: 'A', years: ['Y1', 'Y2', 'Y3', 'Y4'] });
    expect((await service.update(superadmin, c.id, { years: ['Y1', 'Y2', 'Y3'] })).years).toEqual([
      'Y1',
      'Y2',
      'Y3',
    ]);
  });

  it('deletes only with the exact name typed; a wrong confirmation changes nothing', async () => {
    const c = await service.create(superadmin, { name: 'Kasr Al Ainy', years: ['Y1'] });
    for (const confirmName of ['kasr al ainy', 'Kasr Al Ainy ', '']) {
      await expect(service.remove(superadmin, c.id, { confirmName })).rejects.toMatchObject({
        statusCode: 400,
        message: MSG.confirmationMismatch,
      });
    }
    expect(await service.list()).toHaveLength(1);
    await service.remove(superadmin, c.id, { confirmName: 'Kasr Al Ainy' });
    expect(await service.list()).toHaveLength(0);
    await expect(service.remove(superadmin, c.id, { confirmName: 'Kasr Al Ainy' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('deleting a college clears its students and admins scope and tells them', async () => {
    const c = await service.create(superadmin, { name: 'A', years: ['Y1'] });
    const other = await service.create(superadmin, { name: 'B', years: ['Y1'] });
    await addUser('s1', { collegeId: c.id, yearGroup: 'Y1' });
    await addUser('a1', {
      role: 'admin',
      adminCollegeId: c.id,
      adminYearGroup: 'Y1',
      collegeId: other.id,
      yearGroup: 'Y1',
    });
    await addUser('s2', { collegeId: other.id, yearGroup: 'Y1' });
    await service.remove(superadmin, c.id, { confirmName: 'A' });
    const rows = await t.db.select().from(user).orderBy(user.id);
    expect(
      rows.map((r) => [r.id, r.role, r.collegeId, r.yearGroup, r.adminCollegeId, r.adminYearGroup]),
    ).toEqual([
      ['a1', 'admin', other.id, 'Y1', null, null],
      ['s1', 'user', null, null, null, null],
      ['s2', 'user', other.id, 'Y1', null, null],
    ]);
    expect(notified.flat().sort()).toEqual(['a1', 's1']);
  });

  it('refuses deleting a college that still has content', async () => {
    const c = await service.create(superadmin, { name: 'A', years: ['Y1'] });
    await addUser('s1', { collegeId: c.id, yearGroup: 'Y1' });
    await withAnnouncementWrite({ db: t.db, events: null }, ({ tx }) =>
      tx.insert(announcement).values({
        title: 'N',
        type: 'General',
        date: new Date(),
        expiresAt: new Date(),
        collegeId: c.id,
        yearGroup: 'Y1',
        createdBy: 's1',
      }),
    );
    await expect(service.remove(superadmin, c.id, { confirmName: 'A' })).rejects.toMatchObject({
      statusCode: 409,
      message: MSG.collegeHasContent(0, 1),
    });
    const [s1] = await t.db.select().from(user).where(eq(user.id, 's1'));
    expect(s1?.collegeId).toBe(c.id);
    expect(notified).toEqual([]);
  });
});
