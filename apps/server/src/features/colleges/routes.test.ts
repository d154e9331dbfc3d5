// /api/colleges over HTTP with real sessions: access levels, strict bodies, the spec's messages.
import { MSG } from '@zan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let superCookie: string;
let adminCookie: string;
let studentCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const c = await createCollege(t.db, { name: 'Scope College', years: ['Y1'] });
  superCookie = (await signedInUser(t.app, t.db, { role: 'superadmin' })).cookie;
  adminCookie = (
    await signedInUser(t.app, t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' })
  ).cookie;
  studentCookie = (await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: 'Y1' })).cookie;
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const message = (res: { json: () => unknown }) =>
  (res.json() as { error: { message: string } }).error.message;

describe('colleges API', () => {
  it('lists colleges publicly, sorted by name', async () => {
    await createCollege(t.db, { name: 'aardvark college', years: [] });
    const res = await call('GET', '/api/colleges');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { colleges: { name: string }[] }).colleges.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names[0]).toBe('aardvark college');
  });

  it('only a superadmin writes', async () => {
    expect((await call('POST', '/api/colleges', undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await call('POST', '/api/colleges', studentCookie, { name: 'X' })).statusCode).toBe(403);
    expect((await call('POST', '/api/colleges', adminCookie, { name: 'X' })).statusCode).toBe(403);
    const c = await createCollege(t.db);
    expect((await call('PATCH', `/api/colleges/${c.id}`, adminCookie, { name: 'X' })).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/colleges/${c.id}`, adminCookie, { confirmName: c.name })).statusCode,
    ).toBe(403);
  });

  it('validates with the spec messages and rejects unknown fields', async () => {
    const empty = await call('POST', '/api/colleges', superCookie, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(message(empty)).toBe(MSG.collegeNameEmpty);
    const emptyYear = await call('POST', '/api/colleges', superCookie, { name: 'Ok', years: ['Y1', ' '] });
    expect(emptyYear.statusCode).toBe(400);
    expect(message(emptyYear)).toBe(MSG.yearGroupEmpty);
    expect((await call('POST', '/api/colleges', superCookie, { name: 'Ok', extra: true })).statusCode).toBe(
      400,
    );
    const c = await createCollege(t.db);
    const rename = await call('PATCH', `/api/colleges/${c.id}`, superCookie, { name: '' });
    expect(message(rename)).toBe(MSG.collegeNameEmpty);
    expect((await call('DELETE', `/api/colleges/${c.id}`, superCookie, {})).statusCode).toBe(400);
  });

  it('adds, renames, sets year groups and deletes with the exact name', async () => {
    const created = await call('POST', '/api/colleges', superCookie, {
      name: ' Alexandria ',
      years: ['Y2', 'Y1', 'Y1'],
    });
    expect(created.statusCode).toBe(201);
    const { college } = created.json() as { college: { id: string; name: string; years: string[] } };
    expect(college).toMatchObject({ name: 'Alexandria', years: ['Y2', 'Y1'] });

    const renamed = await call('PATCH', `/api/colleges/${college.id}`, superCookie, {
      name: 'Alexandria Medicine',
      years: ['Y1', 'Y3'],
    });
    expect(renamed.json()).toEqual({
      college: { id: college.id, name: 'Alexandria Medicine', years: ['Y1', 'Y3'] },
    });

    const wrong = await call('DELETE', `/api/colleges/${college.id}`, superCookie, {
      confirmName: 'Alexandria medicine',
    });
    expect(wrong.statusCode).toBe(400);
    expect(message(wrong)).toBe(MSG.confirmationMismatch);
    const still = (await call('GET', '/api/colleges')).json() as { colleges: { id: string }[] };
    expect(still.colleges.some((c) => c.id === college.id)).toBe(true);

    const ok = await call('DELETE', `/api/colleges/${college.id}`, superCookie, {
      confirmName: 'Alexandria Medicine',
    });
    expect(ok.json()).toEqual({ ok: true });
    expect((await call('PATCH', `/api/colleges/${college.id}`, superCookie, { name: 'Z' })).statusCode).toBe(
      404,
    );
  });

  it('is documented in OpenAPI with its tag', async () => {
    const doc = (await call('GET', '/api/docs/json')).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/api/colleges']?.get?.tags).toEqual(['colleges']);
    expect(doc.paths['/api/colleges/{id}']?.delete?.tags).toEqual(['colleges']);
  });
});
