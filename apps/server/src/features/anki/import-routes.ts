// /api/admin/topics/:id/anki-imports and /api/admin/anki-imports/:jobId (issue 20, 'Import Anki Deck';
// issue 32: the job, its Cancel and Try again): parse, call one service method, return. The upload (multipart, field `file`, at most ANKI_MAX_MB) is
// streamed to a temporary file, never held whole in a request; a body past the limit is 413, a body busboy
// cannot read 400, a file that is not a zip (or is a whole collection) 400 with the reader's message.
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  ANKI_IMPORT_MESSAGES as M,
  ankiImportBodySchema,
  ankiImportJobParamsSchema,
  ankiImportJobSchema,
  ankiImportPictureParamsSchema,
  ankiImportStartedSchema,
  cleanFileName,
  idParamSchema,
} from '@zan/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { rawReply, routeTable } from '../../plugins/route-table.ts';
import { createStorage } from '../../platform/storage.ts';
import { ankiImportService, type AnkiUpload } from './import-service.ts';
import { ANKI_READ_MESSAGES } from './model.ts';
import { newUploadFile, removeUploadFile } from '../../platform/upload-file.ts';

export const ankiImportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const maxBytes = ctx.config.ankiMaxBytes;
    const s = ankiImportService({
      db: ctx.db,
      events: ctx.events,
      log: app.log,
      storage: createStorage(ctx.config.storage),
      jobs: ctx.jobs,
    });
    await app.register(multipart, { limits: { files: 1, fileSize: maxBytes, fields: 0 } });
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    const add = routeTable(app, ['admin anki import']);
    const admin = 'admin';
    const params = ankiImportJobParamsSchema;
    add({
      method: 'POST',
      url: '/api/admin/topics/:id/anki-imports',
      access: admin,
      params: idParamSchema,
      response: ankiImportStartedSchema,
      status: 202,
      call: async (a, r) => s.start(a, r.params.id, await saveUpload(r.http, maxBytes)),
    });
    add({
      method: 'GET',
      url: '/api/admin/anki-imports/:jobId',
      access: admin,
      params,
      response: ankiImportJobSchema,
      call: async (a, r) => s.get(a, r.params.jobId),
    });
    // The preview's pictures (its sample cards as students will see them): sniffed raster images only,
    // never another type as is (an SVG is not served), for the job's owner, not cached.
    add({
      method: 'GET',
      url: '/api/admin/anki-imports/:jobId/pictures/:name',
      access: admin,
      params: ankiImportPictureParamsSchema,
      reply: 'raw',
      call: async (a, r) => {
        const picture = await s.picture(a, r.params.jobId, r.params.name);
        return rawReply(
          Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength),
          {
            'content-type': picture.type,
            'x-content-type-options': 'nosniff',
            'cache-control': 'private, no-store',
          },
        );
      },
    });
    add({
      method: 'POST',
      url: '/api/admin/anki-imports/:jobId/import',
      access: admin,
      params,
      body: ankiImportBodySchema,
      response: ankiImportJobSchema,
      status: 202,
      call: (a, r) => s.import(a, r.params.jobId, r.body),
    });
    add({
      method: 'POST',
      url: '/api/admin/anki-imports/:jobId/cancel',
      access: admin,
      params,
      response: ankiImportJobSchema,
      call: (a, r) => s.cancel(a, r.params.jobId),
    });
    add({
      method: 'POST',
      url: '/api/admin/anki-imports/:jobId/retry',
      access: admin,
      params,
      response: ankiImportJobSchema,
      status: 202,
      call: (a, r) => s.retry(a, r.params.jobId),
    });
  };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const unreadable = () => badRequest(M.unreadable, 'BAD_MULTIPART');

/**
 * The one file of the multipart body in a fresh temporary directory (removed again on any refusal): 400
 * without one, for a body busboy cannot read (a field before the file, cut short) or when it is not a zip,
 * a whole collection (.colpkg) refused by name before reading, 413 past the limit.
 */
async function saveUpload(r: FastifyRequest, maxBytes: number): Promise<AnkiUpload> {
  if (!r.isMultipart()) throw badRequest(M.noFile, 'NO_FILE');
  const upload = await newUploadFile();
  const { dir, path: file } = upload;
  const refuse = async (err: AppError) => {
    await removeUploadFile(upload);
    return err;
  };
  let fileName: string;
  try {
    const part = await r.file();
    if (!part) throw await refuse(badRequest(M.noFile, 'NO_FILE'));
    fileName = cleanFileName(part.filename);
    // A file busboy already gave up on (a field came first, the body ended early) never ends: piping it
    // would wait forever.
    if (part.file.destroyed) throw await refuse(unreadable());
    await pipeline(part.file, createWriteStream(file));
    if (part.file.truncated)
      throw await refuse(new AppError(413, 'UPLOAD_TOO_LARGE', M.tooLarge(Math.round(maxBytes / 2 ** 20))));
  } catch (err) {
    if (err instanceof AppError) throw err;
    await removeUploadFile(upload);
    if ((err as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, 'UPLOAD_TOO_LARGE', M.tooLarge(Math.round(maxBytes / 2 ** 20)));
    throw unreadable();
  }
  if (/\.colpkg$/i.test(fileName))
    throw await refuse(badRequest(ANKI_READ_MESSAGES.collectionPackage, 'ANKI_COLLECTION'));
  const head = Buffer.alloc(4);
  const fd = await open(file);
  try {
    await fd.read(head, 0, 4, 0);
  } finally {
    await fd.close();
  }
  if (!ZIP.every((b, i) => head[i] === b))
    throw await refuse(badRequest(ANKI_READ_MESSAGES.notAPackage, 'ANKI_NOT_A_PACKAGE'));
  return { fileName, path: file, dir };
}
