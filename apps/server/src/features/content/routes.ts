// The admin content API (issue 7): builds the content services once over the one write path and
// registers their routes. Route list: apps/server/CONTEXT.md "Admin content API".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { adminRoutes } from './admin-routes.ts';
import { announcementsService } from './announcements-service.ts';
import { archiveService } from './archive-service.ts';
import { clozeNotesService } from './cloze-notes-service.ts';
import type { ContentDeps } from './deps.ts';
import { grantsService } from './grants-service.ts';
import { imagesRoutes } from './images-routes.ts';
import { imagesService } from './images-service.ts';
import { importsService } from './imports-service.ts';
import { createStorage } from '../../platform/storage.ts';
import { modulesService } from './modules-service.ts';
import { resourcesBulkService } from './resources-bulk-service.ts';
import { resourcesRoutes } from './resources-routes.ts';
import { resourcesService } from './resources-service.ts';
import { structureRoutes } from './structure-routes.ts';
import { subjectsService } from './subjects-service.ts';
import { topicsService } from './topics-service.ts';

/** The content services over one set of write deps (tests build them the same way). */
export function contentServices(deps: ContentDeps) {
  return {
    modules: modulesService(deps),
    subjects: subjectsService(deps),
    topics: topicsService(deps),
    announcements: announcementsService(deps),
    archive: archiveService(deps),
    grants: grantsService(deps),
    resources: resourcesService(deps),
    bulk: resourcesBulkService(deps),
    imports: importsService(deps),
    cloze: clozeNotesService(deps),
  };
}

export const contentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, events: ctx.events, log: app.log, storage: createStorage(ctx.config.storage) };
    const s = { ...contentServices(deps), images: imagesService(deps) };
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    await app.register(structureRoutes(s));
    await app.register(adminRoutes(s));
    await app.register(resourcesRoutes(s));
    await app.register(imagesRoutes(s));
  };
