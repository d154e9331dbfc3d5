// Session rules (SPEC §4, §5, §8): sign-up with a valid college scope, sign-in with generic errors,
// one active session per user, sign-out, verification resend, password reset. better-auth does the
// credential work; every better-auth error is mapped here to the spec's message.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isAPIError } from 'better-auth/api';
import {
  capitalizeName,
  MSG,
  type SessionResponse,
  type SessionStatus,
  type SignInBody,
  type SignUpBody,
} from '@zan/core';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../errors.ts';
import type { RequestActor } from '../../plugins/access.ts';
import { signInGuard } from '../../platform/sign-in-guard.ts';
import { sessionRepository } from './repository.ts';

/** What a route sends: the body and the Set-Cookie values to add. */
export type WithCookies<T> = { body: T; cookies: string[] };

const apiCode = (e: unknown): string | undefined =>
  isAPIError(e) ? (e.body as { code?: string } | undefined)?.code : undefined;

export function sessionService(ctx: AppContext, log: FastifyBaseLogger) {
  const repo = sessionRepository(ctx.db);
  const guard = signInGuard(ctx.db, ctx.config.signInLimits);
  const { auth } = ctx.authKit;
  const background = new Set<Promise<unknown>>();

  /** Runs mail work after the response so timing never reveals whether an account exists. */
  const inBackground = (what: string, work: () => Promise<unknown>) => {
    const p = work()
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => background.delete(p));
    background.add(p);
  };

  /** The new session becomes the only one: others are replaced and their live streams told. */
  async function startSession(
    token: string | null | undefined,
  ): Promise<{ userId: string; sessionId: string }> {
    const found = token ? await repo.sessionByToken(token) : null;
    if (!found) throw new AppError(500, 'SESSION_NOT_STARTED', MSG.sessionNotStarted);
    const { replaced } = await repo.activateSession(found.userId, found.id);
    if (replaced.length) await ctx.events.sessionReplaced(found.userId, found.id);
    return { userId: found.userId, sessionId: found.id };
  }

  async function sessionResponse(userId: string, sessionId: string): Promise<SessionResponse> {
    const profile = await repo.profile(userId);
    if (!profile) throw unauthorized(MSG.profileNotFound);
    return { profile, sessionId };
  }

  return {
    async signUp(body: SignUpBody, request: FastifyRequest): Promise<WithCookies<SessionResponse>> {
      const college = await repo.findCollege(body.collegeId);
      if (!college || !college.years.includes(body.yearGroup))
        throw badRequest(MSG.selectCollegeAndYear, 'INVALID_SCOPE');
      if (await repo.userIdByEmail(body.email)) throw conflict(MSG.emailExists, 'EMAIL_EXISTS');
      const firstName = capitalizeName(body.firstName.trim());
      const lastName = capitalizeName(body.lastName.trim());
      let result;
      try {
        result = await auth.api.signUpEmail({
          body: {
            email: body.email,
            password: body.password,
            name: `${firstName} ${lastName}`,
            firstName,
            lastName,
            collegeId: college.id,
            yearGroup: body.yearGroup,
            rememberMe: true,
          },
          headers: ctx.authKit.headersFor(request),
          returnHeaders: true,
        });
      } catch (e) {
        const code = apiCode(e);
        if (
          code === 'USER_ALREADY_EXISTS' ||
          code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' ||
          (await repo.userIdByEmail(body.email))
        ) {
          throw conflict(MSG.emailExists, 'EMAIL_EXISTS');
        }
        if (code === 'PASSWORD_TOO_SHORT') throw badRequest(MSG.passwordTooShort, 'VALIDATION');
        if (code === 'INVALID_EMAIL') throw badRequest(MSG.invalidEmail, 'VALIDATION');
        throw e;
      }
      const { userId, sessionId } = await startSession(result.response.token);
      try {
        await ctx.authKit.sendVerification({ id: userId, email: body.email, firstName });
      } catch (err) {
        // The account exists and is signed in; the verify screen offers 'Resend Email'.
        log.error({ err }, 'sign-up verification email failed');
      }
      return { body: await sessionResponse(userId, sessionId), cookies: result.headers.getSetCookie() };
    },

    async signIn(body: SignInBody, request: FastifyRequest): Promise<WithCookies<SessionResponse>> {
      const verdict = await guard.reserve(body.email);
      if (!verdict.allowed)
        throw tooManyRequests(MSG.signInLimited(verdict.retryAfter), verdict.retryAfter, 'SIGN_IN_LIMITED');
      let result;
      try {
        result = await auth.api.signInEmail({
          body: { email: body.email, password: body.password, rememberMe: true },
          headers: ctx.authKit.headersFor(request),
          returnHeaders: true,
        });
      } catch (e) {
        if (isAPIError(e) && e.statusCode >= 400 && e.statusCode < 500) {
          const address = await guard.failed(body.email, request.ip);
          if (!address.allowed)
            throw tooManyRequests(
              MSG.signInLimited(address.retryAfter),
              address.retryAfter,
              'SIGN_IN_LIMITED',
            );
          throw unauthorized(MSG.invalidCredentials, 'INVALID_CREDENTIALS');
        }
        throw e;
      }
      await guard.succeeded(body.email);
      const { userId, sessionId } = await startSession(result.response.token);
      return { body: await sessionResponse(userId, sessionId), cookies: result.headers.getSetCookie() };
    },

    /** Ends the caller's session if there is one; always clears the cookies. */
    async signOut(actor: RequestActor | null): Promise<WithCookies<{ ok: true }>> {
      if (actor) {
        for (const ended of await repo.endSessions({ sessionId: actor.sessionId })) {
          await ctx.events.sessionsEnded(ended.userId, ended.ids);
        }
      }
      return { body: { ok: true }, cookies: ctx.authKit.clearCookies() };
    },

    me: (actor: RequestActor): Promise<SessionResponse> => sessionResponse(actor.id, actor.sessionId),

    status: async (sessionId: string): Promise<SessionStatus> => ({
      state: await repo.sessionState(sessionId),
    }),

    async resendVerification(actor: RequestActor): Promise<{ ok: true }> {
      const profile = await repo.profile(actor.id);
      if (!profile) throw unauthorized(MSG.profileNotFound);
      if (profile.emailVerified) return { ok: true };
      try {
        await ctx.authKit.sendVerification({
          id: profile.uid,
          email: profile.email,
          firstName: profile.firstName,
        });
      } catch (err) {
        log.error({ err }, 'verification resend failed');
        throw new AppError(503, 'MAIL_FAILED', MSG.verificationResendFailed);
      }
      return { ok: true };
    },

    forgotPassword(email: string, request: FastifyRequest): { ok: true } {
      const headers = ctx.authKit.headersFor(request);
      inBackground('password reset request', () =>
        auth.api.requestPasswordReset({ body: { email }, headers }),
      );
      return { ok: true };
    },

    async resetPassword(token: string, newPassword: string): Promise<{ ok: true }> {
      const userId = await repo.userIdForResetToken(token);
      if (!userId) throw badRequest(MSG.resetTokenInvalid, 'INVALID_TOKEN');
      try {
        await auth.api.resetPassword({ body: { token, newPassword } });
      } catch (e) {
        if (isAPIError(e) && e.statusCode < 500) {
          if (apiCode(e) === 'PASSWORD_TOO_SHORT') throw badRequest(MSG.passwordTooShort, 'VALIDATION');
          throw badRequest(MSG.resetTokenInvalid, 'INVALID_TOKEN');
        }
        throw e;
      }
      // The reset link proved the mailbox is theirs; every device signs in again with the new password,
      // and the user's other reset links (still within their hour) stop working.
      await repo.deleteResetTokens(userId);
      await repo.markEmailVerified(userId);
      for (const ended of await repo.endSessions({ userId }))
        await ctx.events.sessionsEnded(ended.userId, ended.ids);
      await ctx.events.publish(userId, 'profile', { userId });
      return { ok: true };
    },

    /** Waits for background mail work (graceful shutdown, tests). */
    drain: async () => {
      await Promise.allSettled([...background]);
    },
  };
}
