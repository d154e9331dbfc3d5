import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { session, user } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import {
  cookieHeader,
  createCollege,
  createUser,
  outbox,
  pathOf,
  signIn,
  waitForMail,
  type TestCollege,
} from '../../../test/helpers.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;

describe('/api/session', () => {
  let t: T;
  let college: TestCollege;
  const year = 'First Year, 2025-2026';
  const signUpBody = (over: Record<string, unknown> = {}) => ({
    email: `new.${Math.random().toString(36).slice(2)}@test.zan`,
    password: 'secret-pw',
    firstName: 'aMINA',
    lastName: "o'brien",
    collegeId: college.id,
    yearGroup: year,
    ...over,
  });
  const userCount = async () => (await t.db.select({ id: user.id }).from(user)).length;

  beforeAll(async () => {
    t = await createTestApp();
    college = await createCollege(t.db, { name: 'Test College', years: [year, 'Second Year, 2025-2026'] });
  });
  afterAll(async () => t.close());

  describe('sign-up', () => {
    it('rejects bad input with the spec messages and creates no user', async () => {
      const before = await userCount();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ email: 'not-an-email' }, 400, MSG.invalidEmail],
        [{ password: '12345' }, 400, MSG.passwordTooShort],
        [{ collegeId: '' }, 400, MSG.selectCollegeAndYear],
        [{ yearGroup: '' }, 400, MSG.selectCollegeAndYear],
        [{ collegeId: 'no-such-college' }, 400, MSG.selectCollegeAndYear],
        [{ yearGroup: 'Third Year, 2025-2026' }, 400, MSG.selectCollegeAndYear],
      ];
      for (const [over, status, message] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/session/sign-up',
          payload: signUpBody(over),
        });
        expect(res.statusCode, JSON.stringify(over)).toBe(status);
        expect(res.json().error.message, JSON.stringify(over)).toBe(message);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      expect(await userCount()).toBe(before);
    });

    it('creates the user, signs them in, sends the verification mail; the link verifies', async () => {
      const body = signUpBody({ email: '  Mixed.Case@Test.ZAN ' });
      const res = await t.app.inject({ method: 'POST', url: '/api/session/sign-up', payload: body });
      expect(res.statusCode).toBe(201);
      const data = res.json();
      expect(data.profile).toMatchObject({
        email: 'mixed.case@test.zan',
        emailVerified: false,
        firstName: 'Amina',
        lastName: "O'brien",
        displayName: "Amina O'brien",
        collegeId: college.id,
        collegeName: 'Test College',
        yearGroup: year,
        role: 'user',
        adminCollegeId: null,
        adminCollegeName: null,
        activeSessionId: data.sessionId,
      });
      const cookie = cookieHeader(res);
      expect(cookie).toMatch(/^zan\.session_token=/);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/i);

      const me = await t.app.inject({ method: 'GET', url: '/api/session/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().profile.emailVerified).toBe(false);

      // Unverified: signedIn routes work, verified ones answer 403 EMAIL_NOT_VERIFIED.
      const gated = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
      expect(gated.statusCode).toBe(403);
      expect(gated.json().error.code).toBe('EMAIL_NOT_VERIFIED');

      const mail = await waitForMail(t.app, 'mixed.case@test.zan', /verify/i);
      expect(mail.text).toContain('Hi Amina,');
      expect(mail.html).toContain('Verify email');
      const link = mail.links.find((l) => l.includes('/api/auth/verify-email'));
      expect(link).toBeDefined();
      expect(new URL(link!).searchParams.get('callbackURL')).toBe(`${t.config.publicUrl}/dashboard`);

      const verify = await t.app.inject({ method: 'GET', url: pathOf(link!) });
      expect(verify.statusCode).toBe(302);
      expect(verify.headers.location).toBe(`${t.config.publicUrl}/dashboard`);

      const after = await t.app.inject({ method: 'GET', url: '/api/session/me', headers: { cookie } });
      expect(after.json().profile.emailVerified).toBe(true);

      // A forged token does not verify and lands back in the app with an error.
      const bad = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=forged' });
      expect(bad.statusCode).toBe(302);
      expect(bad.headers.location).toContain('error=');
    });

    it('answers 409 for an existing email, whatever its case', async () => {
      const existing = await createUser(t.db, { email: 'taken@test.zan' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session/sign-up',
        payload: signUpBody({ email: 'TAKEN@test.zan' }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'EMAIL_EXISTS', message: MSG.emailExists });
      expect(existing.email).toBe('taken@test.zan');
    });

    it('rejects unknown fields', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session/sign-up',
        payload: signUpBody({ role: 'superadmin' }),
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('sign-in', () => {
    it('gives the same 401 message for a wrong password and an unknown email', async () => {
      const u = await createUser(t.db);
      for (const payload of [
        { email: u.email, password: 'wrong-password' },
        { email: 'nobody@test.zan', password: 'whatever-1' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/session/sign-in', payload });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.message).toBe(MSG.invalidCredentials);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/session/sign-in',
        payload: { email: u.email.toUpperCase(), password: u.password },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('keeps one active session: the older one answers 401 SESSION_REPLACED and status replaced', async () => {
      const u = await createUser(t.db, { collegeId: college.id, yearGroup: year });
      const first = await signIn(t.app, u.email, u.password);
      const second = await signIn(t.app, u.email, u.password);
      expect(second.sessionId).not.toBe(first.sessionId);

      const old = await t.app.inject({
        method: 'GET',
        url: '/api/session/me',
        headers: { cookie: first.cookie },
      });
      expect(old.statusCode).toBe(401);
      expect(old.json().error).toEqual({ code: 'SESSION_REPLACED', message: MSG.signedInElsewhere });
      // Still replaced on the next call (the row is kept, not deleted).
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/session/me',
        headers: { cookie: first.cookie },
      });
      expect(again.json().error.code).toBe('SESSION_REPLACED');

      const status = await t.app.inject({ method: 'GET', url: `/api/session/status/${first.sessionId}` });
      expect(status.json()).toEqual({ state: 'replaced' });
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/session/status/${second.sessionId}` })).json(),
      ).toEqual({ state: 'active' });
      expect((await t.app.inject({ method: 'GET', url: '/api/session/status/nope' })).json()).toEqual({
        state: 'unknown',
      });

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/session/me',
        headers: { cookie: second.cookie },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().profile.activeSessionId).toBe(second.sessionId);

      const [row] = await t.db.select().from(session).where(eq(session.id, first.sessionId));
      expect(row?.revokedReason).toBe('replaced');
      expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('lets two simultaneous sign-ins end with exactly one active session', async () => {
      const u = await createUser(t.db);
      const both = await Promise.all([
        signIn(t.app, u.email, u.password),
        signIn(t.app, u.email, u.password),
      ]);
      const states = await Promise.all(
        both.map(
          async (s) =>
            (await t.app.inject({ method: 'GET', url: `/api/session/status/${s.sessionId}` })).json().state,
        ),
      );
      expect(states.filter((s) => s === 'active')).toHaveLength(1);
    });
  });

  describe('sign-out and /me', () => {
    it('ends the session, clears the cookie; the old cookie is 401 UNAUTHORIZED', async () => {
      const u = await createUser(t.db);
      const s = await signIn(t.app, u.email, u.password);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/session/sign-out',
        headers: { cookie: s.cookie },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      expect(String(out.headers['set-cookie'])).toMatch(/zan\.session_token=;.*Max-Age=0/);
      const me = await t.app.inject({ method: 'GET', url: '/api/session/me', headers: { cookie: s.cookie } });
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('UNAUTHORIZED');
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/session/status/${s.sessionId}` })).json(),
      ).toEqual({ state: 'ended' });
      // Signing out without a session still succeeds.
      expect((await t.app.inject({ method: 'POST', url: '/api/session/sign-out' })).statusCode).toBe(200);
    });

    it('answers 401 without a cookie and for a tampered cookie', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/session/me' })).json().error.code).toBe(
        'UNAUTHORIZED',
      );
      const u = await createUser(t.db);
      const s = await signIn(t.app, u.email, u.password);
      const tampered = s.cookie.replace(/=(.)/, (_m, c: string) => `=${c === 'a' ? 'b' : 'a'}`);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/session/me',
        headers: { cookie: tampered },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('verification resend', () => {
    it('sends a new link to an unverified user; 401 when signed out', async () => {
      const u = await createUser(t.db, { verified: false });
      const s = await signIn(t.app, u.email, u.password);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session/resend-verification',
        headers: { cookie: s.cookie },
      });
      expect(res.statusCode).toBe(200);
      const mail = await waitForMail(t.app, u.email, /verify/i);
      expect(mail.links.some((l) => l.includes('/api/auth/verify-email?token='))).toBe(true);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/session/resend-verification' })).statusCode,
      ).toBe(401);
    });

    it("answers 'Failed to send new email…' when the mail cannot be sent", async () => {
      const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', devMailbox: false });
      try {
        const u = await createUser(broken.db, { verified: false });
        const s = await signIn(broken.app, u.email, u.password);
        const res = await broken.app.inject({
          method: 'POST',
          url: '/api/session/resend-verification',
          headers: { cookie: s.cookie },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toEqual({ code: 'MAIL_FAILED', message: MSG.verificationResendFailed });
        // The dev mailbox is off: 404.
        expect((await broken.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
        expect((await broken.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      } finally {
        await broken.close();
      }
    });
  });

  describe('forgot and reset password', () => {
    it('answers ok for unknown emails and sends nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session/forgot-password',
        payload: { email: 'ghost@test.zan' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/session/forgot-password',
        payload: { email: '' },
      });
      expect(empty.json().error.message).toBe(MSG.forgotNeedsEmail);
    });

    it('using one reset link invalidates the other links of that user (not of others)', async () => {
      const u = await createUser(t.db);
      const other = await createUser(t.db);
      const tokens: string[] = [];
      const linkToken = (l: string | undefined) => new URL(l!).searchParams.get('token')!;
      for (const email of [u.email, u.email, other.email]) {
        const before = (await outbox(t.app)).filter((m) => m.to === email).length;
        await t.app.inject({ method: 'POST', url: '/api/session/forgot-password', payload: { email } });
        for (let i = 0; i < 100 && (await outbox(t.app)).filter((m) => m.to === email).length === before; i++)
          await new Promise((r) => setTimeout(r, 50));
        const mail = (await outbox(t.app)).find((m) => m.to === email)!;
        tokens.push(linkToken(mail.links.find((l) => l.includes('/reset-password?token='))));
      }
      const [first, second, othersToken] = tokens as [string, string, string];
      expect(first).not.toBe(second);
      const reset = (token: string, newPassword: string) =>
        t.app.inject({ method: 'POST', url: '/api/session/reset-password', payload: { token, newPassword } });
      expect((await reset(second, 'brand-new-pw-2')).statusCode).toBe(200);
      const stale = await reset(first, 'attacker-pw-1');
      expect(stale.statusCode).toBe(400);
      expect(stale.json().error).toEqual({ code: 'INVALID_TOKEN', message: MSG.resetTokenInvalid });
      await signIn(t.app, u.email, 'brand-new-pw-2');
      expect((await reset(othersToken, 'others-new-pw')).statusCode).toBe(200);
    });

    it('resets through the mailed link; the old password stops working and sessions end', async () => {
      const u = await createUser(t.db, { verified: false });
      const s = await signIn(t.app, u.email, u.password);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/session/forgot-password',
        payload: { email: u.email },
      });
      expect(res.json()).toEqual({ ok: true });
      const mail = await waitForMail(t.app, u.email, /reset/i);
      const link = mail.links.find((l) => l.startsWith(`${t.config.publicUrl}/reset-password?token=`));
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get('token')!;

      const short = await t.app.inject({
        method: 'POST',
        url: '/api/session/reset-password',
        payload: { token, newPassword: '123' },
      });
      expect(short.json().error.message).toBe(MSG.passwordTooShort);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/session/reset-password',
        payload: { token: 'nope', newPassword: 'brand-new-pw' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('INVALID_TOKEN');

      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/session/reset-password',
        payload: { token, newPassword: 'brand-new-pw' },
      });
      expect(ok.statusCode).toBe(200);
      // Works once.
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/session/reset-password',
        payload: { token, newPassword: 'another-pw-1' },
      });
      expect(reuse.statusCode).toBe(400);

      const old = await t.app.inject({
        method: 'POST',
        url: '/api/session/sign-in',
        payload: { email: u.email, password: u.password },
      });
      expect(old.statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/session/me', headers: { cookie: s.cookie } }))
          .statusCode,
      ).toBe(401);
      const fresh = await signIn(t.app, u.email, 'brand-new-pw');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/session/me',
        headers: { cookie: fresh.cookie },
      });
      expect(me.json().profile.emailVerified).toBe(true);
    });
  });

  describe('dev mailbox', () => {
    it('lists messages newest first with links, as JSON and as an escaped HTML page', async () => {
      await createUser(t.db, { email: 'mailbox@test.zan', firstName: '<b>Eve</b>' });
      await t.app.inject({
        method: 'POST',
        url: '/api/session/forgot-password',
        payload: { email: 'mailbox@test.zan' },
      });
      await waitForMail(t.app, 'mailbox@test.zan', /reset/i);
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Record<string, unknown>[];
      expect(list.length).toBeGreaterThan(1);
      expect(Object.keys(list[0]!).sort()).toEqual([
        'createdAt',
        'html',
        'id',
        'links',
        'subject',
        'text',
        'to',
      ]);
      expect(list[0]!.to).toBe('mailbox@test.zan');
      const times = list.map((m) => Date.parse(m.createdAt as string));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(list[0]!.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');

      const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Reset your Zan password');
      expect(page.body).toMatch(/<a href="http:\/\/localhost\/reset-password\?token=/);
      expect(page.body).not.toContain('<script');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    });
  });
});
