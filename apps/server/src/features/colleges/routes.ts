// /api/colleges: the public list (sign-up form) and the superadmin's add, rename / year groups, delete.
import {
  collegeListResponseSchema,
  collegeResponseSchema,
  createCollegeBodySchema,
  deleteCollegeBodySchema,
  idParamSchema,
  okSchema,
  updateCollegeBodySchema,
} from '@zan/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { collegesService, type ProfileNotifier } from './service.ts';

const tags = ['colleges'];

/** The one call site for live 'profile' events from this feature (users who lost a deleted college). */
const profileNotifier =
  (ctx: AppContext, log: FastifyBaseLogger): ProfileNotifier =>
  async (userIds) => {
    // The change has committed: a lost event must not fail the request (clients refetch on reconnect).
    await Promise.all(userIds.map((userId) => ctx.events.publish(userId, 'profile', { userId }))).catch(
      (err: unknown) => log.warn({ err }, 'could not publish profile events'),
    );
  };

export const collegeRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = collegesService({ db: ctx.db, notifyProfile: profileNotifier(ctx, app.log) });

    app.get(
      '/api/colleges',
      { schema: { tags, response: { 200: collegeListResponseSchema } }, config: { access: 'public' } },
      async () => ({ colleges: await service.list() }),
    );

    app.post(
      '/api/colleges',
      {
        schema: { tags, body: createCollegeBodySchema, response: { 201: collegeResponseSchema } },
        config: { access: 'superadmin' },
      },
      async (request, reply) =>
        reply.status(201).send({ college: await service.create(request.actor, request.body) }),
    );

    app.patch(
      '/api/colleges/:id',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: updateCollegeBodySchema,
          response: { 200: collegeResponseSchema },
        },
        config: { access: 'superadmin' },
      },
      async (request) => ({ college: await service.update(request.actor, request.params.id, request.body) }),
    );

    app.delete(
      '/api/colleges/:id',
      {
        schema: { tags, params: idParamSchema, body: deleteCollegeBodySchema, response: { 200: okSchema } },
        config: { access: 'superadmin' },
      },
      async (request) => {
        await service.remove(request.actor, request.params.id, request.body);
        return { ok: true as const };
      },
    );
  };
