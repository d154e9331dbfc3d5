// Compression for responses a route compresses itself, because it keeps the compressed bytes (the topic
// content cache): the same encodings and settings as the global plugin (plugins/compression.ts) —
// br, then gzip, from COMPRESS_THRESHOLD up — chosen from the request's Accept-Encoding.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The server's preference among what the client accepts (q > 0; `*` accepts both); null: send it plain. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const v = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(v) ? v : 0);
  }
  const accepted = (enc: Encoding) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** Compresses off the event loop (libuv's pool), brotli at the plugin's quality 4 (in text mode), gzip at zlib's default. */
export function compressText(text: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(text, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        },
      })
    : gzip(text);
}
