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
  type TopicContentResponse,
} from '@zan/core';
import type { AppContext } from '../../context.ts';
import { requireVerified } from '../../plugins/access.ts';
import { negotiateEncoding } from '../../platform/wire-compress.ts';
import { syncService } from './service.ts';

const tags = ['sync'];
const verified = { access: 'verified' } as const;

export const syncRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = syncService({ db: ctx.db });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/sync/content',
      {
        schema: { tags, querystring: contentPullQuerySchema, response: { 200: contentPullResponseSchema } },
        config: verified,
      },
      async (request) => service.pullContent(requireVerified(request), request.query),
    );

    app.get(
      '/api/sync/topics/:topicId',
      {
        schema: {
          tags,
          params: z.strictObject({ topicId: idSchema }),
          response: { 200: topicContentResponseSchema },
        },
        config: verified,
        compress: false, // compressed by the service, which keeps the bytes (topic-cache.ts)
      },
      // Sent as the bytes the service assembles, so the response schema documents them but does not
      // re-serialise them.
      async (request, reply) => {
        const { body, encoding } = await service.topicContentWire(
          requireVerified(request),
          request.params.topicId,
          negotiateEncoding(request.headers['accept-encoding']),
        );
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(body as unknown as TopicContentResponse); // already the schema's JSON
      },
    );

    app.post(
      '/api/sync/topics/versions',
      {
        schema: { tags, body: topicVersionsBodySchema, response: { 200: topicVersionsResponseSchema } },
        config: verified,
      },
      async (request) => service.topicVersions(requireVerified(request), request.body.topicIds),
    );

    app.get(
      '/api/sync/announcements',
      {
        schema: {
          tags,
          querystring: announcementsPullQuerySchema,
          response: { 200: announcementsPullResponseSchema },
        },
        config: verified,
      },
      async (request) => service.pullAnnouncements(requireVerified(request), request.query),
    );
  };
