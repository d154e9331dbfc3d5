import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { rateLimit } from '../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';

describe('auth rate limits', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: { max: 3, windowSeconds: 60 } });
  });
  afterAll(async () => t.close());

  it('limits sign-in per client IP with 429 and Retry-After, counted in the database', async () => {
    const attempt = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/session/sign-in', remoteAddress: ip, payload: { email: 'x@test.zan', password: 'nope-nope' } });
    for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
    const limited = await attempt('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: 'RATE_LIMITED', message: MSG.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected; X-Forwarded-For is ignored without TRUST_PROXY.
    expect((await attempt('10.0.0.2')).statusCode).toBe(401);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/session/sign-in',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '10.9.9.9' },
      payload: { email: 'x@test.zan', password: 'nope-nope' },
    });
    expect(spoofed.statusCode).toBe(429);
    const rows = await t.db.select().from(rateLimit).where(like(rateLimit.key, 'zan:sign-in:%'));
    expect(rows.map((r) => r.key).sort()).toEqual(['zan:sign-in:10.0.0.1', 'zan:sign-in:10.0.0.2']);
  });

  it("applies better-auth's own limiter (database storage) to the verification link", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=x', remoteAddress: '10.0.0.7' })).statusCode);
    }
    expect(statuses).toContain(429);
    const rows = await t.db.select().from(rateLimit).where(like(rateLimit.key, '%10.0.0.7%'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('is on by default and relaxed under NODE_ENV=test or E2E=1', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' }).authRateLimit.max).toBe(10);
    expect(loadConfig({}).authRateLimit.max).toBe(10);
    expect(loadConfig({ E2E: '1' }).authRateLimit.max).toBe(1000);
    expect(loadConfig({ NODE_ENV: 'test' }).authRateLimit.max).toBe(1000);
    expect(loadConfig({ AUTH_RATE_LIMIT_MAX: '50', E2E: '1' }).authRateLimit.max).toBe(50);
  });
});
