// /api/session: Zan's account endpoints over better-auth (contracts in @zan/core schemas/session.ts).
import type { FastifyReply } from 'fastify';
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
import { requireActor, resolveActor } from '../../plugins/access.ts';
import { accountRateLimitHook, rateLimitHook, type RateRule } from '../../platform/rate-limit.ts';
import { sessionService, type WithCookies } from './service.ts';

const tags = ['session'];

function send<T>(reply: FastifyReply, result: WithCookies<T>, status = 200): T {
  if (result.cookies.length) void reply.header('set-cookie', result.cookies);
  void reply.header('cache-control', 'no-store');
  void reply.status(status);
  return result.body;
}

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

    app.post(
      '/api/session/sign-up',
      {
        schema: { tags, body: signUpBodySchema, response: { 201: sessionResponseSchema } },
        config: { access: 'public' },
        onRequest: limit('sign-up'),
      },
      async (request, reply) => send(reply, await service.signUp(request.body, request), 201),
    );

    app.post(
      '/api/session/sign-in',
      {
        schema: { tags, body: signInBodySchema, response: { 200: sessionResponseSchema } },
        // Limited inside the service: per account (growing delays) and failures per address.
        config: { access: 'public' },
      },
      async (request, reply) => send(reply, await service.signIn(request.body, request)),
    );

    app.post(
      '/api/session/sign-out',
      { schema: { tags, response: { 200: okSchema } }, config: { access: 'public' } },
      async (request, reply) => send(reply, await service.signOut(await resolveActor(request, ctx.authKit))),
    );

    app.get(
      '/api/session/me',
      { schema: { tags, response: { 200: sessionResponseSchema } }, config: { access: 'signedIn' } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.me(requireActor(request));
      },
    );

    app.get(
      '/api/session/status/:sessionId',
      {
        schema: {
          tags,
          params: sessionStatusParamsSchema,
          response: { 200: sessionStatusSchema },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.status(request.params.sessionId);
      },
    );

    app.post(
      '/api/session/resend-verification',
      {
        schema: { tags, response: { 200: okSchema } },
        config: { access: 'signedIn' },
        onRequest: limit('resend-verification', mailRule),
      },
      async (request) => service.resendVerification(requireActor(request)),
    );

    app.post(
      '/api/session/forgot-password',
      {
        schema: { tags, body: forgotPasswordBodySchema, response: { 200: okSchema } },
        config: { access: 'public' },
        onRequest: limit('forgot-password', mailRule),
        preHandler: perAccount('forgot-password', mailRule),
      },
      async (request) => service.forgotPassword(request.body.email, request),
    );

    app.post(
      '/api/session/reset-password',
      {
        schema: { tags, body: resetPasswordBodySchema, response: { 200: okSchema } },
        config: { access: 'public' },
        onRequest: limit('reset-password'),
      },
      async (request) => service.resetPassword(request.body.token, request.body.newPassword),
    );
  };
