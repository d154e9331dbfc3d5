// /api/admin/{topics/:id/resources,decks,cards,cloze-notes,quizzes,questions,pages,imports/:id/undo}: parse, call
// one service method, return (contracts in @zan/core schemas/admin-resources.ts; list in apps/server/CONTEXT.md).
import {
  bulkCardsBodySchema,
  bulkImportResponseSchema,
  bulkQuestionsBodySchema,
  cardBodySchema,
  cardResponseSchema,
  clozeNoteBodySchema,
  clozeNoteResponseSchema,
  deckCreateBodySchema,
  deckCreatedResponseSchema,
  deckEditorResponseSchema,
  idParamSchema,
  importUndoResponseSchema,
  itemDeletedResponseSchema,
  pageCreateBodySchema,
  pageResponseSchema,
  pageUpdateBodySchema,
  questionBodySchema,
  questionResponseSchema,
  quizCreateBodySchema,
  quizCreatedResponseSchema,
  quizEditorResponseSchema,
  topicResourcesResponseSchema,
  type ItemDeletedResponse,
} from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RequestActor } from '../../plugins/access.ts';
import { routeTable, type AddRoute } from '../../plugins/route-table.ts';
import { bulkBodiesOffThread } from './bulk-body.ts';
import type { ClozeNotesService } from './cloze-notes-service.ts';
import type { ImportsService } from './imports-service.ts';
import type { ResourcesBulkService } from './resources-bulk-service.ts';
import type { ResourcesService } from './resources-service.ts';

const params = idParamSchema;
const deleted = itemDeletedResponseSchema;
/** A bulk import of IMPORT_MAX_ROWS rows is larger than the default 1 MB body. */
const bulkLimit = 32 * 1024 * 1024;
/**
 * A page of PAGE_HTML_MAX characters is more than 1 MB as JSON (UTF-8, escaped quotes): the page
 * routes take 4 MB, so the character limit is the one that speaks (issue 17).
 */
const pageLimit = 4 * 1024 * 1024;

/**
 * A set and its items (decks and cards, quizzes and questions), admin level: the set's editor and
 * delete (`/api/admin/<set>/:id`), an item added to it (`…/:id/<item>`, 201), an item updated and
 * deleted (`/api/admin/<item>/:id`).
 */
function setWithItems<E extends z.ZodType, IB extends z.ZodType, IR extends z.ZodType>(
  add: AddRoute,
  names: { set: string; item: string },
  schemas: { editor: E; itemBody: IB; item: IR },
  calls: {
    editor(actor: RequestActor, id: string): Promise<z.input<E>>;
    deleteSet(actor: RequestActor, id: string): Promise<ItemDeletedResponse>;
    addItem(actor: RequestActor, setId: string, body: z.output<IB>): Promise<z.input<IR>>;
    updateItem(actor: RequestActor, id: string, body: z.output<IB>): Promise<z.input<IR>>;
    deleteItem(actor: RequestActor, id: string): Promise<ItemDeletedResponse>;
  },
) {
  const { editor, itemBody: body, item } = schemas;
  const urls = { set: `/api/admin/${names.set}/:id`, item: `/api/admin/${names.item}/:id` };
  const access = 'admin';
  add({
    method: 'GET',
    url: urls.set,
    access,
    params,
    response: editor,
    call: (a, r) => calls.editor(a, r.params.id),
  });
  add({
    method: 'DELETE',
    url: urls.set,
    access,
    params,
    response: deleted,
    call: (a, r) => calls.deleteSet(a, r.params.id),
  });
  add({
    method: 'POST',
    url: `${urls.set}/${names.item}`,
    access,
    params,
    body,
    response: item,
    status: 201,
    call: (a, r) => calls.addItem(a, r.params.id, r.body),
  });
  add({
    method: 'PATCH',
    url: urls.item,
    access,
    params,
    body,
    response: item,
    call: (a, r) => calls.updateItem(a, r.params.id, r.body),
  });
  add({
    method: 'DELETE',
    url: urls.item,
    access,
    params,
    response: deleted,
    call: (a, r) => calls.deleteItem(a, r.params.id),
  });
}

