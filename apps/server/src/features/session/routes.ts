// /api/session: Zan's account endpoints over better-auth (contracts in @zan/core schemas/session.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBodySchema,
  okSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  sessionStatusParamsSchema,
  sessionStatusSchema,
  signInBodySchema,
  signUpBodySchema,
} from '@zan/core';
import type { AppContext } from '../../context.ts';
import { resolveActor } from '../../plugins/access.ts';
import { routeTable, withHeaders } from '../../plugins/route-table.ts';
import { accountRateLimitHook, rateLimitHook, type RateRule } from '../../platform/rate-limit.ts';
import { sessionService, type WithCookies } from './service.ts';

export const sessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = sessionService(ctx, app.log);
    app.addHook('onClose', async () => service.drain());
    const rule: RateRule = ctx.config.authRateLimit;
    // Mail-sending endpoints get a third of the budget (at least 3 per window).
    const mailRule: RateRule = { ...rule, max: Math.max(3, Math.ceil(rule.max / 3)) };
    const limit = (name: string, r: RateRule = rule) => rateLimitHook(ctx.db, name, r);
    /** The same budget per account (the validated, lower-cased email), next to the per-address one. */
    const perAccount = (name: string, r: RateRule = rule) =>
      accountRateLimitHook(
        ctx.db,
        name,
        r,
        (request) => (request.body as { email?: string } | undefined)?.email ?? null,
      );

    const add = routeTable(app, ['session']);
    const noStore = { 'cache-control': 'no-store' };
    /** The account's answer with its cookies (a session set or cleared), never cached. */
    const withCookies = <T>(result: WithCookies<T>) =>
      withHeaders(result.body, {
        ...(result.cookies.length && { 'set-cookie': result.cookies }),
        ...noStore,
      });

    add({
      method: 'POST',
      url: '/api/session/sign-up',
      access: 'public',
      body: signUpBodySchema,
      response: sessionResponseSchema,
      status: 201,
      onRequest: limit('sign-up'),
      call: async (_, r) => withCookies(await service.signUp(r.body, r.http)),
    });
    // Limited inside the service: per account (growing delays) and failures per address.
    add({
      method: 'POST',
      url: '/api/session/sign-in',
      access: 'public',
      body: signInBodySchema,
      response: sessionResponseSchema,
      call: async (_, r) => withCookies(await service.signIn(r.body, r.http)),
    });
    add({
      method: 'POST',
      url: '/api/session/sign-out',
      access: 'public',
      response: okSchema,
      call: async (_, r) => withCookies(await service.signOut(await resolveActor(r.http, ctx.authKit))),
    });
    add({
      method: 'GET',
      url: '/api/session/me',
      access: 'signedIn',
      response: sessionResponseSchema,
      headers: noStore,
      call: (actor) => service.me(actor),
    });
    add({
      method: 'GET',
      url: '/api/session/status/:sessionId',
      access: 'public',
      params: sessionStatusParamsSchema,
      response: sessionStatusSchema,
      headers: noStore,
      call: (_, r) => service.status(r.params.sessionId),
    });
    add({
      method: 'POST',
      url: '/api/session/resend-verification',
      access: 'signedIn',
      response: okSchema,
      onRequest: limit('resend-verification', mailRule),
      call: (actor) => service.resendVerification(actor),
    });
    add({
      method: 'POST',
      url: '/api/session/forgot-password',
      access: 'public',
      body: forgotPasswordBodySchema,
      response: okSchema,
      onRequest: limit('forgot-password', mailRule),
      preHandler: perAccount('forgot-password', mailRule),
      call: async (_, r) => service.forgotPassword(r.body.email, r.http),
    });
    add({
      method: 'POST',
      url: '/api/session/reset-password',
      access: 'public',
      body: resetPasswordBodySchema,
      response: okSchema,
      onRequest: limit('reset-password'),
      call: (_, r) => service.resetPassword(r.body.token, r.body.newPassword),
    });
  };
