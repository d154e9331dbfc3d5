// Sign-in limits (issue 17): a lecture hall behind one address signs in; guessing one account's
// password is stopped with growing delays that say when to try again. The app runs with the production
// per-address budget of the other auth routes (10 a minute), which used to cover sign-in too: the 11th
// student of a class got 'Too many requests'. Issue 38: failures for made-up emails have their own
// per-address budget, typos on real accounts count only per account, and a correct password is never
// refused by an address (100 made-up emails blocked a lecture hall for 15 minutes).
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { account, rateLimit, user } from '../db/schema/index.ts';
import { createTestApp } from '../../test/harness.ts';
import { createUser } from '../../test/helpers.ts';
import { accountDelaySeconds, DEFAULT_SIGN_IN_LIMITS } from './sign-in-guard.ts';

const HALL = '203.0.113.50';

describe('sign-in limits', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      authRateLimit: { max: 10, windowSeconds: 60 },
      signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, addressFailures: 30 },
    });
  });
  afterAll(async () => t.close());

  const signIn = (email: string, password: string, ip = HALL) =>
    t.app.inject({
      method: 'POST',
      url: '/api/session/sign-in',
      remoteAddress: ip,
      payload: { email, password },
    });

  /** Moves every account's last attempt back in time, as if the caller had waited. */
  const waitOut = (seconds: number) =>
    t.db
      .update(rateLimit)
      .set({ lastRequest: sql`${rateLimit.lastRequest} - ${seconds * 1000}` })
      .where(like(rateLimit.key, 'zan:sign-in:account:%'));

  it('delays double after the free attempts, up to the cap', () => {
    const d = (n: number) => accountDelaySeconds(DEFAULT_SIGN_IN_LIMITS, n);
    expect([1, 2, 3, 4, 5].map(d)).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9].map(d)).toEqual([30, 60, 120, 240]);
    expect(d(12)).toBe(900);
    expect(d(10_000)).toBe(900);
  });

  it(
    '300 students behind one address all sign in, 120 of them after one typo',
    { timeout: 240_000 },
    async () => {
      // One password hash for the whole class (argon2 once, not 300 times).
      const first = await createUser(t.db, { email: 'student-0@hall.test', password: 'lecture-pass' });
      const [cred] = await t.db.select().from(account).where(eq(account.userId, first.id));
      const emails = ['student-0@hall.test'];
      const users = [];
      const accounts = [];
      for (let i = 1; i < 300; i++) {
        const id = crypto.randomUUID();
        const email = `student-${i}@hall.test`;
        emails.push(email);
        users.push({
          id,
          email,
          name: `Student ${i}`,
          emailVerified: true,
          firstName: 'Student',
          lastName: `${i}`,
          role: 'user' as const,
        });
        accounts.push({
          id: crypto.randomUUID(),
          accountId: id,
          providerId: 'credential',
          userId: id,
          password: cred!.password,
        });
      }
      await t.db.insert(user).values(users);
      await t.db.insert(account).values(accounts);

      // 120 students mistype once: typos on real accounts count per account, not against the address
      // (its budget here is 30).
      for (let i = 0; i < 120; i += 6) {
        const typos = await Promise.all(emails.slice(i, i + 6).map((e) => signIn(e, 'lecture-typo')));
        expect(typos.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
      }

      const statuses: number[] = [];
      for (let i = 0; i < emails.length; i += 6) {
        const batch = await Promise.all(emails.slice(i, i + 6).map((e) => signIn(e, 'lecture-pass')));
        statuses.push(...batch.map((r) => r.statusCode));
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(300);
      // Successes leave nothing behind per account.
      const left = await t.db.select().from(rateLimit).where(like(rateLimit.key, 'zan:sign-in:account:%'));
      expect(left).toHaveLength(0);
    },
  );

  it('stops a brute force on one account, from any address, and says when to try again', async () => {
    const victim = await createUser(t.db, { email: 'victim@hall.test', password: 'correct-horse' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await signIn(victim.email, `guess-${i}`, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const limited = await signIn(' Victim@Hall.test', 'correct-horse', '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(20);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(limited.json().error).toEqual({ code: 'SIGN_IN_LIMITED', message: MSG.signInLimited(retryAfter) });
    expect(MSG.signInLimited(30)).toBe('Too many sign-in attempts. Please try again in 30 seconds.');

    // After the wait one more attempt is allowed; the next wait doubles.
    await waitOut(31);
    expect((await signIn(victim.email, 'guess-again', '198.51.100.1')).statusCode).toBe(401);
    const longer = await signIn(victim.email, 'guess-more', '198.51.100.2');
    expect(longer.statusCode).toBe(429);
    expect(longer.json().error.message).toBe('Too many sign-in attempts. Please try again in 1 minute.');

    // The owner, once the wait is over, signs in; that clears the count.
    await waitOut(61);
    expect((await signIn(victim.email, 'correct-horse', '198.51.100.3')).statusCode).toBe(200);
    expect((await signIn(victim.email, 'wrong-once', '198.51.100.3')).statusCode).toBe(401);
  });

  it('parallel guesses cannot slip past the count', async () => {
    const target = await createUser(t.db, { email: 'parallel@hall.test', password: 'correct-horse' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(target.email, `burst-${i}`, `192.0.2.${i + 1}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('made-up emails from an address are stopped past their budget; a correct password still signs in', async () => {
    const app = await createTestApp({
      signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, addressFailures: 4, addressWindowSeconds: 600 },
    });
    try {
      const known = await createUser(app.db, { email: 'known@hall.test', password: 'correct-horse' });
      const other = await createUser(app.db, { email: 'other@hall.test', password: 'correct-horse' });
      const attempt = (email: string, password: string, ip: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/session/sign-in',
          remoteAddress: ip,
          payload: { email, password },
        });
      // Successes and a real account's typos never count against the address.
      for (let i = 0; i < 6; i++)
        expect((await attempt(known.email, 'correct-horse', '10.8.0.1')).statusCode).toBe(200);
      for (let i = 0; i < 4; i++)
        expect((await attempt(other.email, 'typo', '10.8.0.1')).statusCode).toBe(401);
      for (let i = 0; i < 4; i++)
        expect((await attempt(`nobody-${i}@hall.test`, 'x-guess', '10.8.0.1')).statusCode).toBe(401);
      const stopped = await attempt('nobody-4@hall.test', 'x-guess', '10.8.0.1');
      expect(stopped.statusCode).toBe(429);
      expect(stopped.json().error).toEqual({
        code: 'SIGN_IN_LIMITED',
        message: 'Too many sign-in attempts. Please try again in 10 minutes.',
      });
      // A real account's wrong password answers the same: the refusal does not tell which emails exist.
      const wrong = await attempt(known.email, 'x-guess', '10.8.0.1');
      expect(wrong.statusCode).toBe(429);
      expect(wrong.json().error).toEqual(stopped.json().error);
      // The right password is never refused by the address.
      expect((await attempt(known.email, 'correct-horse', '10.8.0.1')).statusCode).toBe(200);
      expect((await attempt('nobody-5@hall.test', 'x-guess', '10.8.0.2')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('after more than 100 made-up emails from an address, a student there signs in', async () => {
    const app = await createTestApp({ signInLimits: DEFAULT_SIGN_IN_LIMITS });
    try {
      const student = await createUser(app.db, { email: 'late@hall.test', password: 'correct-horse' });
      const attempt = (email: string, password: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/session/sign-in',
          remoteAddress: '10.9.0.1',
          payload: { email, password },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 110; i += 10) {
        const batch = Array.from({ length: 10 }, (_, j) => attempt(`made-up-${i + j}@hall.test`, 'guess'));
        statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_SIGN_IN_LIMITS.addressFailures);
      expect(statuses.filter((s) => s === 429)).toHaveLength(110 - DEFAULT_SIGN_IN_LIMITS.addressFailures);
      expect((await attempt(student.email, 'correct-horse')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
