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
import { routeTable } from '../../plugins/route-table.ts';
import { dayTallyService } from './day-tally-service.ts';
import { progressService } from './progress-service.ts';
import { retentionService, type SettingsStore } from './retention-service.ts';

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

    const add = routeTable(app, ['sync']);
    const verified = 'verified';

    add({
      method: 'POST',
      url: '/api/sync/progress',
      access: verified,
      body: progressPushBodySchema,
      response: progressPushResponseSchema,
      call: (a, r) => progress.push(a, r.body),
    });
    add({
      method: 'GET',
      url: '/api/sync/progress',
      access: verified,
      querystring: progressPullQuerySchema,
      response: progressPullResponseSchema,
      call: (a, r) => progress.pull(a, r.query),
    });
    // Stats → 'Retention' (issue 18): the caller's true retention, from every device's reviews.
    add({
      method: 'GET',
      url: '/api/sync/retention',
      access: verified,
      querystring: retentionQuerySchema,
      response: retentionResponseSchema,
      call: (a, r) => retention.get(a, r.query),
    });
    // The daily limits across devices (issue 18): what the caller's other devices answered today.
    add({
      method: 'GET',
      url: '/api/sync/day-tally',
      access: verified,
      querystring: dayTallyQuerySchema,
      response: dayTallyResponseSchema,
      call: (a, r) => dayTally.get(a, r.query),
    });
  };
