// /api/sync: content pull, topic content and versions, announcements, progress upload and pull
// (contracts in @zan/core schemas/sync.ts), the caller's scheduler settings (schemas/scheduler.ts),
// their true retention (schemas/retention.ts), the cards their other devices answered today and the peer
// figures of questions (schemas/qbank.ts).
// Every route is for verified users of any role.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementsPullQuerySchema,
  announcementsPullResponseSchema,
  contentPullQuerySchema,
  contentPullResponseSchema,
  dayTallyQuerySchema,
  dayTallyResponseSchema,
  idSchema,
  progressPullQuerySchema,
  progressPullResponseSchema,
  progressPushBodySchema,
  progressPushResponseSchema,
  questionStatsBodySchema,
  questionStatsResponseSchema,
  retentionQuerySchema,
  retentionResponseSchema,
  schedulerSettingsResponseSchema,
  optimizeStartBodySchema,
  optimizeStateResponseSchema,
  schedulerSettingsSchema,
  topicContentResponseSchema,
  topicVersionsBodySchema,
  topicVersionsResponseSchema,
  type Actor,
  type TopicContentResponse,
} from '@zan/core';
import type { AppContext } from '../../context.ts';
import { requireVerified } from '../../plugins/access.ts';
import { negotiateEncoding } from '../../platform/wire-compress.ts';
import { dayTallyService } from './day-tally-service.ts';
import { progressService, type ProgressNotifier } from './progress-service.ts';
import { questionStatsService } from './question-stats-service.ts';
import { optimizerService } from './optimizer-service.ts';
import { retentionService } from './retention-service.ts';
import { schedulerSettingsService } from './scheduler-settings-service.ts';
import { syncService } from './service.ts';

const tags = ['sync'];
const verified = { access: 'verified' } as const;

export const syncRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = syncService({ db: ctx.db });
    // The upload has committed: a lost event must not fail it (other devices also pull on their own).
    const notify: ProgressNotifier = (userId, data) =>
      ctx.events
        .publish(userId, 'progress', data)
        .catch((err: unknown) => app.log.warn({ err }, 'could not publish progress event'));
    const settings = schedulerSettingsService({ db: ctx.db, notify });
    const optimizer = optimizerService({ db: ctx.db, settings, log: app.log });
    const retention = retentionService({ db: ctx.db, settings });
    const dayTally = dayTallyService({ db: ctx.db });
    // Off the request path: the upload has answered when the optimizer's check runs.
    const afterReviews = (actor: Actor) =>
      void optimizer
        .autoStart(actor)
        .catch((err: unknown) => app.log.warn({ err }, 'could not check for an automatic optimizer run'));
    const progress = progressService({
      db: ctx.db,
      notify,
      limits: ctx.config.progressLimits,
      afterReviews,
    });
    const questionStats = questionStatsService({ db: ctx.db });
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

    app.post(
      '/api/sync/progress',
      {
        schema: { tags, body: progressPushBodySchema, response: { 200: progressPushResponseSchema } },
        config: verified,
      },
      async (request) => progress.push(requireVerified(request), request.body),
    );

    app.get(
      '/api/sync/progress',
      {
        schema: { tags, querystring: progressPullQuerySchema, response: { 200: progressPullResponseSchema } },
        config: verified,
      },
      async (request) => progress.pull(requireVerified(request), request.query),
    );

    app.get(
      '/api/sync/scheduler-settings',
      { schema: { tags, response: { 200: schedulerSettingsResponseSchema } }, config: verified },
      async (request) => settings.get(requireVerified(request)),
    );

    app.put(
      '/api/sync/scheduler-settings',
      {
        schema: { tags, body: schedulerSettingsSchema, response: { 200: schedulerSettingsResponseSchema } },
        config: verified,
      },
      async (request) => settings.put(requireVerified(request), request.body),
    );

    // 'Optimize' (issue 18): POST starts fitting the caller's FSRS parameters, GET follows the run; issue 38:
    // one run an hour, or sooner after 1,000 new reviews (429 + Retry-After otherwise).
    app.post(
      '/api/sync/scheduler-optimize',
      {
        schema: { tags, body: optimizeStartBodySchema, response: { 202: optimizeStateResponseSchema } },
        config: verified,
      },
      async (request, reply) =>
        reply.code(202).send(await optimizer.start(requireVerified(request), request.body)),
    );
    app.get(
      '/api/sync/scheduler-optimize',
      { schema: { tags, response: { 200: optimizeStateResponseSchema } }, config: verified },
      async (request) => optimizer.state(requireVerified(request)),
    );

    // Stats → 'Retention' (issue 18): the caller's true retention, from every device's reviews.
    app.get(
      '/api/sync/retention',
      {
        schema: { tags, querystring: retentionQuerySchema, response: { 200: retentionResponseSchema } },
        config: verified,
      },
      async (request) => retention.get(requireVerified(request), request.query),
    );

    // The daily limits across devices (issue 18): what the caller's other devices answered today.
    app.get(
      '/api/sync/day-tally',
      {
        schema: { tags, querystring: dayTallyQuerySchema, response: { 200: dayTallyResponseSchema } },
        config: verified,
      },
      async (request) => dayTally.get(requireVerified(request), request.query),
    );

    // How everyone answered (issue 19): the peer totals of the questions of the caller's visible topics.
    app.post(
      '/api/sync/question-stats',
      {
        schema: { tags, body: questionStatsBodySchema, response: { 200: questionStatsResponseSchema } },
        config: verified,
      },
      async (request) => questionStats.forTopics(requireVerified(request), request.body.topicIds),
    );
  };
