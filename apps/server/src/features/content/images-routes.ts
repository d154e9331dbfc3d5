// /api/admin/images: upload (multipart, field `file`), browse and delete — parse, call one service
// method, return. Multipart is registered in this plugin only; a file over the 10 MB limit is read to
// one byte past it so the image check answers with its own message.
import multipart from '@fastify/multipart';
import {
  idParamSchema,
  imageListResponseSchema,
  imageScopeQuerySchema,
  imageUploadResponseSchema,
  itemDeletedResponseSchema,
  cleanFileName,
  IMAGE_MAX_BYTES,
  MSG,
} from '@zan/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../errors.ts';
import { routeTable } from '../../plugins/route-table.ts';
import type { ImagesService } from './images-service.ts';

export const imagesRoutes =
  (s: { images: ImagesService }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { files: 1, fileSize: IMAGE_MAX_BYTES + 1, fields: 0 } });
    const add = routeTable(app, ['admin images']);
    const admin = 'admin';
    add({
      method: 'GET',
      url: '/api/admin/images',
      access: admin,
      querystring: imageScopeQuerySchema,
      response: imageListResponseSchema,
      call: async (a, r) => ({ images: await s.images.list(a, r.query) }),
    });
    add({
      method: 'POST',
      url: '/api/admin/images',
      access: admin,
      querystring: imageScopeQuerySchema,
      response: imageUploadResponseSchema,
      status: 201,
      call: async (a, r) => s.images.upload(a, r.query, await readUpload(r.http)),
    });
    add({
      method: 'DELETE',
      url: '/api/admin/images/:id',
      access: admin,
      params: idParamSchema,
      response: itemDeletedResponseSchema,
      call: async (a, r) => {
        await s.images.remove(a, r.params.id);
        return { ok: true as const, count: 0 };
      },
    });
  };

/**
 * The one file of a multipart body, its name cleaned, or null when there is none. A body busboy cannot
 * read (no boundary, truncated, a field where the file should be, too many parts) is the caller's
 * mistake: 400 or 413 with a clear message, never a 500 (issue 17).
 */
async function readUpload(r: FastifyRequest): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  if (!r.isMultipart()) return null;
  try {
    const part = await r.file();
    if (!part) return null;
    return { fileName: cleanFileName(part.filename), bytes: await readUpTo(part.file, IMAGE_MAX_BYTES + 1) };
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413)
      throw new AppError(413, 'UPLOAD_TOO_LARGE', MSG.uploadUnreadable);
    throw badRequest(MSG.uploadUnreadable, 'BAD_MULTIPART');
  }
}

/** The stream's bytes, stopping at `max` (the busboy limit truncates there; the check refuses it). */
async function readUpTo(stream: AsyncIterable<Buffer>, max: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of stream) {
    if (n < max) chunks.push(c.subarray(0, max - n));
    n += c.length;
  }
  return Buffer.concat(chunks);
}
