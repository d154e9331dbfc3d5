// Every way a package is refused (issue 20): too large, not a package, a whole collection, too new, damaged,
// too many notes or media, zip and zstd bombs (refused within the budget, not after inflating them; a zip
// entry or zstd frame that lies about its size stopped there, issue 38), and unsafe media names — always a
// clear message, never an exception.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { InflateBudget, INFLATE_OVERSHOOT, listZip } from './bounded-inflate.ts';
import { ANKI_LIMITS, type AnkiLimits, type AnkiReadResult } from './model.ts';
import { writeProto } from './protobuf.ts';
import { readAnkiPackage } from './read-package.ts';
import { buildTestPackage, declaringSize, largeContent, PNG, sampleContent, zstd } from './test-packages.ts';

const code = (r: AnkiReadResult) => ('error' in r ? r.error.code : 'ok');
const message = (r: AnkiReadResult) => ('error' in r ? r.error.message : '');
const limits = (l: Partial<AnkiLimits>) => ({ limits: l });

describe('refusals', () => {
  it('a package over the size bound', async () => {
    const bytes = await buildTestPackage('legacy2', sampleContent());
    const r = await readAnkiPackage(bytes, limits({ maxPackageBytes: bytes.length - 1 }));
    expect(code(r)).toBe('too-large');
    expect(message(r)).toMatch(/larger than/);
  });

  it('bytes that are not a zip, and a zip without a collection', async () => {
    expect(code(await readAnkiPackage(new TextEncoder().encode('front,back\n1,2\n')))).toBe('not-a-package');
    expect(code(await readAnkiPackage(new Uint8Array(0)))).toBe('not-a-package');
    expect(code(await readAnkiPackage(zipSync({ 'notes.txt': new Uint8Array([1]) })))).toBe('not-a-package');
  });

  it('a .colpkg, unless a whole collection is wanted (a student’s progress)', async () => {
    const bytes = await buildTestPackage('latest', sampleContent());
    const r = await readAnkiPackage(bytes, { fileName: 'collection.colpkg' });
    expect(code(r)).toBe('collection-package');
    expect(message(r)).toMatch(/\.apkg/);
    expect(code(await readAnkiPackage(bytes, { fileName: 'c.colpkg', allowCollection: true }))).toBe('ok');
  });

  it('a meta version this reader does not know', async () => {
    const bytes = zipSync({ meta: writeProto([[1, 4]]), 'collection.anki21b': new Uint8Array(8) });
    expect(code(await readAnkiPackage(bytes))).toBe('too-new');
  });

  it('damaged packages: a collection that is not SQLite, a cut zip, a broken media list, broken zstd', async () => {
    const notSqlite = zipSync({ 'collection.anki2': new TextEncoder().encode('x'.repeat(200)) });
    expect(code(await readAnkiPackage(notSqlite))).toBe('malformed');
    const good = await buildTestPackage('legacy1', sampleContent());
    const cut = good.slice(0, good.length - 40);
    expect(['malformed', 'not-a-package']).toContain(code(await readAnkiPackage(cut)));
    const corrupt = good.slice();
    corrupt.fill(0x55, 40, 400);
    expect(['malformed', 'not-a-package']).toContain(code(await readAnkiPackage(corrupt)));
    const badMedia = zipSync({
      'collection.anki2': (await readCollectionFile(good)) ?? new Uint8Array(0),
      media: new TextEncoder().encode('{not json'),
    });
    expect(message(await readAnkiPackage(badMedia))).toMatch(/damaged: its media list/);
    const badZstd = zipSync({ meta: writeProto([[1, 3]]), 'collection.anki21b': new Uint8Array(64).fill(7) });
    expect(message(await readAnkiPackage(badZstd))).toMatch(/damaged/);
  });

  it('more notes, cards or media than allowed', async () => {
    const bytes = await buildTestPackage('latest', largeContent(50, 5));
    expect(code(await readAnkiPackage(bytes, limits({ maxNotes: 49 })))).toBe('too-many-notes');
    expect(code(await readAnkiPackage(bytes, limits({ maxCards: 10 })))).toBe('too-many-notes');
    expect(code(await readAnkiPackage(bytes, limits({ maxMedia: 4 })))).toBe('too-many-media');
    expect(code(await readAnkiPackage(bytes, limits({ maxNotes: 50, maxMedia: 5 })))).toBe('ok');
  });

  it('unsafe media names are left out and named; a file the map names but the zip lacks too', async () => {
    const content = sampleContent();
    const bytes = await buildTestPackage('legacy2', {
      ...content,
      media: [
        ...content.media,
        { name: '../etc/passwd', bytes: PNG },
        { name: 'a/b.png', bytes: PNG },
        { name: 'c\\d.png', bytes: PNG },
        { name: 'nul\0.png', bytes: PNG },
      ],
    });
    const r = await readAnkiPackage(bytes);
    if ('error' in r) throw new Error(r.error.message);
    expect(r.package.media.map((m) => m.name)).toEqual(['heart.png', 'beat.mp3']);
    expect(r.package.refusedMedia.map((m) => m.name)).toEqual([
      '../etc/passwd',
      'a/b.png',
      'c\\d.png',
      'nul\0.png',
    ]);
  });
});

