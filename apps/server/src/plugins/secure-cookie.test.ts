// Issue 17: in production the session cookie is always Secure — also behind a TLS-terminating proxy
// that forwards plain http to this server (PUBLIC_URL is the proxy's https address).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { createUser } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';

describe('session cookie in production', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const prod = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://zan.example.edu',
      DATA_DIR: '/tmp/zan-x',
    });
    t = await createTestApp({
      env: 'production',
      publicUrl: prod.publicUrl,
      trustedOrigins: prod.trustedOrigins,
    });
  });
  afterAll(async () => t.close());

  it('is Secure (and __Secure- prefixed) on a plain-http request from the proxy', async () => {
    const u = await createUser(t.db, {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session/sign-in',
      headers: { host: 'zan.example.edu', origin: 'https://zan.example.edu' },
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.includes('zan.session_token='));
    expect(session).toMatch(/^__Secure-zan\.session_token=/);
    expect(session).toMatch(/; Secure(;|$)/);
  });
});
