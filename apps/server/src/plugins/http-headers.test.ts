// What goes over the wire besides the body: compression (br/gzip for JSON and the web app's files,
// never for the live event stream or partial content) and the security headers (the strict CSP and
// the other document-only headers on documents, the rest on everything).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { createCollege, createUser, signIn, signedInUser } from '../../test/helpers.ts';
import { write } from '../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;

/** The CSP every HTML page had before it moved to documents only; it must stay byte for byte. */
const STRICT_CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';frame-src 'none';frame-ancestors 'none';" +
  "base-uri 'self';form-action 'self'";
const DOCUMENT_HEADERS = {
  'content-security-policy': STRICT_CSP,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-xss-protection': '0',
};
const EVERY_RESPONSE = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-permitted-cross-domain-policies': 'none',
};

const BIG_JS = `export const data = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `item number ${i}`))};\n`;

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>Zan</title></head><body>${'<p>Zan</p>'.repeat(200)}</body></html>`,
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), BIG_JS);
  fs.writeFileSync(
    path.join(dir, 'sw-custom.js'),
    `self.addEventListener('fetch', () => {});\n${'// pad\n'.repeat(300)}`,
  );
  return dir;
}

describe('HTTP compression and headers', () => {
  let t: T;
  let dist: string;
  let base: string;
  beforeAll(async () => {
    dist = makeDist();
    t = await createTestApp({ webDist: dist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (t.app.server.listening) await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  async function studentWithTopics(n: number) {
    const c = await createCollege(t.db, { years: ['Y1'] });
    await write(t.db, async (w) => {
      const m = await w.module({ collegeId: c.id, yearGroup: 'Y1' });
      const s = await w.subject(m);
      await w.topics(s, n);
    });
    return signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: 'Y1' });
  }

  it('compresses a large JSON response with br (preferred) or gzip, and it decodes to the same JSON', async () => {
    const s = await studentWithTopics(40);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/sync/content',
      headers: { cookie: s.cookie },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4096);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/sync/content',
      headers: { cookie: s.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers['cache-control']).toBe('no-store');

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/sync/content',
      headers: { cookie: s.cookie, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves responses under 1 KB alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('a JSON API response carries nosniff & co but no CSP or other document-only header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers).toMatchObject(EVERY_RESPONSE);
    for (const h of Object.keys(DOCUMENT_HEADERS)) expect(res.headers[h], h).toBeUndefined();
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['content-security-policy']).toBeUndefined();
    expect(notFound.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the app shell (SPA fallback and /index.html) keeps the strict CSP exactly, with every document header', async () => {
    for (const url of ['/', '/study/some-subject', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers, url).toMatchObject({ ...DOCUMENT_HEADERS, ...EVERY_RESPONSE });
      // The SPA fallback (the not-found handler) is not a route, so it is sent as is (index.html is ~1.5 KB).
      const body =
        res.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(res.rawPayload).toString()
          : res.body;
      expect(body, url).toContain('<title>Zan</title>');
    }
    const direct = await t.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br' },
    });
    expect(direct.headers['content-encoding']).toBe('br');
    expect(direct.headers['cache-control']).toBe('no-cache');
  });

  it("the service worker script gets the CSP (it is the worker's policy), plain module scripts do not", async () => {
    const sw = await t.app.inject({
      method: 'GET',
      url: '/sw-custom.js',
      headers: { 'service-worker': 'script', 'sec-fetch-dest': 'serviceworker' },
    });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-security-policy']).toBe(STRICT_CSP);
    const js = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'sec-fetch-dest': 'script' },
    });
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
  });

  it('compresses static assets, keeps their ETag, answers 304 and plain ranges', async () => {
    const res = await fetch(`${base}/assets/index-abc.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(BIG_JS); // fetch decodes
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);

    const again = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag! },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();

    // Content-Range counts bytes of the file itself: a range is never compressed.
    const range = await fetch(`${base}/assets/index-abc.js`, {
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' },
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-encoding')).toBeNull();
    expect(range.headers.get('content-range')).toBe(`bytes 0-99/${Buffer.byteLength(BIG_JS)}`);
    expect(await range.text()).toBe(BIG_JS.slice(0, 100));
  });

  it('the live event stream is neither compressed nor buffered: each event arrives as it is published', async () => {
    const u = await createUser(t.db);
    const session = await signIn(t.app, u.email, u.password);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, {
      headers: { cookie: session.cookie, 'accept-encoding': 'br, gzip, deflate' },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('content-security-policy')).toBeNull();
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (pattern: RegExp) => {
        while (!pattern.test(text)) {
          const { done, value } = await reader.read();
          if (done) throw new Error(`stream ended before ${pattern}`);
          text += decoder.decode(value, { stream: true });
        }
      };
      await readUntil(/: connected/);
      for (const n of [1, 2, 3]) {
        const started = Date.now();
        await publish(u.id, n);
        await readUntil(new RegExp(`"n":${n}`));
        expect(Date.now() - started).toBeLessThan(1000);
      }
      expect(text).toContain('event: profile\ndata: {"n":1}\n\n');
    } finally {
      controller.abort();
    }
  });

  /** Publishes on the app's own live-event bus through PostgreSQL NOTIFY (another instance's path). */
  async function publish(userId: string, n: number) {
    const { createEventBus } = await import('../platform/events.ts');
    const bus = createEventBus({ pool: t.pool, log: { warn: () => undefined } });
    await bus.start();
    try {
      await bus.publish(userId, 'profile', { n });
    } finally {
      await bus.close();
    }
  }
});
