// Response compression (br, then gzip) for JSON and the built web app's text assets, from 1 KB up.
// The live event stream is never compressed: text/event-stream is excluded by the type filter, and
// GET /api/events hijacks its reply anyway, so events are written through as they happen.
// Must be registered before @fastify/static (registerWeb) so static files are compressed too;
// partial content (206 / Content-Range) is left alone by the plugin.
import { Readable } from 'node:stream';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const COMPRESS_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false, // request bodies stay plain JSON (bodyLimit applies as is)
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
  });
  // A 304 / 204 has no body: drop the empty stream @fastify/static hands over for a 304, so the
  // (route-level, later) compression hook does not wrap it and label it Content-Encoding.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode !== 304 && reply.statusCode !== 204) return payload;
    if (payload instanceof Readable) payload.destroy();
    return null;
  });
}
