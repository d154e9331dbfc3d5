// GET /api/health: liveness plus a database round trip.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../context.ts';

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
        await deps.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const };
      },
    );
  };
