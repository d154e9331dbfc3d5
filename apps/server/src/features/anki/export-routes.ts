// GET /api/admin/decks/:id/apkg (issue 20 'Export .apkg') and GET /api/decks/:id/apkg (a student's own
// progress on a deck): parse, call the export service, send the package as a download named after the deck.
import { idParamSchema } from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rawReply, routeTable, type RawReply } from '../../plugins/route-table.ts';
import type { AppContext } from '../../context.ts';
import { createStorage } from '../../platform/storage.ts';
import { ankiExportService, type AnkiDownload } from './export-service.ts';

/** A package as a file download (an ASCII fallback name and the UTF-8 one, RFC 6266). */
function download(d: AnkiDownload): RawReply {
  const ascii = d.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return rawReply(Buffer.from(d.bytes.buffer, d.bytes.byteOffset, d.bytes.byteLength), {
    'content-type': 'application/octet-stream',
    'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(d.fileName)}`,
    'cache-control': 'no-store',
  });
}

export const ankiExportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const exports = ankiExportService({ db: ctx.db, storage: createStorage(ctx.config.storage) });
    const add = routeTable(app);
    // A student's own progress on a deck they can see (issue 20: "so they can leave with it").
    add({
      method: 'GET',
      url: '/api/decks/:id/apkg',
      access: 'verified',
      tags: ['sync'],
      params: idParamSchema,
      reply: 'raw',
      call: async (a, r) => download(await exports.progressPackage(a, r.params.id)),
    });
    add({
      method: 'GET',
      url: '/api/admin/decks/:id/apkg',
      access: 'admin',
      tags: ['admin resources'],
      params: idParamSchema,
      reply: 'raw',
      call: async (a, r) => download(await exports.deckPackage(a, r.params.id)),
    });
  };
