// /api/admin/{topics/:id/resources,decks,cards,quizzes,questions,pages}: parse, call one service
// method, return (contracts in @zan/core schemas/admin-resources.ts; list in apps/server/CONTEXT.md).
import {
  bulkCardsBodySchema,
  bulkImportResponseSchema,
  bulkQuestionsBodySchema,
  cardBodySchema,
  cardResponseSchema,
  deckEditorResponseSchema,
  idParamSchema,
  itemDeletedResponseSchema,
  pageCreateBodySchema,
  pageResponseSchema,
  pageUpdateBodySchema,
  questionBodySchema,
  questionResponseSchema,
  quizEditorResponseSchema,
  topicResourcesResponseSchema,
} from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireVerified } from '../../plugins/access.ts';
import type { ResourcesBulkService } from './resources-bulk-service.ts';
import type { ResourcesService } from './resources-service.ts';

const admin = { access: 'admin' } as const;
const params = idParamSchema;
const deleted = { 200: itemDeletedResponseSchema };
/** A bulk import of IMPORT_MAX_ROWS rows is larger than the default 1 MB body. */
const bulkLimit = 32 * 1024 * 1024;

export const resourcesRoutes =
  (s: { resources: ResourcesService; bulk: ResourcesBulkService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin resources'];
    const r = s.resources;
    app.get(
      '/api/admin/topics/:id/resources',
      { schema: { tags, params, response: { 200: topicResourcesResponseSchema } }, config: admin },
      async (q) => r.topicResources(requireVerified(q), q.params.id),
    );

    app.post(
      '/api/admin/topics/:id/bulk/cards',
      {
        schema: { tags, params, body: bulkCardsBodySchema, response: { 200: bulkImportResponseSchema } },
        config: admin,
        bodyLimit: bulkLimit,
      },
      async (q) => s.bulk.importCards(requireVerified(q), q.params.id, q.body),
    );
    app.post(
      '/api/admin/topics/:id/bulk/questions',
      {
        schema: { tags, params, body: bulkQuestionsBodySchema, response: { 200: bulkImportResponseSchema } },
        config: admin,
        bodyLimit: bulkLimit,
      },
      async (q) => s.bulk.importQuestions(requireVerified(q), q.params.id, q.body),
    );

    app.get(
      '/api/admin/decks/:id',
      { schema: { tags, params, response: { 200: deckEditorResponseSchema } }, config: admin },
      async (q) => r.deckEditor(requireVerified(q), q.params.id),
    );
    app.delete(
      '/api/admin/decks/:id',
      { schema: { tags, params, response: deleted }, config: admin },
      async (q) => r.deleteDeck(requireVerified(q), q.params.id),
    );
    app.post(
      '/api/admin/decks/:id/cards',
      {
        schema: { tags, params, body: cardBodySchema, response: { 201: cardResponseSchema } },
        config: admin,
      },
      async (q, reply) => reply.code(201).send(await r.addCard(requireVerified(q), q.params.id, q.body)),
    );
    app.patch(
      '/api/admin/cards/:id',
      {
        schema: { tags, params, body: cardBodySchema, response: { 200: cardResponseSchema } },
        config: admin,
      },
      async (q) => r.updateCard(requireVerified(q), q.params.id, q.body),
    );
    app.delete(
      '/api/admin/cards/:id',
      { schema: { tags, params, response: deleted }, config: admin },
      async (q) => r.deleteCard(requireVerified(q), q.params.id),
    );

    app.get(
      '/api/admin/quizzes/:id',
      { schema: { tags, params, response: { 200: quizEditorResponseSchema } }, config: admin },
      async (q) => r.quizEditor(requireVerified(q), q.params.id),
    );
    app.delete(
      '/api/admin/quizzes/:id',
      { schema: { tags, params, response: deleted }, config: admin },
      async (q) => r.deleteQuiz(requireVerified(q), q.params.id),
    );
    app.post(
      '/api/admin/quizzes/:id/questions',
      {
        schema: { tags, params, body: questionBodySchema, response: { 201: questionResponseSchema } },
        config: admin,
      },
      async (q, reply) => reply.code(201).send(await r.addQuestion(requireVerified(q), q.params.id, q.body)),
    );
    app.patch(
      '/api/admin/questions/:id',
      {
        schema: { tags, params, body: questionBodySchema, response: { 200: questionResponseSchema } },
        config: admin,
      },
      async (q) => r.updateQuestion(requireVerified(q), q.params.id, q.body),
    );
    app.delete(
      '/api/admin/questions/:id',
      { schema: { tags, params, response: deleted }, config: admin },
      async (q) => r.deleteQuestion(requireVerified(q), q.params.id),
    );

    app.post(
      '/api/admin/pages',
      {
        schema: { tags, body: pageCreateBodySchema, response: { 201: pageResponseSchema } },
        config: admin,
      },
      async (q, reply) => reply.code(201).send(await r.createPage(requireVerified(q), q.body)),
    );
    app.get(
      '/api/admin/pages/:id',
      { schema: { tags, params, response: { 200: pageResponseSchema } }, config: admin },
      async (q) => r.pageEditor(requireVerified(q), q.params.id),
    );
    app.patch(
      '/api/admin/pages/:id',
      {
        schema: { tags, params, body: pageUpdateBodySchema, response: { 200: pageResponseSchema } },
        config: admin,
      },
      async (q) => r.updatePage(requireVerified(q), q.params.id, q.body),
    );
    app.delete(
      '/api/admin/pages/:id',
      { schema: { tags, params, response: deleted }, config: admin },
      async (q) => r.deletePage(requireVerified(q), q.params.id),
    );
  };
