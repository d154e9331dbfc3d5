import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { MSG } from '@zan/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.ts';
import { deleteImageFiles, storeUploadedImage } from './image-store.ts';
import { createStorage, type StorageDriver } from './storage.ts';

let s3server: Awaited<ReturnType<typeof startS3Server>>;
const localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-image-store-'));
let photo: Buffer;

beforeAll(async () => {
  s3server = await startS3Server();
  photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await s3server?.close();
  fs.rmSync(localDir, { recursive: true, force: true });
});

const drivers: [string, () => StorageDriver][] = [
  ['local directory', () => createStorage({ driver: 'local', dir: localDir })],
  ['S3 (s3rver)', () => createStorage({ driver: 's3', s3: s3server.s3 })],
];

describe.each(drivers)('upload → webp on the %s driver', (_name, make) => {
  it('stores the original and a webp of at most 1600 px under the SPEC §7 path', async () => {
    const storage = make();
    const out = await storeUploadedImage(storage, {
      uid: 'u1',
      fileName: 'Heart scan.JPG',
      bytes: photo,
      now: 1_700_000_000_000,
    });
    expect(out).toEqual({
      storageUrl: '/files/html_content_images/u1_1700000000000_heart-scan.jpg',
      webpUrl: '/files/html_content_images/u1_1700000000000_heart-scan.webp',
      isOptimized: true,
      warning: null,
      contentType: 'image/jpeg',
      width: 1600,
      height: 1200,
    });
    const original = await storage.get(storage.keyForUrl(out.storageUrl)!);
    expect(original?.contentType).toBe('image/jpeg');
    expect((await buffer(original!.body)).equals(photo)).toBe(true);
    const webp = await storage.get(storage.keyForUrl(out.webpUrl!)!);
    expect(webp?.contentType).toBe('image/webp');
    expect(await sharp(await buffer(webp!.body)).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 1200,
    });
  });

  it('never reuses a stored name: a second upload in the same millisecond gets the next one', async () => {
    const storage = make();
    const upload = { uid: 'u2', fileName: 'a.png', bytes: photo, now: 1_700_000_000_000 };
    const first = await storeUploadedImage(storage, upload);
    const second = await storeUploadedImage(storage, upload);
    expect(first.storageUrl).toBe('/files/html_content_images/u2_1700000000000_a.jpg');
    expect(second.storageUrl).toBe('/files/html_content_images/u2_1700000000001_a.jpg');
  });

  it('a timed-out conversion stores only the original, with the warning', async () => {
    const storage = make();
    const out = await storeUploadedImage(
      storage,
      { uid: 'u3', fileName: 'slow.jpg', bytes: photo, now: 1 },
      { timeoutMs: 10, convert: () => new Promise(() => undefined) },
    );
    expect(out).toMatchObject({ webpUrl: null, isOptimized: false, warning: MSG.imageOptimizationTimedOut });
    expect(await storage.exists('html_content_images/u3_1_slow.jpg')).toBe(true);
    expect(await storage.exists('html_content_images/u3_1_slow.webp')).toBe(false);
  });

  it('a refused file stores nothing', async () => {
    const storage = make();
    const text = Buffer.from('plain text named like an image');
    await expect(
      storeUploadedImage(storage, { uid: 'u4', fileName: 'x.png', bytes: text, now: 2 }),
    ).rejects.toThrow(MSG.imageUploadFailedReason(MSG.imageWrongType));
    expect(await storage.exists('html_content_images/u4_2_x.png')).toBe(false);
  });

  it('deleting by the row URLs removes both files and ignores URLs it did not make', async () => {
    const storage = make();
    const out = await storeUploadedImage(storage, { uid: 'u5', fileName: 'gone.jpg', bytes: photo, now: 3 });
    await deleteImageFiles(storage, [
      out.storageUrl,
      out.webpUrl,
      null,
      '/demo-images/heart.svg',
      'https://x.example/a.png',
    ]);
    expect(await storage.exists('html_content_images/u5_3_gone.jpg')).toBe(false);
    expect(await storage.exists('html_content_images/u5_3_gone.webp')).toBe(false);
  });
});

describe('storage failures', () => {
  it('a failed webp write removes the original: both or neither', async () => {
    const real = createStorage({ driver: 'local', dir: localDir });
    const failing: StorageDriver = {
      ...real,
      put: async (key, body, opts) => {
        if (key.endsWith('.webp')) throw new Error('disk full');
        await real.put(key, body, opts);
      },
    };
    await expect(
      storeUploadedImage(failing, { uid: 'u6', fileName: 'p.jpg', bytes: photo, now: 4 }),
    ).rejects.toThrow('disk full');
    expect(await real.exists('html_content_images/u6_4_p.jpg')).toBe(false);
  });
});
