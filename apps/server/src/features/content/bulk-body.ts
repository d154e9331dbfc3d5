// Bulk import bodies (up to 32 MB of JSON) are parsed and checked against their schema in a worker process
// (bulk-body-worker.ts, platform/off-thread.ts), not on the event loop, where parsing and validating 30 MB
// stalled every other request for ~150–500 ms (issue 17); a card import's faces are sanitised and judged
// there too, so a refused import never comes back to the event loop. Small bodies keep Fastify's parser.
import { writeFile } from 'node:fs/promises';
import { MSG } from '@zan/core';
import { errorCodes, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, badRequest } from '../../errors.ts';
import { markFacesJudged } from './clean-html.ts';
import { OffThreadFailure, runOffThread } from '../../platform/off-thread.ts';
import { newUploadFile, removeUploadFile } from '../../platform/upload-file.ts';
import type { BulkBodyChunk, BulkBodyInput, BulkBodyKind, BulkBodyResult } from './bulk-body-worker.ts';

/** Bodies from this size on go to a worker; smaller ones cost less to parse than to hand over. */
export const OFF_THREAD_BODY_BYTES = 256 * 1024;

/** Bodies the worker already checked against the route's schema: the route's validator passes them. */
const checked = new WeakSet<object>();

/**
 * A body as its route's schema outputs it, parsed and checked in a child process at a lower CPU priority
 * than the server (platform/off-thread.ts), so on a busy machine the event loop keeps its core.
 */
async function parseBulkBody(kind: BulkBodyKind, buf: Buffer): Promise<object> {
  // Written to a temporary file (libuv's threads do it) that the child reads: sending 30 MB over the IPC
  // channel held the event loop ~25 ms to serialise it and stalled it again while the pipe drained.
  const file = await newUploadFile('zan-bulk-', 'body.json');
  const rows = { add: [] as unknown[], update: [] as unknown[], files: [] as unknown[] };
  let result: BulkBodyResult;
  try {
    await writeFile(file.path, buf);
    result = await runOffThread<BulkBodyChunk, BulkBodyResult>(
      { from: import.meta.url, name: 'bulk-body-worker' },
      { kind, body: { path: file.path } } satisfies BulkBodyInput,
      {
        isolation: 'process',
        onChunk: (c) => {
          for (const r of c.rows) rows[c.part].push(r);
        },
      },
    );
  } catch (err) {
    if (err instanceof OffThreadFailure) throw new AppError(413, 'IMPORT_LIMIT', MSG.importTooLargeToRead);
    throw err;
  } finally {
    await removeUploadFile(file);
  }
  if (!result.ok && result.reason === 'json') throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  if (!result.ok) throw badRequest(result.message, result.reason === 'html' ? result.code : 'VALIDATION');
  const parsed = {
    name: result.name,
    add: rows.add,
    update: rows.update,
    ...(result.source !== undefined && { source: result.source }),
    ...(result.files && { files: rows.files }),
  };
  checked.add(parsed);
  if (result.facesJudged) markFacesJudged(parsed);
  return parsed;
}

/**
 * The body's bytes as they arrive, copied chunk by chunk into one buffer of the declared length (the
 * child reads it from a file), with Fastify's own answers for a body over the limit or of another
 * length than declared — instead of Fastify's Buffer.concat of 30 MB in one go on the event loop (~70 ms).
 */
function readBody(
  payload: NodeJS.ReadableStream & { receivedEncodedLength?: number },
  declared: number,
  limit: number,
  done: (err: Error | null, body?: Buffer) => void,
): void {
  // Preallocated only for a declared length within the limit; otherwise the chunks are kept and joined.
  const whole =
    Number.isInteger(declared) && declared > 0 && declared <= limit ? Buffer.allocUnsafeSlow(declared) : null;
  const chunks: Buffer[] = [];
  let received = 0;
  const finish = (err: Error | null, body?: Buffer) => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onError);
    done(err, body);
  };
  function onData(data: Buffer | string) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    if (received + chunk.length > limit || (payload.receivedEncodedLength ?? 0) > limit)
      return finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    if (whole && received + chunk.length <= whole.length) whole.set(chunk, received);
    else chunks.push(chunk);
    received += chunk.length;
  }
  function onEnd() {
    if (Number.isInteger(declared) && (payload.receivedEncodedLength || received) !== declared)
      return finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
    finish(
      null,
      whole && chunks.length === 0 ? whole.subarray(0, received) : Buffer.concat(chunks, received),
    );
  }
  function onError(err: Error & { statusCode?: number }) {
    if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
    finish(err);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onError);
  payload.resume();
}

/**
 * In this (encapsulated) context, JSON bodies of `kind` from OFF_THREAD_BODY_BYTES on are parsed and
 * checked off the event loop, and the routes' zod validator passes a body checked there.
 */
export function bulkBodiesOffThread(app: FastifyInstance, kind: BulkBodyKind, bodyLimit: number): void {
  const inline = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { bodyLimit }, (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > bodyLimit) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    readBody(payload, declared, bodyLimit, (err, bytes) => {
      if (err || !bytes) return done(err ?? new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
      if (bytes.length < OFF_THREAD_BODY_BYTES) return inline(request, bytes.toString('utf8'), done);
      parseBulkBody(kind, bytes).then(
        (body) => done(null, body),
        (e: Error) => done(e, undefined),
      );
    });
  });
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    if (route.httpPart !== 'body') return validate;
    return (data: unknown) =>
      typeof data === 'object' && data !== null && checked.has(data) ? { value: data } : validate(data);
  });
}
