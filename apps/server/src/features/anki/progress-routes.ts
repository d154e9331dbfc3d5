// POST /api/sync/anki-progress (issue 20, Account → 'Import Anki progress'): the package's bytes as the
// body (application/octet-stream), its file name in the query; parse, call the import, answer the summary.
import { ankiProgressImportResponseSchema } from '@zan/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../errors.ts';
import { requireVerified } from '../../plugins/access.ts';
import { ANKI_LIMITS, ANKI_READ_MESSAGES } from './model.ts';
import { ankiProgressService, type ProgressPush } from './progress-import-service.ts';

export const ankiProgressRoutes =
  (ctx: AppContext, push: ProgressPush): FastifyPluginAsyncZod =>
  async (app) => {
    const service = ankiProgressService({ db: ctx.db, push });
    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: ANKI_LIMITS.maxPackageBytes },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/api/sync/anki-progress',
      {
        schema: {
          tags: ['sync'],
          querystring: z.strictObject({ fileName: z.string().max(255).optional() }),
          response: { 200: ankiProgressImportResponseSchema },
        },
        config: { access: 'verified' },
        bodyLimit: ANKI_LIMITS.maxPackageBytes,
      },
      async (request, reply) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw badRequest(ANKI_READ_MESSAGES.notAPackage, 'ANKI_PACKAGE');
        const summary = await service.importPackage(
          requireVerified(request),
          new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
          request.query.fileName ?? 'progress.apkg',
        );
        return reply.header('cache-control', 'no-store').send(summary);
      },
    );
  };
