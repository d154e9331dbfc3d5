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
import { requireVerified } from '../../plugins/access.ts';
import type { OptimizerService } from './optimizer-service.ts';
import type { SchedulerSettingsService } from './scheduler-settings-service.ts';

const tags = ['sync'];
const verified = { access: 'verified' } as const;

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
  };
