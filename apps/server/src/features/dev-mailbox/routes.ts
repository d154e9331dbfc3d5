// The dev outbox (ARCHITECTURE §6): GET /api/dev/mailbox (JSON, newest first) and GET /dev/mailbox
// (a plain HTML page). Only when config.devMailbox (no SMTP, never in production) and only to loopback
// clients: the outbox holds password-reset links. Otherwise 404.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailSchema } from '@zan/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { isLoopbackRequest } from '../../platform/loopback.ts';
import { renderMailbox } from './page.ts';

export const devMailboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const enabled = ctx.config.devMailbox && ctx.config.env !== 'production' && !ctx.config.smtpUrl;
    const guard = async (request: FastifyRequest) => {
      if (!enabled || !isLoopbackRequest(request)) throw notFound();
    };

    app.get(
      '/api/dev/mailbox',
      {
        schema: { tags: ['dev'], response: { 200: z.array(devMailSchema) } },
        config: { access: 'public' },
        onRequest: guard,
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return ctx.mail.outbox();
      },
    );

    app.get(
      '/dev/mailbox',
      { schema: { hide: true }, config: { access: 'public' }, onRequest: guard },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return renderMailbox(await ctx.mail.outbox());
      },
    );
  };
