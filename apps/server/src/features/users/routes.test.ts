// /api/users over HTTP with real sessions: scoped, paged listing; role changes and deletion rules.
import { ADMIN_PAGE_SIZE, MSG, type UserListResponse } from '@zan/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signedInUser, type TestCollege } from '../../../test/helpers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let c1: TestCollege;
let c2: TestCollege;
let sa: Awaited<ReturnType<typeof signedInUser>>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let otherAdmin: Awaited<ReturnType<typeof signedInUser>>;
let student: Awaited<ReturnType<typeof signedInUser>>;
const Y1 = 'Year 1, 2025-2026';
const Y2 = 'Year 2, 2025-2026';

beforeAll(async () => {
  t = await createTestApp();
  c1 = await createCollege(t.db, { name: 'Cairo' });
  c2 = await createCollege(t.db, { name: 'Alexandria' });
  sa = await signedInUser(t.app, t.db, { role: 'superadmin', email: 'boss@test.zan' });
  admin = await signedInUser(t.app, t.db, { role: 'admin', adminCollegeId: c1.id, adminYearGroup: Y1 });
  otherAdmin = await signedInUser(t.app, t.db, { role: 'admin', adminCollegeId: c1.id, adminYearGroup: Y2 });
  student = await signedInUser(t.app, t.db, { collegeId: c1.id, yearGroup: Y1, email: 'a-student@test.zan' });
  for (let i = 0; i < 19; i++) {
    await createUser(t.db, {
      email: `s${String(i).padStart(2, '0')}@test.zan`,
      firstName: i === 7 ? 'Mona' : 'Test',
      collegeId: c1.id,
      yearGroup: Y1,
    });
  }
  await createUser(t.db, { email: 'y2-student@test.zan', collegeId: c1.id, yearGroup: Y2 });
  await createUser(t.db, { email: 'alex-student@test.zan', collegeId: c2.id, yearGroup: Y1 });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const message = (res: { json: () => unknown }) =>
  (res.json() as { error: { message: string } }).error.message;
const list = async (cookie: string, query: string) => {
  const res = await call('GET', `/api/users?${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as UserListResponse;
};
async function everyPage(cookie: string, query: string) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: UserListResponse = await list(
      cookie,
      `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(page.users.map((u) => u.email));
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

describe('GET /api/users', () => {
  it('an admin sees only students of their own college and year group, 15 per page by email', async () => {
    const pages = await everyPage(admin.cookie, 'role=user');
    expect(pages.map((p) => p.length)).toEqual([ADMIN_PAGE_SIZE, 20 - ADMIN_PAGE_SIZE]);
    const emails = pages.flat();
    expect(emails).toContain('a-student@test.zan');
    expect(emails).not.toContain('y2-student@test.zan');
    expect(emails).not.toContain('alex-student@test.zan');
    expect(emails).toEqual([...emails].sort());
    expect((await list(admin.cookie, 'role=admin')).users).toEqual([]);
    // The other year group's admin sees only their own student.
    expect((await everyPage(otherAdmin.cookie, 'role=user')).flat()).toEqual(['y2-student@test.zan']);
  });

  it('searches by email or name', async () => {
    expect((await list(admin.cookie, 'role=user&search=MONA')).users.map((u) => u.email)).toEqual([
      's07@test.zan',
    ]);
    expect((await list(admin.cookie, 'search=s1')).users).toHaveLength(9);
    expect((await list(admin.cookie, 'search=alex')).users).toEqual([]);
    expect((await list(sa.cookie, 'search=alex')).users.map((u) => u.email)).toEqual([
      'alex-student@test.zan',
    ]);
    expect((await list(admin.cookie, 'search=%25')).users).toEqual([]);
  });

  it('a superadmin pages each group separately', async () => {
    expect((await list(sa.cookie, 'role=superadmin')).users.map((u) => u.email)).toEqual(['boss@test.zan']);
    expect((await list(sa.cookie, 'role=admin')).users).toHaveLength(2);
    expect((await everyPage(sa.cookie, 'role=user')).flat()).toHaveLength(22);
  });

  it('is closed to students and anonymous callers and rejects unknown query fields', async () => {
    expect((await call('GET', '/api/users')).statusCode).toBe(401);
    expect((await call('GET', '/api/users', student.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/users?foo=1', sa.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/users?role=king', sa.cookie)).statusCode).toBe(400);
  });
});

describe('POST /api/users/:id/role', () => {
  it('needs both a college and a year group of that college to promote', async () => {
    const u = await createUser(t.db, { collegeId: c2.id, yearGroup: Y1 });
    const missing = await call('POST', `/api/users/${u.id}/role`, sa.cookie, {
      newRole: 'admin',
      collegeId: c2.id,
    });
    expect(missing.statusCode).toBe(400);
    expect(message(missing)).toBe(MSG.promoteNeedsScope);
    const wrongYear = await call('POST', `/api/users/${u.id}/role`, sa.cookie, {
      newRole: 'admin',
      collegeId: c2.id,
      yearGroup: 'Nope',
    });
    expect(message(wrongYear)).toBe(MSG.yearGroupNotInCollege);
    expect(
      (await call('POST', `/api/users/${u.id}/role`, sa.cookie, { newRole: 'admin', x: 1 })).statusCode,
    ).toBe(400);
  });

  it('promotes, updates scope, demotes and makes superadmin; the new role applies at once', async () => {
    const u = await signedInUser(t.app, t.db, { collegeId: c2.id, yearGroup: Y1 });
    expect((await call('GET', '/api/users', u.cookie)).statusCode).toBe(403);
    const promoted = await call('POST', `/api/users/${u.id}/role`, sa.cookie, {
      newRole: 'admin',
      collegeId: c2.id,
      yearGroup: Y2,
    });
    expect(promoted.statusCode).toBe(200);
    expect((promoted.json() as { user: object }).user).toMatchObject({
      role: 'admin',
      adminCollegeId: c2.id,
      adminCollegeName: 'Alexandria',
      adminYearGroup: Y2,
    });
    expect((await call('GET', '/api/users', u.cookie)).statusCode).toBe(200);

    const moved = await call('POST', `/api/users/${u.id}/role`, sa.cookie, {
      newRole: 'admin',
      collegeId: c2.id,
      yearGroup: Y1,
    });
    const seen = (await list(u.cookie, 'role=user')).users;
    expect(seen.map((x) => x.email)).toContain('alex-student@test.zan');
    expect(seen.every((x) => x.collegeId === c2.id && x.yearGroup === Y1 && x.role === 'user')).toBe(true);
    expect((moved.json() as { user: object }).user).toMatchObject({ adminYearGroup: Y1 });

    const demoted = await call('POST', `/api/users/${u.id}/role`, sa.cookie, { newRole: 'user' });
    expect((demoted.json() as { user: object }).user).toMatchObject({
      role: 'user',
      adminCollegeId: null,
      adminYearGroup: null,
    });
    expect((await call('GET', '/api/users', u.cookie)).statusCode).toBe(403);

    const made = await call('POST', `/api/users/${u.id}/role`, sa.cookie, { newRole: 'superadmin' });
    expect((made.json() as { user: object }).user).toMatchObject({ role: 'superadmin' });
    expect(
      (await call('POST', '/api/colleges', u.cookie, { name: 'Made by new superadmin' })).statusCode,
    ).toBe(201);
    // Now there are two superadmins: the new one may step down.
    expect((await call('POST', `/api/users/${u.id}/role`, u.cookie, { newRole: 'user' })).statusCode).toBe(
      200,
    );
  });

  it('publishes a live profile event for the changed user', async () => {
    const u = await createUser(t.db, { collegeId: c1.id, yearGroup: Y1 });
    const listener = new pg.Client({ connectionString: t.pool.options.connectionString });
    await listener.connect();
    const seen: unknown[] = [];
    listener.on('notification', (n) => seen.push(JSON.parse(n.payload ?? 'null')));
    await listener.query('LISTEN zan_events');
    try {
      await call('POST', `/api/users/${u.id}/role`, sa.cookie, { newRole: 'superadmin' });
      await call('DELETE', `/api/users/${u.id}`, sa.cookie, { confirmEmail: u.email });
      await expect
        .poll(() => seen, { timeout: 3000 })
        .toEqual([
          { u: u.id, e: 'profile', d: { userId: u.id } },
          { u: u.id, e: 'profile', d: { userId: u.id } },
        ]);
    } finally {
      await listener.end();
    }
  });

  it('the last superadmin cannot demote themselves', async () => {
    const res = await call('POST', `/api/users/${sa.id}/role`, sa.cookie, {
      newRole: 'admin',
      collegeId: c1.id,
      yearGroup: Y1,
    });
    expect(res.statusCode).toBe(409);
    expect(message(res)).toBe(MSG.lastSuperadmin);
  });

  it('admins (of any scope) and students are forbidden', async () => {
    const target = await createUser(t.db, { collegeId: c1.id, yearGroup: Y1 });
    for (const cookie of [admin.cookie, otherAdmin.cookie, student.cookie]) {
      expect(
        (await call('POST', `/api/users/${target.id}/role`, cookie, { newRole: 'superadmin' })).statusCode,
      ).toBe(403);
    }
  });
});

describe('DELETE /api/users/:id', () => {
  it('needs the email typed exactly; a wrong confirmation changes nothing', async () => {
    const u = await signedInUser(t.app, t.db, { collegeId: c1.id, yearGroup: Y1 });
    const wrong = await call('DELETE', `/api/users/${u.id}`, sa.cookie, {
      confirmEmail: u.email.toUpperCase(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe(MSG.confirmationMismatch);
    expect((await call('GET', '/api/colleges', u.cookie)).statusCode).toBe(200);
    expect((await list(sa.cookie, `search=${encodeURIComponent(u.email)}`)).users).toHaveLength(1);

    expect((await call('DELETE', `/api/users/${u.id}`, sa.cookie, { confirmEmail: u.email })).json()).toEqual(
      { ok: true },
    );
    expect((await list(sa.cookie, `search=${encodeURIComponent(u.email)}`)).users).toHaveLength(0);
    expect(
      (await call('DELETE', `/api/users/${u.id}`, sa.cookie, { confirmEmail: u.email })).statusCode,
    ).toBe(404);
  });

  it('cannot delete yourself; admins and students are forbidden', async () => {
    const self = await call('DELETE', `/api/users/${sa.id}`, sa.cookie, { confirmEmail: sa.email });
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe(MSG.cannotDeleteSelf);
    expect(
      (await call('DELETE', `/api/users/${student.id}`, admin.cookie, { confirmEmail: student.email }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/users/${admin.id}`, student.cookie, { confirmEmail: admin.email }))
        .statusCode,
    ).toBe(403);
  });
});
