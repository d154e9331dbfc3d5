// The question bank's routes: the item statistics of a quiz for the quiz editor (issue 19; admins of the
// quiz's scope, contracts in @zan/core schemas/qbank.ts). Answers are never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema, itemStatsResponseSchema } from '@zan/core';
import type { AppContext } from '../../context.ts';
import { routeTable } from '../../plugins/route-table.ts';
import { itemStatsService } from './item-stats-service.ts';

export const qbankRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const itemStats = itemStatsService({ db: ctx.db });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    // Item statistics of a quiz's questions (issue 19): students' first answers, nothing per student.
    routeTable(app, ['admin resources'])({
      method: 'GET',
      url: '/api/admin/quizzes/:id/item-stats',
      access: 'admin',
      params: idParamSchema,
      response: itemStatsResponseSchema,
      call: (a, q) => itemStats.forQuiz(a, q.params.id),
    });
  };
