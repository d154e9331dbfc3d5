// /api/sync: content pull, topic content and versions, announcements (contracts in @zan/core
// schemas/sync.ts). The progress upload, scheduler settings and question statistics under /api/sync are
// features/progress, features/scheduler and features/qbank.
// Every route is for verified users of any role.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementsPullQuerySchema,
  announcementsPullResponseSchema,
  contentPullQuerySchema,
  contentPullResponseSchema,
  idSchema,
  topicContentResponseSchema,
  topicVersionsBodySchema,
  topicVersionsResponseSchema,
} from '@zan/core';
import type { AppContext } from '../../context.ts';
import { rawReply, routeTable } from '../../plugins/route-table.ts';
import { negotiateEncoding } from '../../platform/wire-compress.ts';
import { syncService } from './service.ts';

export const syncRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = syncService({ db: ctx.db });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    const add = routeTable(app, ['sync']);
    const verified = 'verified';

    add({
      method: 'GET',
      url: '/api/sync/content',
      access: verified,
      querystring: contentPullQuerySchema,
      response: contentPullResponseSchema,
      call: (a, r) => service.pullContent(a, r.query),
    });
    // Sent as the bytes the service assembles, so the response schema documents them but does not
    // re-serialise them.
    add({
      method: 'GET',
      url: '/api/sync/topics/:topicId',
      access: verified,
      params: z.strictObject({ topicId: idSchema }),
      response: topicContentResponseSchema,
      compress: false, // compressed by the service, which keeps the bytes (topic-cache.ts)
      reply: 'raw',
      call: async (a, r) => {
        const { body, encoding } = await service.topicContentWire(
          a,
          r.params.topicId,
          negotiateEncoding(r.http.headers['accept-encoding']),
        );
        return rawReply(body, {
          'content-type': 'application/json; charset=utf-8',
          vary: 'accept-encoding',
          ...(encoding && { 'content-encoding': encoding }),
        });
      },
    });
    add({
      method: 'POST',
      url: '/api/sync/topics/versions',
      access: verified,
      body: topicVersionsBodySchema,
      response: topicVersionsResponseSchema,
      call: (a, r) => service.topicVersions(a, r.body.topicIds),
    });
    add({
      method: 'GET',
      url: '/api/sync/announcements',
      access: verified,
      querystring: announcementsPullQuerySchema,
      response: announcementsPullResponseSchema,
      call: (a, r) => service.pullAnnouncements(a, r.query),
    });
  };
