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
import { routeTable } from '../../plugins/route-table.ts';
import { usersService, type ProfileNotifier } from './service.ts';

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

    const add = routeTable(app, ['users']);
    const superadmin = 'superadmin';

    add({
      method: 'GET',
      url: '/api/users',
      access: 'admin',
      querystring: userListQuerySchema,
      response: userListResponseSchema,
      call: (a, r) => service.list(a, r.query),
    });
    add({
      method: 'POST',
      url: '/api/users/:id/role',
      access: superadmin,
      params: idParamSchema,
      body: setRoleBodySchema,
      response: userResponseSchema,
      call: async (a, r) => ({ user: await service.setRole(a, r.params.id, r.body) }),
    });
    add({
      method: 'DELETE',
      url: '/api/users/:id',
      access: superadmin,
      params: idParamSchema,
      body: deleteUserBodySchema,
      response: okSchema,
      call: async (a, r) => {
        await service.remove(a, r.params.id, r.body);
        return { ok: true as const };
      },
    });
  };
