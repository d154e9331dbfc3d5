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
import { requireVerified } from '../../plugins/access.ts';
import type { AnnouncementsService } from './announcements-service.ts';
import type { ArchiveService } from './archive-service.ts';
import type { GrantsService } from './grants-service.ts';
import type { ModulesService } from './modules-service.ts';

const admin = { access: 'admin' } as const;
const superadmin = { access: 'superadmin' } as const;
const ok = { ok: true as const };

export const adminRoutes =
  (s: {
    announcements: AnnouncementsService;
    archive: ArchiveService;
    grants: GrantsService;
    modules: ModulesService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin content'];
    app.get(
      '/api/admin/announcements',
      {
        schema: {
          tags,
          querystring: announcementListQuerySchema,
          response: { 200: announcementListResponseSchema },
        },
        config: admin,
      },
      async (r) => s.announcements.list(requireVerified(r), r.query),
    );
    app.post(
      '/api/admin/announcements',
      {
        schema: { tags, body: announcementCreateBodySchema, response: { 201: announcementResponseSchema } },
        config: admin,
      },
      async (r, reply) =>
        reply.code(201).send({ announcement: await s.announcements.create(requireVerified(r), r.body) }),
    );
    app.patch(
      '/api/admin/announcements/:id',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: announcementUpdateBodySchema,
          response: { 200: announcementResponseSchema },
        },
        config: admin,
      },
      async (r) => ({ announcement: await s.announcements.update(requireVerified(r), r.params.id, r.body) }),
    );
    app.post(
      '/api/admin/announcements/:id/archive',
      { schema: { tags, params: idParamSchema, response: { 200: okSchema } }, config: admin },
      async (r) => {
        await s.announcements.archive(requireVerified(r), r.params.id);
        return ok;
      },
    );

    app.get(
      '/api/admin/archive/:kind',
      {
        schema: {
          tags,
          params: archiveKindParamsSchema,
          querystring: archiveListQuerySchema,
          response: { 200: archiveListResponseSchema },
        },
        config: superadmin,
      },
      async (r) => s.archive.list(requireVerified(r), r.params.kind, r.query.cursor),
    );
    app.get(
      '/api/admin/archive/:kind/:id',
      {
        schema: { tags, params: archiveItemParamsSchema, response: { 200: archiveImpactResponseSchema } },
        config: superadmin,
      },
      async (r) => s.archive.impact(requireVerified(r), r.params.kind, r.params.id),
    );
    app.post(
      '/api/admin/archive/:kind/:id/restore',
      { schema: { tags, params: archiveItemParamsSchema, response: { 200: okSchema } }, config: superadmin },
      async (r) => {
        await s.archive.restore(requireVerified(r), r.params.kind, r.params.id);
        return ok;
      },
    );
    app.delete(
      '/api/admin/archive/:kind/:id',
      {
        schema: { tags, params: archiveItemParamsSchema, response: { 200: permanentDeleteResponseSchema } },
        config: superadmin,
      },
      async (r) => s.archive.permanentlyDelete(requireVerified(r), r.params.kind, r.params.id),
    );

    app.get(
      '/api/admin/global-modules',
      {
        schema: {
          tags,
          querystring: globalModuleListQuerySchema,
          response: { 200: moduleListResponseSchema },
        },
        config: superadmin,
      },
      async (r) => s.modules.list(requireVerified(r), r.query, { globalOnly: true }),
    );
    app.delete(
      '/api/admin/global-modules/:id',
      {
        schema: { tags, params: idParamSchema, response: { 200: permanentDeleteResponseSchema } },
        config: superadmin,
      },
      async (r) => s.archive.deleteGlobalModule(requireVerified(r), r.params.id),
    );

    app.get(
      '/api/admin/users/:id/modules',
      {
        schema: { tags, params: idParamSchema, response: { 200: userModulesResponseSchema } },
        config: admin,
      },
      async (r) => s.grants.list(requireVerified(r), r.params.id),
    );
    app.put(
      '/api/admin/users/:id/modules/:moduleId',
      {
        schema: { tags, params: userModuleParamsSchema, response: { 200: userModulesResponseSchema } },
        config: admin,
      },
      async (r) => s.grants.grant(requireVerified(r), r.params.id, r.params.moduleId),
    );
    app.delete(
      '/api/admin/users/:id/modules/:moduleId',
      {
        schema: { tags, params: userModuleParamsSchema, response: { 200: userModulesResponseSchema } },
        config: admin,
      },
      async (r) => s.grants.revoke(requireVerified(r), r.params.id, r.params.moduleId),
    );
  };
