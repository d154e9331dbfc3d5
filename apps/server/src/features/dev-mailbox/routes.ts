// The dev outbox (ARCHITECTURE §6): GET /api/dev/mailbox (JSON, newest first) and GET /dev/mailbox
// (a plain HTML page). Only when config.devMailbox (never in production); otherwise 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailSchema } from '@zan/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { renderMailbox } from './page.ts';

export const devMailboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const enabled = ctx.config.devMailbox && ctx.config.env !== 'production';
    const guard = async () => {
      if (!enabled) throw notFound();
    };

    app.get(
      '/api/dev/mailbox',
      { schema: { tags: ['dev'], response: { 200: z.array(devMailSchema) } }, config: { access: 'public' }, onRequest: guard },
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