/** The collection file of a Legacy 1 package (to build damaged variants around it). */
async function readCollectionFile(pkg: Uint8Array): Promise<Uint8Array | undefined> {
  const { unzipSync } = await import('fflate');
  return unzipSync(pkg)['collection.anki2'];
}

describe('bombs are refused within the budget', () => {
  const budget = { maxUncompressedBytes: 8 * 1024 * 1024, maxRatio: 50 };

  it('a zip entry that inflates far past its compressed size', async () => {
    const zeros = new Uint8Array(64 * 1024 * 1024);
    const bytes = zipSync({ 'collection.anki2': zeros }, { level: 9 });
    expect(bytes.length).toBeLessThan(200_000);
    expect(code(await readAnkiPackage(bytes, limits(budget)))).toBe('bomb');
    // Refused from its declared size: nothing was inflated.
    const inflate = new InflateBudget({ ...ANKI_LIMITS, ...budget });
    expect(() => inflate.unzip(bytes, listZip(bytes, 4)![0]!, budget.maxUncompressedBytes)).toThrow(
      /unpacks to more/,
    );
    expect(inflate.inflated).toBe(0);
  });

  it('a zip entry that lies about its size is stopped at that size while inflating (issue 38)', async () => {
    // 64 MiB of zeros declared as 1 KiB.
    const zeros = zipSync({ 'collection.anki2': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    const bytes = declaringSize(zeros, 1024);
    const lie = /damaged: "collection.anki2" is not the size its zip says/;
    expect(message(await readAnkiPackage(bytes))).toMatch(lie);
    // What came out before it was stopped: the declared size and at most one step past it.
    for (const l of [ANKI_LIMITS, { ...ANKI_LIMITS, ...budget, maxRatio: 1_000_000 }]) {
      const inflate = new InflateBudget(l);
      expect(() => inflate.unzip(bytes, listZip(bytes, 4)![0]!, l.maxCollectionBytes)).toThrow(lie);
      expect(inflate.inflated).toBeLessThanOrEqual(1024 + INFLATE_OVERSHOOT);
    }
  });

  it('a zstd stream that lies about its content size is stopped at that size (issue 38)', async () => {
    const frame = withContentSize(await zstd(new Uint8Array(8 * 1024 * 1024), 1), 1024);
    const l = { ...ANKI_LIMITS, ...budget, maxRatio: 1_000_000 };
    const inflate = new InflateBudget(l);
    expect(() => inflate.zstd(frame, 'its collection', l.maxCollectionBytes)).toThrow(
      /damaged: its collection is not the size it says/,
    );
    expect(inflate.inflated).toBeLessThanOrEqual(1024 + INFLATE_OVERSHOOT);
    const bytes = zipSync({ meta: writeProto([[1, 3]]), 'collection.anki21b': [frame, { level: 0 }] });
    expect(message(await readAnkiPackage(bytes, limits(l)))).toMatch(/not the size it says/);
  });

  it('a zstd collection that unpacks past the budget', async () => {
    const frame = await zstd(new Uint8Array(64 * 1024 * 1024), 1);
    const bytes = zipSync({ meta: writeProto([[1, 3]]), 'collection.anki21b': [frame, { level: 0 }] });
    expect(code(await readAnkiPackage(bytes, limits(budget)))).toBe('bomb');
    // Without a declared size too: the ratio and the budget stop it while decoding.
    const noSize = withContentSize(frame, null);
    const bytes2 = zipSync({ meta: writeProto([[1, 3]]), 'collection.anki21b': [noSize, { level: 0 }] });
    expect(code(await readAnkiPackage(bytes2, limits(budget)))).toBe('bomb');
  });

  it('a zstd frame asking for a 2 GB window is refused before any allocation', async () => {
    // magic, FHD: single segment, 4-byte content size 0x7ff00000; one empty last raw block.
    const frame = Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 0xa0, 0x00, 0x00, 0xf0, 0x7f, 0x01, 0x00, 0x00]);
    const bytes = zipSync({ meta: writeProto([[1, 3]]), 'collection.anki21b': [frame, { level: 0 }] });
    expect(code(await readAnkiPackage(bytes, limits(budget)))).toBe('bomb');
  });
});

/**
 * The same zstd frame with its header rewritten: a window descriptor (8 MiB) instead of a single-segment
 * content size, and the content size `size` declares (2 bytes; none when null).
 */
function withContentSize(frame: Uint8Array, size: number | null): Uint8Array {
  const fhd = frame[4]!;
  const fcsFlag = fhd >> 6;
  const single = (fhd >> 5) & 1;
  const fcsBytes = [single ? 1 : 0, 2, 4, 8][fcsFlag]!;
  const headerEnd = 5 + (single ? 0 : 1) + fcsBytes;
  const checksum = fhd & 4;
  // FHD: content size flag 1 (2 bytes, size − 256) or 0, not single segment, checksum kept.
  const fcs = size === null ? [] : [(size - 256) & 0xff, (size - 256) >> 8];
  const flag = size === null ? 0 : 1 << 6;
  return Uint8Array.from([
    ...frame.subarray(0, 4),
    flag | checksum,
    13 << 3,
    ...fcs,
    ...frame.subarray(headerEnd),
  ]);
}
