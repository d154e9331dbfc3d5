// Reading a package off the event loop (issue 20): the worker gives the same package as a direct read, its
// progress and media in chunks, and refuses a bomb within the budget without the server's memory growing;
// for the admin import it plans there too and sends back the plan and the pictures it uses.
import { zipSync } from 'fflate';
import { MSG } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { OFF_THREAD } from '../../platform/off-thread.ts';
import { holdSlot } from '../../platform/off-thread-hold.ts';
import { planAnkiImport } from './import-plan.ts';
import { planAnkiPackageOffThread, readAnkiPackageOffThread } from './read-off-thread.ts';
import { readAnkiPackage } from './read-package.ts';
import { buildTestPackage, largeContent, sampleContent, zstd } from './test-packages.ts';
import { writeProto } from './protobuf.ts';

describe('readAnkiPackageOffThread', () => {
  it('a full pool refuses the read with the busy 429 (not as a damaged package)', async () => {
    const bounds = { ...OFF_THREAD };
    Object.assign(OFF_THREAD, { concurrent: 1, queue: 0 });
    const held = holdSlot();
    try {
      const bytes = await buildTestPackage('latest', sampleContent());
      await expect(readAnkiPackageOffThread(bytes)).rejects.toMatchObject({
        statusCode: 429,
        code: 'SERVER_BUSY',
        message: expect.stringMatching(new RegExp(`^${MSG.serverBusy(0).split(' 0 ')[0]}`)),
      });
    } finally {
      Object.assign(OFF_THREAD, bounds);
      await held.release();
    }
  }, 30_000);

  it('reads what a direct read reads, with progress', async () => {
    const bytes = await buildTestPackage('latest', sampleContent());
    const progress: string[] = [];
    const off = await readAnkiPackageOffThread(bytes, { onProgress: (p) => progress.push(p.stage) });
    const direct = await readAnkiPackage(bytes);
    expect(off).toEqual(direct);
    expect(progress).toContain('collection');
    expect(progress.at(-1)).toBe('media');
  }, 30_000);

  it('brings back every media file of a package with many, in chunks', async () => {
    const bytes = await buildTestPackage('legacy2', largeContent(300, 300));
    const r = await readAnkiPackageOffThread(bytes);
    if ('error' in r) throw new Error(r.error.message);
    expect(r.package.media).toHaveLength(300);
    expect(r.package.notes).toHaveLength(300);
  }, 30_000);

  it('refuses a zstd bomb within the budget, its memory never in the server', async () => {
    const frame = await zstd(new Uint8Array(96 * 1024 * 1024), 1);
    const bytes = zipSync({ meta: writeProto([[1, 3]]), 'collection.anki21b': [frame, { level: 0 }] });
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const r = await readAnkiPackageOffThread(bytes, { limits: { maxUncompressedBytes: 16 * 1024 * 1024 } });
    expect('error' in r && r.error.code).toBe('bomb');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  }, 30_000);

  it('plans in the child for the admin import: the same plan as on the event loop, only its pictures back', async () => {
    const bytes = await buildTestPackage('latest', sampleContent());
    const off = await planAnkiPackageOffThread(bytes);
    const direct = await readAnkiPackage(bytes);
    if ('error' in off || 'error' in direct) throw new Error('unreadable');
    expect(off.plan).toEqual(planAnkiImport(direct.package));
    // The package holds a picture and a sound; only the picture a card uses comes back.
    expect(direct.package.media.map((m) => m.name).sort()).toEqual(['beat.mp3', 'heart.png']);
    expect(off.media.map((m) => m.name)).toEqual(['heart.png']);
  }, 30_000);
});
