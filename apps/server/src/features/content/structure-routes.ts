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
import { requireVerified } from '../../plugins/access.ts';
import type { ModulesService } from './modules-service.ts';
import type { SubjectsService } from './subjects-service.ts';
import type { TopicsService } from './topics-service.ts';

const admin = { access: 'admin' } as const;
const superadmin = { access: 'superadmin' } as const;

export const structureRoutes =
  (s: { modules: ModulesService; subjects: SubjectsService; topics: TopicsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin content'];
    app.get(
      '/api/admin/options',
      { schema: { tags, response: { 200: contentOptionsResponseSchema } }, config: admin },
      async (r) => s.modules.options(requireVerified(r)),
    );

    app.get(
      '/api/admin/modules',
      {
        schema: { tags, querystring: moduleListQuerySchema, response: { 200: moduleListResponseSchema } },
        config: admin,
      },
      async (r) => s.modules.list(requireVerified(r), r.query),
    );
    app.post(
      '/api/admin/modules',
      {
        schema: { tags, body: moduleCreateBodySchema, response: { 201: moduleResponseSchema } },
        config: admin,
      },
      async (r, reply) =>
        reply.code(201).send({ module: await s.modules.create(requireVerified(r), r.body) }),
    );
    app.get(
      '/api/admin/modules/:id',
      { schema: { tags, params: idParamSchema, response: { 200: moduleResponseSchema } }, config: admin },
      async (r) => ({
        module: await s.modules.get(requireVerified(r), r.params.id),
      }),
    );
    app.patch(
      '/api/admin/modules/:id',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: moduleUpdateBodySchema,
          response: { 200: moduleResponseSchema },
        },
        config: admin,
      },
      async (r) => ({ module: await s.modules.update(requireVerified(r), r.params.id, r.body) }),
    );
    app.post(
      '/api/admin/modules/:id/archive',
      {
        schema: { tags, params: idParamSchema, response: { 200: moduleResponseSchema } },
        config: superadmin,
      },
      async (r) => ({
        module: await s.modules.archive(requireVerified(r), r.params.id),
      }),
    );

    app.get(
      '/api/admin/subjects',
      {
        schema: { tags, querystring: subjectListQuerySchema, response: { 200: subjectListResponseSchema } },
        config: admin,
      },
      async (r) => s.subjects.list(requireVerified(r), r.query),
    );
    app.post(
      '/api/admin/subjects',
      {
        schema: { tags, body: subjectCreateBodySchema, response: { 201: subjectResponseSchema } },
        config: admin,
      },
      async (r, reply) =>
        reply.code(201).send({ subject: await s.subjects.create(requireVerified(r), r.body) }),
    );
    app.get(
      '/api/admin/subjects/:id',
      { schema: { tags, params: idParamSchema, response: { 200: subjectResponseSchema } }, config: admin },
      async (r) => ({
        subject: await s.subjects.get(requireVerified(r), r.params.id),
      }),
    );
    app.patch(
      '/api/admin/subjects/:id',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: subjectUpdateBodySchema,
          response: { 200: subjectResponseSchema },
        },
        config: admin,
      },
      async (r) => ({ subject: await s.subjects.update(requireVerified(r), r.params.id, r.body) }),
    );
    app.post(
      '/api/admin/subjects/:id/archive',
      {
        schema: { tags, params: idParamSchema, response: { 200: subjectResponseSchema } },
        config: superadmin,
      },
      async (r) => ({
        subject: await s.subjects.archive(requireVerified(r), r.params.id),
      }),
    );

    app.get(
      '/api/admin/topics',
      {
        schema: { tags, querystring: topicListQuerySchema, response: { 200: topicListResponseSchema } },
        config: admin,
      },
      async (r) => s.topics.list(requireVerified(r), r.query),
    );
    app.post(
      '/api/admin/topics',
      {
        schema: { tags, body: topicCreateBodySchema, response: { 201: topicResponseSchema } },
        config: admin,
      },
      async (r, reply) => reply.code(201).send({ topic: await s.topics.create(requireVerified(r), r.body) }),
    );
    app.get(
      '/api/admin/topics/:id',
      { schema: { tags, params: idParamSchema, response: { 200: topicResponseSchema } }, config: admin },
      async (r) => ({
        topic: await s.topics.get(requireVerified(r), r.params.id),
      }),
    );
    app.patch(
      '/api/admin/topics/:id',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: topicUpdateBodySchema,
          response: { 200: topicResponseSchema },
        },
        config: admin,
      },
      async (r) => ({ topic: await s.topics.update(requireVerified(r), r.params.id, r.body) }),
    );
    app.post(
      '/api/admin/topics/:id/archive',
      { schema: { tags, params: idParamSchema, response: { 200: topicResponseSchema } }, config: superadmin },
      async (r) => ({
        topic: await s.topics.archive(requireVerified(r), r.params.id),
      }),
    );
  };
