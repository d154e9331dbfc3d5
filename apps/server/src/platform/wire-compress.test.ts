import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressText, negotiateEncoding } from './wire-compress.ts';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['GZIP;q=1.0, BR;q=0.1', 'br'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['', null],
    [undefined, null],
    [['deflate', 'gzip'], 'gzip'],
    ['gzip;q=abc', null],
  ] as const)('%j → %s', (header, want) => {
    expect(negotiateEncoding(header as string | string[] | undefined)).toBe(want);
  });
});

describe('compressText', () => {
  it('round-trips br and gzip', async () => {
    const text = JSON.stringify({
      cards: Array.from({ length: 200 }, (_, i) => ({ id: `c${i}`, front: 'é'.repeat(i) })),
    });
    expect(zlib.brotliDecompressSync(await compressText(text, 'br')).toString()).toBe(text);
    expect(zlib.gunzipSync(await compressText(text, 'gzip')).toString()).toBe(text);
  });
});
