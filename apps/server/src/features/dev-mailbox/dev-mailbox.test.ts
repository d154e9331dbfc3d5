import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { createUser } from '../../../test/helpers.ts';

// The outbox lists password-reset links: only this machine may read it (issue 10, item 1).
describe('dev outbox exposure', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    const u = await createUser(t.db);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/session/forgot-password',
          payload: { email: u.email },
        })
      ).statusCode,
    ).toBe(200);
  });
  afterAll(async () => t.close());

  const get = (url: string, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url, ...opts });

  it('answers loopback clients (IPv4, IPv6, mapped)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await get('/api/dev/mailbox', { remoteAddress })).statusCode, remoteAddress).toBe(200);
      expect((await get('/dev/mailbox', { remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('is a 404 for any other address, and for relayed requests', async () => {
    for (const remoteAddress of ['10.1.2.3', '192.168.1.20', 'fe80::1', '::ffff:10.1.2.3']) {
      for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
        const res = await get(url, { remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toContain('reset-password');
      }
    }
    // A reverse proxy on this machine: the socket is loopback, the visitor is not.
    expect((await get('/api/dev/mailbox', { headers: { 'x-forwarded-for': '10.1.2.3' } })).statusCode).toBe(
      404,
    );
    expect((await get('/api/dev/mailbox', { headers: { forwarded: 'for=10.1.2.3' } })).statusCode).toBe(404);
  });

  it('is off when SMTP is configured or in production, even for loopback', async () => {
    for (const over of [{ smtpUrl: 'smtp://127.0.0.1:9' }, { env: 'production' as const }]) {
      const other = await createTestApp(over);
      try {
        expect((await other.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
        expect((await other.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      } finally {
        await other.close();
      }
    }
  });
});
