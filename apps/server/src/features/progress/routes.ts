// /api/sync progress routes: the progress upload and pull and the cards the caller's other devices
// answered today (contracts in @zan/core schemas/sync.ts), and their true retention (schemas/retention.ts).
// Every route is for verified users of any role. What the upload tells (the live event, the optimizer's
// automatic runs) and the settings retention counts days by come from app.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dayTallyQuerySchema,
  dayTallyResponseSchema,
  progressPullQuerySchema,
  progressPullResponseSchema,
  progressPushBodySchema,
  progressPushResponseSchema,
  retentionQuerySchema,
  retentionResponseSchema,
  type Actor,
} from '@zan/core';
import type { AppContext } from '../../context.ts';
import type { ProgressNotifier } from '../../domain/progress-notify.ts';
import { requireVerified } from '../../plugins/access.ts';
import { dayTallyService } from './day-tally-service.ts';
import { progressService } from './progress-service.ts';
import { retentionService, type SettingsStore } from './retention-service.ts';

const tags = ['sync'];
const verified = { access: 'verified' } as const;

export const progressRoutes =
  (
    ctx: AppContext,
    deps: { notify: ProgressNotifier; settings: SettingsStore; afterReviews: (actor: Actor) => void },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { notify, settings, afterReviews } = deps;
    const progress = progressService({ db: ctx.db, notify, limits: ctx.config.progressLimits, afterReviews });
    const retention = retentionService({ db: ctx.db, settings });
    const dayTally = dayTallyService({ db: ctx.db });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

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
  };
