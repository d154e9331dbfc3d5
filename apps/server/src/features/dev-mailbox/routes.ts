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
import { rawReply, routeTable } from '../../plugins/route-table.ts';
import { renderMailbox } from './page.ts';

export const devMailboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const enabled = ctx.config.devMailbox && ctx.config.env !== 'production' && !ctx.config.smtpUrl;
    const guard = async (request: FastifyRequest) => {
      if (!enabled || !isLoopbackRequest(request)) throw notFound();
    };

    const add = routeTable(app, ['dev']);
    const noStore = { 'cache-control': 'no-store' };

    add({
      method: 'GET',
      url: '/api/dev/mailbox',
      access: 'public',
      response: z.array(devMailSchema),
      onRequest: guard,
      headers: noStore,
      call: async () => ctx.mail.outbox(),
    });
    add({
      method: 'GET',
      url: '/dev/mailbox',
      access: 'public',
      hide: true,
      onRequest: guard,
      headers: { ...noStore, 'content-type': 'text/html; charset=utf-8' },
      reply: 'raw',
      call: async () => rawReply(renderMailbox(await ctx.mail.outbox())),
    });
  };
