// /api/sync scheduler routes: the caller's scheduler settings (contracts in @zan/core schemas/scheduler.ts)
// and 'Optimize', the fit of their FSRS parameters. Every route is for verified users of any role. The
// services come from app.ts, which also tells the optimizer of each upload of reviews.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  optimizeStartBodySchema,
  optimizeStateResponseSchema,
  schedulerSettingsResponseSchema,
  schedulerSettingsSchema,
} from '@zan/core';
import { routeTable } from '../../plugins/route-table.ts';
import type { OptimizerService } from './optimizer-service.ts';
import type { SchedulerSettingsService } from './scheduler-settings-service.ts';

export const schedulerRoutes =
  ({
    settings,
    optimizer,
  }: {
    settings: SchedulerSettingsService;
    optimizer: OptimizerService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    const add = routeTable(app, ['sync']);
    const verified = 'verified';

    add({
      method: 'GET',
      url: '/api/sync/scheduler-settings',
      access: verified,
      response: schedulerSettingsResponseSchema,
      call: (a) => settings.get(a),
    });
    add({
      method: 'PUT',
      url: '/api/sync/scheduler-settings',
      access: verified,
      body: schedulerSettingsSchema,
      response: schedulerSettingsResponseSchema,
      call: (a, r) => settings.put(a, r.body),
    });
    // 'Optimize' (issue 18): POST starts fitting the caller's FSRS parameters, GET follows the run; issue 38:
    // one run an hour, or sooner after 1,000 new reviews (429 + Retry-After otherwise).
    add({
      method: 'POST',
      url: '/api/sync/scheduler-optimize',
      access: verified,
      body: optimizeStartBodySchema,
      response: optimizeStateResponseSchema,
      status: 202,
      call: (a, r) => optimizer.start(a, r.body),
    });
    add({
      method: 'GET',
      url: '/api/sync/scheduler-optimize',
      access: verified,
      response: optimizeStateResponseSchema,
      call: (a) => optimizer.state(a),
    });
  };
