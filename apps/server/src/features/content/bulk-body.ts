// Bulk import bodies (up to 32 MB of JSON) are parsed and checked against their schema in a worker thread
// (bulk-body-worker.ts, platform/off-thread.ts), not on the event loop, where parsing and validating 30 MB
// stalled every other request for ~150–500 ms (issue 17); a card import's faces are sanitised and judged
// there too, so a refused import never comes back to the event loop. Small bodies keep Fastify's parser.
import { MSG } from '@zan/core';
import { errorCodes, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, badRequest } from '../../errors.ts';
import { markFacesJudged } from './clean-html.ts';
import { OffThreadFailure, runOffThread } from '../../platform/off-thread.ts';
import type { BulkBodyChunk, BulkBodyInput, BulkBodyKind, BulkBodyResult } from './bulk-body-worker.ts';

/** Bodies from this size on go to a worker; smaller ones cost less to parse than to hand over. */
export const OFF_THREAD_BODY_BYTES = 256 * 1024;

/** Bodies the worker already checked against the route's schema: the route's validator passes them. */
const checked = new WeakSet<object>();

/** A body as its route's schema outputs it, parsed and checked in a worker. */
export async function parseBulkBody(kind: BulkBodyKind, buf: Buffer): Promise<object> {
  // The worker gets the bytes without a copy when the buffer owns its memory.
  const owned = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength;
  const body = (
    owned ? buf.buffer : buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)
  ) as ArrayBuffer;
  const rows = { add: [] as unknown[], update: [] as unknown[] };
  let result: BulkBodyResult;
  try {
    result = await runOffThread<BulkBodyChunk, BulkBodyResult>(
      { from: import.meta.url, name: 'bulk-body-worker' },
      { kind, body } satisfies BulkBodyInput,
      {
        transfer: [body],
        onChunk: (c) => {
          for (const r of c.rows) rows[c.part].push(r);
        },
      },
    );
  } catch (err) {
    if (err instanceof OffThreadFailure) throw new AppError(413, 'IMPORT_LIMIT', MSG.importTooLargeToRead);
    throw err;
  }
  if (!result.ok && result.reason === 'json') throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  if (!result.ok) throw badRequest(result.message, result.reason === 'html' ? result.code : 'VALIDATION');
  const parsed = { name: result.name, ...rows };
  checked.add(parsed);
  if (result.facesJudged) markFacesJudged(parsed);
  return parsed;
}

/**
 * In this (encapsulated) context, JSON bodies of `kind` from OFF_THREAD_BODY_BYTES on are parsed and
 * checked off the event loop, and the routes' zod validator passes a body checked there.
 */
export function bulkBodiesOffThread(app: FastifyInstance, kind: BulkBodyKind, bodyLimit: number): void {
  const inline = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, buf, done) => {
    const bytes = buf as Buffer;
    if (bytes.length < OFF_THREAD_BODY_BYTES) return inline(request, bytes.toString('utf8'), done);
    parseBulkBody(kind, bytes).then(
      (body) => done(null, body),
      (err: Error) => done(err, undefined),
    );
  });
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    if (route.httpPart !== 'body') return validate;
    return (data: unknown) =>
      typeof data === 'object' && data !== null && checked.has(data) ? { value: data } : validate(data);
  });
}
