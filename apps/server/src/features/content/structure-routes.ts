// /api/admin/{options,modules,subjects,topics}: parse, call one service method, return (contracts in
// @zan/core schemas/admin-content.ts; the route list is in apps/server/CONTEXT.md "Admin content API").
import {
  contentOptionsResponseSchema,
  idParamSchema,
  moduleCreateBodySchema,
  moduleListQuerySchema,
  moduleListResponseSchema,
  moduleResponseSchema,
  moduleUpdateBodySchema,
  subjectCreateBodySchema,
  subjectListQuerySchema,
  subjectListResponseSchema,
  subjectResponseSchema,
  subjectUpdateBodySchema,
  topicCreateBodySchema,
  topicListQuerySchema,
  topicListResponseSchema,
  topicResponseSchema,
  topicUpdateBodySchema,
} from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RequestActor } from '../../plugins/access.ts';
import { routeTable, type AddRoute } from '../../plugins/route-table.ts';
import type { ModulesService } from './modules-service.ts';
import type { SubjectsService } from './subjects-service.ts';
import type { TopicsService } from './topics-service.ts';

type Id = string;
/** What modules, subjects and topics each serve: list, create, get, update, archive. */
type StructureService<
  LQ extends z.ZodType,
  LR extends z.ZodType,
  CB extends z.ZodType,
  UB extends z.ZodType,
  T,
> = {
  list(actor: RequestActor, query: z.output<LQ>): Promise<z.input<LR>>;
  create(actor: RequestActor, body: z.output<CB>): Promise<NoInfer<T>>;
  get(actor: RequestActor, id: Id): Promise<NoInfer<T>>;
  update(actor: RequestActor, id: Id, body: z.output<UB>): Promise<NoInfer<T>>;
  archive(actor: RequestActor, id: Id): Promise<NoInfer<T>>;
};

/**
 * The five routes of one level (`/api/admin/<kind>`): list (query), create (201), get, update
 * (admin) and archive (superadmin); single rows answer `{ <key>: row }`.
 */
function structureLevel<
  K extends string,
  T,
  LQ extends z.ZodType,
  LR extends z.ZodType,
  CB extends z.ZodType,
  UB extends z.ZodType,
>(
  add: AddRoute,
  url: string,
  key: K,
  schemas: { listQuery: LQ; list: LR; create: CB; update: UB; one: z.ZodType<unknown, Record<K, T>> },
  service: StructureService<LQ, LR, CB, UB, T>,
) {
  const one = (row: T) => ({ [key]: row }) as Record<K, T>;
  const params = idParamSchema;
  const { listQuery: querystring, list, create, update, one: response } = schemas;
  add({
    method: 'GET',
    url,
    access: 'admin',
    querystring,
    response: list,
    call: (a, r) => service.list(a, r.query),
  });
  add({
    method: 'POST',
    url,
    access: 'admin',
    body: create,
    response,
    status: 201,
    call: async (a, r) => one(await service.create(a, r.body)),
  });
  add({
    method: 'GET',
    url: `${url}/:id`,
    access: 'admin',
    params,
    response,
    call: async (a, r) => one(await service.get(a, r.params.id)),
  });
  add({
    method: 'PATCH',
    url: `${url}/:id`,
    access: 'admin',
    params,
    body: update,
    response,
    call: async (a, r) => one(await service.update(a, r.params.id, r.body)),
  });
  add({
    method: 'POST',
    url: `${url}/:id/archive`,
    access: 'superadmin',
    params,
    response,
    call: async (a, r) => one(await service.archive(a, r.params.id)),
  });
}

export const structureRoutes =
  (s: { modules: ModulesService; subjects: SubjectsService; topics: TopicsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const add = routeTable(app, ['admin content']);
    add({
      method: 'GET',
      url: '/api/admin/options',
      access: 'admin',
      response: contentOptionsResponseSchema,
      call: (a) => s.modules.options(a),
    });
    structureLevel(
      add,
      '/api/admin/modules',
      'module',
      {
        listQuery: moduleListQuerySchema,
        list: moduleListResponseSchema,
        create: moduleCreateBodySchema,
        update: moduleUpdateBodySchema,
        one: moduleResponseSchema,
      },
      s.modules,
    );
    structureLevel(
      add,
      '/api/admin/subjects',
      'subject',
      {
        listQuery: subjectListQuerySchema,
        list: subjectListResponseSchema,
        create: subjectCreateBodySchema,
        update: subjectUpdateBodySchema,
        one: subjectResponseSchema,
      },
      s.subjects,
    );
    structureLevel(
      add,
      '/api/admin/topics',
      'topic',
      {
        listQuery: topicListQuerySchema,
        list: topicListResponseSchema,
        create: topicCreateBodySchema,
        update: topicUpdateBodySchema,
        one: topicResponseSchema,
      },
      s.topics,
    );
  };
