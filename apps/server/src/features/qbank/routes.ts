// The question bank's routes (issue 19; contracts in @zan/core schemas/qbank.ts): the peer totals of the
// questions of the caller's visible topics (POST /api/sync/question-stats, verified users of any role) and
// the item statistics of a quiz for the quiz editor (admins of the quiz's scope). Answers are never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  itemStatsResponseSchema,
  questionStatsBodySchema,
  questionStatsResponseSchema,
} from '@zan/core';
import type { AppContext } from '../../context.ts';
import { routeTable } from '../../plugins/route-table.ts';
import { itemStatsService } from './item-stats-service.ts';
import { questionStatsService } from './question-stats-service.ts';

export const qbankRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const questionStats = questionStatsService({ db: ctx.db });
    const itemStats = itemStatsService({ db: ctx.db });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    // How everyone answered (issue 19): the peer totals of the questions of the caller's visible topics.
    routeTable(app, ['sync'])({
      method: 'POST',
      url: '/api/sync/question-stats',
      access: 'verified',
      body: questionStatsBodySchema,
      response: questionStatsResponseSchema,
      call: (a, r) => questionStats.forTopics(a, r.body.topicIds),
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
