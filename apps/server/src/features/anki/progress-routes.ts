// 'Import Anki progress' (issue 20, Account): POST /api/sync/anki-progress takes the package's bytes as the
// body (application/octet-stream), its file name in the query. The body is streamed to a temporary file as
// it arrives (at most ANKI_MAX_MB: past it 413, nothing kept), never held in the server's memory. Issue 32:
// the import is a job — POST answers it queued (202), GET /api/sync/anki-progress/:jobId follows it, and
// /cancel and /retry stop it or run a failed one again. Parse, call the service, answer.
import type { Readable } from 'node:stream';
import {
  ANKI_IMPORT_MESSAGES,
  ankiProgressJobParamsSchema,
  ankiProgressJobSchema,
  MSG,
  text,
} from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { routeTable, withHeaders } from '../../plugins/route-table.ts';
import { createStorage } from '../../platform/storage.ts';
import { removeUploadFile, saveStream, UploadTooLarge } from '../../platform/upload-file.ts';
import { ANKI_READ_MESSAGES } from './model.ts';
import { ankiProgressService, type ProgressPush } from './progress-import-service.ts';

export const ankiProgressRoutes =
  (ctx: AppContext, push: ProgressPush): FastifyPluginAsyncZod =>
  async (app) => {
    const service = ankiProgressService({
      db: ctx.db,
      push,
      jobs: ctx.jobs,
      storage: createStorage(ctx.config.storage),
    });
    const maxBytes = ctx.config.ankiMaxBytes;
    const tooLarge = () =>
      new AppError(413, 'UPLOAD_TOO_LARGE', ANKI_IMPORT_MESSAGES.tooLarge(Math.round(maxBytes / 2 ** 20)));
    // The raw request stream: the route writes it to disk with its own bound.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    const add = routeTable(app, ['sync']);
    const noStore = { 'cache-control': 'no-store' };
    add({
      method: 'POST',
      url: '/api/sync/anki-progress',
      access: 'verified',
      // No NUL: the name is kept in the job's row (jsonb refuses it).
      querystring: z.strictObject({ fileName: text().max(255).optional() }),
      status: 202,
      response: ankiProgressJobSchema,
      call: async (actor, r) => {
        const body = r.http.body as Readable | undefined;
        if (!body || typeof body.pipe !== 'function')
          throw badRequest(ANKI_READ_MESSAGES.notAPackage, 'ANKI_PACKAGE');
        if (Number(r.http.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
        const file = await saveStream(body, maxBytes).catch((err: unknown) => {
          if (err instanceof UploadTooLarge) throw tooLarge();
          throw badRequest(MSG.uploadUnreadable, 'BAD_UPLOAD');
        });
        try {
          const job = await service.start(actor, {
            path: file.path,
            fileName: r.query.fileName ?? 'progress.apkg',
          });
          return withHeaders(job, noStore);
        } finally {
          await removeUploadFile(file);
        }
      },
    });
    add({
      method: 'GET',
      url: '/api/sync/anki-progress/:jobId',
      access: 'verified',
      params: ankiProgressJobParamsSchema,
      response: ankiProgressJobSchema,
      call: async (actor, r) => withHeaders(await service.get(actor, r.params.jobId), noStore),
    });
    add({
      method: 'POST',
      url: '/api/sync/anki-progress/:jobId/cancel',
      access: 'verified',
      params: ankiProgressJobParamsSchema,
      response: ankiProgressJobSchema,
      call: (actor, r) => service.cancel(actor, r.params.jobId),
    });
    add({
      method: 'POST',
      url: '/api/sync/anki-progress/:jobId/retry',
      access: 'verified',
      params: ankiProgressJobParamsSchema,
      status: 202,
      response: ankiProgressJobSchema,
      call: (actor, r) => service.retry(actor, r.params.jobId),
    });
  };
