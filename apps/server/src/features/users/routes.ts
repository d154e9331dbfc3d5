// /api/users: the admin users tab — grouped, paged, searchable list; role changes; deletion.
import {
  deleteUserBodySchema,
  idParamSchema,
  okSchema,
  setRoleBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from '@zan/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { usersService, type ProfileNotifier } from './service.ts';

const tags = ['users'];

/** The one call site for live 'profile' events from this feature (role changed, account deleted). */
const profileNotifier =
  (ctx: AppContext, log: FastifyBaseLogger): ProfileNotifier =>
  async (userIds) => {
    // The change has committed: a lost event must not fail the request (clients refetch on reconnect).
    await Promise.all(userIds.map((userId) => ctx.events.publish(userId, 'profile', { userId }))).catch(
      (err: unknown) => log.warn({ err }, 'could not publish profile events'),
    );
  };

export const userRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = usersService({ db: ctx.db, notifyProfile: profileNotifier(ctx, app.log) });

    app.get(
      '/api/users',
      {
        schema: { tags, querystring: userListQuerySchema, response: { 200: userListResponseSchema } },
        config: { access: 'admin' },
      },
      async (request) => service.list(request.actor, request.query),
    );

    app.post(
      '/api/users/:id/role',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: setRoleBodySchema,
          response: { 200: userResponseSchema },
        },
        config: { access: 'superadmin' },
      },
      async (request) => ({ user: await service.setRole(request.actor, request.params.id, request.body) }),
    );

    app.delete(
      '/api/users/:id',
      {
        schema: { tags, params: idParamSchema, body: deleteUserBodySchema, response: { 200: okSchema } },
        config: { access: 'superadmin' },
      },
      async (request) => {
        await service.remove(request.actor, request.params.id, request.body);
        return { ok: true as const };
      },
    );
  };
