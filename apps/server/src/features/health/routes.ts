// GET /api/health: liveness plus a database round trip.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { routeTable } from '../../plugins/route-table.ts';
import { healthRepository } from './repository.ts';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    routeTable(app, ['health'])({
      method: 'GET',
      url: '/api/health',
      access: 'public',
      response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
      call: async () => {
        await healthRepository.ping(deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      },
    });
  };
