// POST /api/sync/anki-progress (issue 20, Account → 'Import Anki progress'): the package's bytes as the
// body (application/octet-stream), its file name in the query. The body is streamed to a temporary file as
// it arrives (at most ANKI_MAX_MB: past it 413, nothing kept), never held in the server's memory; the
// import reads that file in a child process and the file is removed after. Parse, call the import, answer.
import type { Readable } from 'node:stream';
import { ANKI_IMPORT_MESSAGES, ankiProgressImportResponseSchema, MSG } from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { routeTable, withHeaders } from '../../plugins/route-table.ts';
import { ANKI_READ_MESSAGES } from './model.ts';
import { ankiProgressService, type ProgressPush } from './progress-import-service.ts';
import { removeUploadFile, saveStream, UploadTooLarge } from '../../platform/upload-file.ts';

export const ankiProgressRoutes =
  (ctx: AppContext, push: ProgressPush): FastifyPluginAsyncZod =>
  async (app) => {
    const service = ankiProgressService({ db: ctx.db, push });
    const maxBytes = ctx.config.ankiMaxBytes;
    const tooLarge = () =>
      new AppError(413, 'UPLOAD_TOO_LARGE', ANKI_IMPORT_MESSAGES.tooLarge(Math.round(maxBytes / 2 ** 20)));
    // The raw request stream: the route writes it to disk with its own bound.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    routeTable(app, ['sync'])({
      method: 'POST',
      url: '/api/sync/anki-progress',
      access: 'verified',
      querystring: z.strictObject({ fileName: z.string().max(255).optional() }),
      response: ankiProgressImportResponseSchema,
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
          const summary = await service.importPackage(
            actor,
            { path: file.path },
            r.query.fileName ?? 'progress.apkg',
          );
          return withHeaders(summary, { 'cache-control': 'no-store' });
        } finally {
          await removeUploadFile(file);
        }
      },
    });
  };
