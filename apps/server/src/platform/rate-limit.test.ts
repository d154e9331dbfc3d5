import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { rateLimit } from '../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';

/** A sign-up the server refuses after its rate limit (no such college: 400). */
const signUpBody = (email: string) => ({
  email,
  password: 'password-123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  collegeId: 'no-such-college',
  yearGroup: 'Year 1',
});

describe('auth rate limits', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: { max: 3, windowSeconds: 60 } });
  });
  afterAll(async () => t.close());

  it('limits sign-up per client IP with 429 and Retry-After, counted in the database', async () => {
    const attempt = (ip: string, email = 'x@test.zan') =>
      t.app.inject({
        method: 'POST',
        url: '/api/session/sign-up',
        remoteAddress: ip,
        payload: signUpBody(email),
      });
    for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(400);
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: MSG.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected; X-Forwarded-For is ignored without TRUST_PROXY.
    expect((await attempt('10.0.0.2', 'y@test.zan')).statusCode).toBe(400);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/session/sign-up',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '10.9.9.9' },
      payload: signUpBody('x@test.zan'),
    });
    expect(spoofed.statusCode).toBe(429);
    const rows = await t.db.select().from(rateLimit).where(like(rateLimit.key, 'zan:sign-up:%'));
    expect(rows.map((r) => r.key).sort()).toEqual(['zan:sign-up:10.0.0.1', 'zan:sign-up:10.0.0.2']);
  });

  it('limits password-reset mails per account whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session/forgot-password',
        remoteAddress: `10.4.0.${i + 1}`,
        payload: { email: 'inbox@test.zan' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it("applies better-auth's own limiter (database storage) to the verification link", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/verify-email?token=x',
            remoteAddress: '10.0.0.7',
          })
        ).statusCode,
      );
    }
    expect(statuses).toContain(429);
    const rows = await t.db.select().from(rateLimit).where(like(rateLimit.key, '%10.0.0.7%'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('takes the client IP from the hop the proxy saw, not the one the client wrote (TRUST_PROXY=1)', async () => {
    const behindProxy = await createTestApp({
      authRateLimit: { max: 3, windowSeconds: 60 },
      trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await behindProxy.app.inject({
          method: 'POST',
          url: '/api/session/sign-up',
          remoteAddress: '10.0.0.254', // the proxy
          // The client writes any left part; the proxy appends the address it saw.
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.9` },
          payload: signUpBody(`rotating-${i}@test.zan`),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
      const rows = await behindProxy.db.select().from(rateLimit).where(like(rateLimit.key, 'zan:sign-up:%'));
      expect(rows.map((r) => r.key)).toEqual(['zan:sign-up:203.0.113.9']);
    } finally {
      await behindProxy.close();
    }
  });

  it('parses TRUST_PROXY as a hop count or proxy addresses, never "trust every hop"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.254, 10.0.1.0/24' }).trustProxy).toEqual([
      '10.0.0.254',
      '10.0.1.0/24',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('is on by default and relaxed under NODE_ENV=test or E2E=1', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' }).authRateLimit.max).toBe(10);
    expect(loadConfig({}).authRateLimit.max).toBe(10);
    expect(loadConfig({ E2E: '1' }).authRateLimit.max).toBe(1000);
    expect(loadConfig({ NODE_ENV: 'test' }).authRateLimit.max).toBe(1000);
    expect(loadConfig({ AUTH_RATE_LIMIT_MAX: '50', E2E: '1' }).authRateLimit.max).toBe(50);
  });
});
