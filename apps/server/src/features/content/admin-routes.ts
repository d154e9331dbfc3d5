// /api/admin/{announcements,archive,global-modules,users/:id/modules}: parse, call one service method,
// return (contracts in @zan/core schemas/admin-content.ts and admin-announcements.ts).
import {
  announcementCreateBodySchema,
  announcementListQuerySchema,
  announcementListResponseSchema,
  announcementResponseSchema,
  archiveImpactResponseSchema,
  archiveItemParamsSchema,
  archiveKindParamsSchema,
  archiveListQuerySchema,
  archiveListResponseSchema,
  announcementUpdateBodySchema,
  globalModuleListQuerySchema,
  idParamSchema,
  moduleListResponseSchema,
  okSchema,
  permanentDeleteResponseSchema,
  userModuleParamsSchema,
  userModulesResponseSchema,
} from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeTable } from '../../plugins/route-table.ts';
import type { AnnouncementsService } from './announcements-service.ts';
import type { ArchiveService } from './archive-service.ts';
import type { GrantsService } from './grants-service.ts';
import type { ModulesService } from './modules-service.ts';

const ok = { ok: true as const };
/** Runs a call that answers nothing, then answers `{ ok: true }`. */
async function thenOk(done: Promise<unknown>) {
  await done;
  return ok;
}

export const adminRoutes =
  (s: {
    announcements: AnnouncementsService;
    archive: ArchiveService;
    grants: GrantsService;
    modules: ModulesService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const add = routeTable(app, ['admin content']);
    const admin = 'admin';
    const superadmin = 'superadmin';
    const params = idParamSchema;

    const announcements = '/api/admin/announcements';
    const announcement = announcementResponseSchema;
    add({
      method: 'GET',
      url: announcements,
      access: admin,
      querystring: announcementListQuerySchema,
      response: announcementListResponseSchema,
      call: (a, r) => s.announcements.list(a, r.query),
    });
    add({
      method: 'POST',
      url: announcements,
      access: admin,
      body: announcementCreateBodySchema,
      response: announcement,
      status: 201,
      call: async (a, r) => ({ announcement: await s.announcements.create(a, r.body) }),
    });
    add({
      method: 'PATCH',
      url: `${announcements}/:id`,
      access: admin,
      params,
      body: announcementUpdateBodySchema,
      response: announcement,
      call: async (a, r) => ({ announcement: await s.announcements.update(a, r.params.id, r.body) }),
    });
    add({
      method: 'POST',
      url: `${announcements}/:id/archive`,
      access: admin,
      params,
      response: okSchema,
      call: (a, r) => thenOk(s.announcements.archive(a, r.params.id)),
    });

    const item = { access: superadmin, params: archiveItemParamsSchema } as const;
    add({
      method: 'GET',
      url: '/api/admin/archive/:kind',
      access: superadmin,
      params: archiveKindParamsSchema,
      querystring: archiveListQuerySchema,
      response: archiveListResponseSchema,
      call: (a, r) => s.archive.list(a, r.params.kind, r.query.cursor),
    });
    add({
      ...item,
      method: 'GET',
      url: '/api/admin/archive/:kind/:id',
      response: archiveImpactResponseSchema,
      call: (a, r) => s.archive.impact(a, r.params.kind, r.params.id),
    });
    add({
      ...item,
      method: 'POST',
      url: '/api/admin/archive/:kind/:id/restore',
      response: okSchema,
      call: (a, r) => thenOk(s.archive.restore(a, r.params.kind, r.params.id)),
    });
    add({
      ...item,
      method: 'DELETE',
      url: '/api/admin/archive/:kind/:id',
      response: permanentDeleteResponseSchema,
      call: (a, r) => s.archive.permanentlyDelete(a, r.params.kind, r.params.id),
    });

    add({
      method: 'GET',
      url: '/api/admin/global-modules',
      access: superadmin,
      querystring: globalModuleListQuerySchema,
      response: moduleListResponseSchema,
      call: (a, r) => s.modules.list(a, r.query, { globalOnly: true }),
    });
    add({
      method: 'DELETE',
      url: '/api/admin/global-modules/:id',
      access: superadmin,
      params,
      response: permanentDeleteResponseSchema,
      call: (a, r) => s.archive.deleteGlobalModule(a, r.params.id),
    });

    const owned = { access: admin, response: userModulesResponseSchema } as const;
    const grant = {
      ...owned,
      url: '/api/admin/users/:id/modules/:moduleId',
      params: userModuleParamsSchema,
    } as const;
    add({
      ...owned,
      method: 'GET',
      url: '/api/admin/users/:id/modules',
      params,
      call: (a, r) => s.grants.list(a, r.params.id),
    });
    add({ ...grant, method: 'PUT', call: (a, r) => s.grants.grant(a, r.params.id, r.params.moduleId) });
    add({ ...grant, method: 'DELETE', call: (a, r) => s.grants.revoke(a, r.params.id, r.params.moduleId) });
  };
