// GET /api/health: liveness plus a database round trip.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';
import { healthRepository } from './repository.ts';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['health'],
          response: { 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
        },
        config: { access: 'public' },
      },
      async () => {
        await healthRepository.ping(deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      },
    );
  };