export const resourcesRoutes =
  (s: {
    resources: ResourcesService;
    bulk: ResourcesBulkService;
    imports: ImportsService;
    cloze: ClozeNotesService;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const add = routeTable(app, ['admin resources']);
    const r = s.resources;
    const access = 'admin';
    add({
      method: 'GET',
      url: '/api/admin/topics/:id/resources',
      access,
      params,
      response: topicResourcesResponseSchema,
      call: (a, q) => r.topicResources(a, q.params.id),
    });
    // New Deck / New Quiz: an empty named set, its editor opens next (issue 22).
    add({
      method: 'POST',
      url: '/api/admin/topics/:id/decks',
      access,
      params,
      body: deckCreateBodySchema,
      response: deckCreatedResponseSchema,
      status: 201,
      call: (a, q) => s.bulk.createDeck(a, q.params.id, q.body),
    });
    add({
      method: 'POST',
      url: '/api/admin/topics/:id/quizzes',
      access,
      params,
      body: quizCreateBodySchema,
      response: quizCreatedResponseSchema,
      status: 201,
      call: (a, q) => s.bulk.createQuiz(a, q.params.id, q.body),
    });
    // Each bulk route in its own context: its large JSON bodies are parsed and checked off the event
    // loop (bulk-body.ts, issue 17).
    const bulk = {
      method: 'POST',
      access,
      params,
      response: bulkImportResponseSchema,
      bodyLimit: bulkLimit,
    } as const;
    await app.register(async (cardsApp) => {
      bulkBodiesOffThread(cardsApp, 'cards', bulkLimit);
      routeTable(cardsApp, ['admin resources'])({
        ...bulk,
        url: '/api/admin/topics/:id/bulk/cards',
        body: bulkCardsBodySchema,
        call: (a, q) => s.bulk.importCards(a, q.params.id, q.body),
      });
    });
    await app.register(async (questionsApp) => {
      bulkBodiesOffThread(questionsApp, 'questions', bulkLimit);
      routeTable(questionsApp, ['admin resources'])({
        ...bulk,
        url: '/api/admin/topics/:id/bulk/questions',
        body: bulkQuestionsBodySchema,
        call: (a, q) => s.bulk.importQuestions(a, q.params.id, q.body),
      });
    });
    // 'Undo import' (issue 21): removes what a bulk import added, restores what it changed.
    add({
      method: 'POST',
      url: '/api/admin/imports/:id/undo',
      access,
      params,
      response: importUndoResponseSchema,
      call: (a, q) => s.imports.undo(a, q.params.id),
    });

    setWithItems(
      add,
      { set: 'decks', item: 'cards' },
      { editor: deckEditorResponseSchema, itemBody: cardBodySchema, item: cardResponseSchema },
      {
        editor: (a, id) => r.deckEditor(a, id),
        deleteSet: (a, id) => r.deleteDeck(a, id),
        addItem: (a, id, body) => r.addCard(a, id, body),
        updateItem: (a, id, body) => r.updateCard(a, id, body),
        deleteItem: (a, id) => r.deleteCard(a, id),
      },
    );
    // Cloze notes (issue 20): one note, one card per deletion number; a save keeps the cards of the
    // numbers still there (same ids), deletes those removed and adds the new ones.
    add({
      method: 'POST',
      url: '/api/admin/decks/:id/cloze-notes',
      access,
      params,
      body: clozeNoteBodySchema,
      response: clozeNoteResponseSchema,
      status: 201,
      call: (a, q) => s.cloze.addNote(a, q.params.id, q.body),
    });
    add({
      method: 'PATCH',
      url: '/api/admin/cloze-notes/:id',
      access,
      params,
      body: clozeNoteBodySchema,
      response: clozeNoteResponseSchema,
      call: (a, q) => s.cloze.updateNote(a, q.params.id, q.body),
    });
    add({
      method: 'DELETE',
      url: '/api/admin/cloze-notes/:id',
      access,
      params,
      response: deleted,
      call: (a, q) => s.cloze.deleteNote(a, q.params.id),
    });
    setWithItems(
      add,
      { set: 'quizzes', item: 'questions' },
      { editor: quizEditorResponseSchema, itemBody: questionBodySchema, item: questionResponseSchema },
      {
        editor: (a, id) => r.quizEditor(a, id),
        deleteSet: (a, id) => r.deleteQuiz(a, id),
        addItem: (a, id, body) => r.addQuestion(a, id, body),
        updateItem: (a, id, body) => r.updateQuestion(a, id, body),
        deleteItem: (a, id) => r.deleteQuestion(a, id),
      },
    );

    const page = '/api/admin/pages/:id';
    add({
      method: 'POST',
      url: '/api/admin/pages',
      access,
      bodyLimit: pageLimit,
      body: pageCreateBodySchema,
      response: pageResponseSchema,
      status: 201,
      call: (a, q) => r.createPage(a, q.body),
    });
    add({
      method: 'GET',
      url: page,
      access,
      params,
      response: pageResponseSchema,
      call: (a, q) => r.pageEditor(a, q.params.id),
    });
    add({
      method: 'PATCH',
      url: page,
      access,
      params,
      bodyLimit: pageLimit,
      body: pageUpdateBodySchema,
      response: pageResponseSchema,
      call: (a, q) => r.updatePage(a, q.params.id, q.body),
    });
    add({
      method: 'DELETE',
      url: page,
      access,
      params,
      response: deleted,
      call: (a, q) => r.deletePage(a, q.params.id),
    });
  };
