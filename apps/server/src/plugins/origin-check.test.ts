import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { createCollege, createUser, signedInUser } from '../../test/helpers.ts';

// Issue 10, item 2: every state-changing request from a foreign origin is refused, whatever its path.
describe('Origin check', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  let targetId: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signedInUser(t.app, t.db, { role: 'superadmin' })).cookie;
    const college = await createCollege(t.db, { years: ['Y1'] });
    targetId = (await createUser(t.db, { collegeId: college.id, yearGroup: 'Y1' })).id;
  });
  afterAll(async () => t.close());

  const evil = 'https://evil.example';
  const roleOf = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } }))
      .json()
      .users.find((u: { uid: string }) => u.uid === targetId)?.role;

  it('refuses percent-encoded and odd spellings of /api paths', async () => {
    for (const url of [
      `/%61pi/users/${targetId}/role`,
      `/%2561pi/users/${targetId}/role`,
      `//api/users/${targetId}/role`,
      `/API/users/${targetId}/role`,
      `/api/users/${targetId}/role`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, origin: evil },
        payload: { newRole: 'superadmin' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe('BAD_ORIGIN');
    }
    expect(await roleOf()).toBe('user');
  });

  it('refuses every non-safe method on any path, multipart bodies included', async () => {
    const boundary = '----zan';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="newRole"\r\n\r\nsuperadmin\r\n--${boundary}--\r\n`;
    const cases = [
      {
        method: 'POST',
        url: `/api/users/${targetId}/role`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: multipart,
      },
      { method: 'DELETE', url: `/api/users/${targetId}`, headers: {}, payload: undefined },
      { method: 'PUT', url: '/anything', headers: {}, payload: undefined },
      { method: 'PATCH', url: '/dev/mailbox', headers: {}, payload: undefined },
      { method: 'POST', url: '/', headers: {}, payload: undefined },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        headers: { ...c.headers, cookie, origin: evil },
        ...(c.payload ? { payload: c.payload } : {}),
      });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(403);
    }
    // A cross-site browser request that hides its Origin is refused too (Sec-Fetch-Site).
    const hidden = await t.app.inject({
      method: 'POST',
      url: `/api/users/${targetId}/role`,
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { newRole: 'superadmin' },
    });
    expect(hidden.statusCode).toBe(403);
    expect(await roleOf()).toBe('user');
  });

  it('lets the app itself and tools without a browser through', async () => {
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/session/forgot-password',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'x@test.zan' },
    });
    expect(same.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/session/forgot-password',
          payload: { email: 'x@test.zan' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/colleges', headers: { origin: evil } })).statusCode,
    ).toBe(200);
  });

  it('trusts only the configured origins, not Origin == http://<Host> (issue 17)', async () => {
    // A DNS-rebinding page: its Origin matches the Host it sends, neither is this server's.
    const rebound = await t.app.inject({
      method: 'POST',
      url: '/api/session/forgot-password',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: 'x@test.zan' },
    });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().error.code).toBe('BAD_ORIGIN');
  });

  it('answers only its own host names (DNS rebinding), health aside (issue 17)', async () => {
    for (const host of ['evil.example', 'evil.example:80', 'localhost.evil.example', 'localhost:3000']) {
      const me = await t.app.inject({ method: 'GET', url: '/api/session/me', headers: { host } });
      expect(me.statusCode, host).toBe(421);
      expect(me.json().error.code, host).toBe('BAD_HOST');
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/session/sign-in',
        headers: { host, origin: `http://${host}` },
        payload: { email: 'x@test.zan', password: 'password-123' },
      });
      expect(signIn.statusCode, host).toBe(421);
    }
    // Loopback names at the public URL's port are this server; so is any host for the health check.
    for (const host of ['localhost', 'LOCALHOST:80', '127.0.0.1', '[::1]:80'])
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/colleges', headers: { host } })).statusCode,
        host,
      ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.5:3000' } }))
        .statusCode,
    ).toBe(200);
  });
});
