// The one client's one error decoder: JSON calls, uploads (bytes, forms, with progress) and file downloads
// all refuse with the server's { error: { code, message } } and Retry-After, or the connection-lost text.
import { MSG } from '@zan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiFile, apiUpload, apiUploadWithProgress } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

const refused = () =>
  new Response(JSON.stringify({ error: { code: 'LIMITED', message: 'Try later.' } }), {
    status: 429,
    headers: { 'Retry-After': '30' },
  });

async function errorOf(p: Promise<unknown>): Promise<ApiError> {
  const e: unknown = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('api', () => {
  it.each([
    ['api', () => api('POST', '/x', { a: 1 })],
    ['apiUpload (bytes)', () => apiUpload('/x', new Blob(['b']))],
    ['apiUpload (form)', () => apiUpload('/x', new FormData())],
    ['apiFile', () => apiFile('/x')],
  ])('%s: a refusal carries the server’s code, message and Retry-After', async (_, call) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => refused()),
    );
    const e = await errorOf(call());
    expect([e.status, e.code, e.message, e.retryAfterSeconds]).toEqual([429, 'LIMITED', 'Try later.', 30]);
  });

  it('a body without an error reads as HTTP_<status> and the unexpected text; no connection as NETWORK', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    const e = await errorOf(apiUpload('/x', new Blob(['b'])));
    expect([e.code, e.message, e.retryAfterSeconds]).toEqual(['HTTP_502', MSG.unexpected, null]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const n = await errorOf(apiFile('/x'));
    expect([n.isNetwork, n.code, n.message]).toEqual([true, 'NETWORK', MSG.connectionLost]);
  });

  it('apiUpload sends a file as its bytes and a form as multipart, and reads the JSON reply', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['b'], 'a.apkg');
    expect(await apiUpload('/x', file)).toEqual({ ok: 1 });
    await apiUpload('/x', new FormData());
    const [[, bytes], [, form]] = fetchMock.mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(bytes).toMatchObject({ method: 'POST', body: file, credentials: 'same-origin' });
    expect(bytes.headers).toEqual({ 'Content-Type': 'application/octet-stream', Accept: 'application/json' });
    expect(form.headers).toEqual({ Accept: 'application/json' });
  });

  it('apiUploadWithProgress reports progress and decodes a refusal the same way', async () => {
    class FakeXhr {
      static last: FakeXhr;
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      status = 0;
      responseText = '';
      withCredentials = false;
      onload?: () => void;
      onerror?: () => void;
      constructor() {
        FakeXhr.last = this;
      }
      open() {}
      setRequestHeader() {}
      getResponseHeader = (name: string) => (name === 'retry-after' ? '5' : null);
      send() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const upload = apiUploadWithProgress('/x', new FormData(), (f) => progress.push(f));
    FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    Object.assign(FakeXhr.last, {
      status: 413,
      responseText: JSON.stringify({ error: { code: 'TOO_LARGE', message: 'Too large.' } }),
    });
    FakeXhr.last.onload?.();
    const e = await errorOf(upload);
    expect([e.status, e.code, e.message, e.retryAfterSeconds]).toEqual([413, 'TOO_LARGE', 'Too large.', 5]);
    expect(progress).toEqual([0.25]);
  });
});
