// GET /api/admin/decks/:id/apkg (issue 20 'Export .apkg') and GET /api/decks/:id/apkg (a student's own
// progress on a deck): parse, call the export service, send the package as a download named after the deck.
import { idParamSchema } from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { requireVerified } from '../../plugins/access.ts';
import type { AppContext } from '../../context.ts';
import { createStorage } from '../../platform/storage.ts';
import { ankiExportService, type AnkiDownload } from './export-service.ts';

/** Sends a package as a file download (an ASCII fallback name and the UTF-8 one, RFC 6266). */
export function sendDownload(reply: FastifyReply, d: AnkiDownload): FastifyReply {
  const ascii = d.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', 'application/octet-stream')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength));
}

export const ankiExportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const exports = ankiExportService({ db: ctx.db, storage: createStorage(ctx.config.storage) });
    // A student's own progress on a deck they can see (issue 20: "so they can leave with it").
    app.get(
      '/api/decks/:id/apkg',
      { schema: { tags: ['sync'], params: idParamSchema }, config: { access: 'verified' } },
      async (request, reply) =>
        sendDownload(reply, await exports.progressPackage(requireVerified(request), request.params.id)),
    );
    app.get(
      '/api/admin/decks/:id/apkg',
      { schema: { tags: ['admin resources'], params: idParamSchema }, config: { access: 'admin' } },
      async (request, reply) =>
        sendDownload(reply, await exports.deckPackage(requireVerified(request), request.params.id)),
    );
  };
