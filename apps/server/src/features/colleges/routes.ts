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
import { routeTable } from '../../plugins/route-table.ts';
import { collegesService, type ProfileNotifier } from './service.ts';

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

    const add = routeTable(app, ['colleges']);
    const superadmin = 'superadmin';

    add({
      method: 'GET',
      url: '/api/colleges',
      access: 'public',
      response: collegeListResponseSchema,
      call: async () => ({ colleges: await service.list() }),
    });
    add({
      method: 'POST',
      url: '/api/colleges',
      access: superadmin,
      body: createCollegeBodySchema,
      response: collegeResponseSchema,
      status: 201,
      call: async (a, r) => ({ college: await service.create(a, r.body) }),
    });
    add({
      method: 'PATCH',
      url: '/api/colleges/:id',
      access: superadmin,
      params: idParamSchema,
      body: updateCollegeBodySchema,
      response: collegeResponseSchema,
      call: async (a, r) => ({ college: await service.update(a, r.params.id, r.body) }),
    });
    add({
      method: 'DELETE',
      url: '/api/colleges/:id',
      access: superadmin,
      params: idParamSchema,
      body: deleteCollegeBodySchema,
      response: okSchema,
      call: async (a, r) => {
        await service.remove(a, r.params.id, r.body);
        return { ok: true as const };
      },
    });
  };
