import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.ts';
import { loadConfig, type S3Config } from '../config.ts';
import {
  assertValidKey,
  createStorage,
  FILE_CACHE_CONTROL,
  setFileHeaders,
  type StorageDriver,
} from './storage.ts';
import { createS3Client, createS3Storage } from './storage-s3.ts';

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const KEY = 'html_content_images/u1_1700000000000_heart.webp';
const bytes = (s: string) => new Uint8Array(Buffer.from(s));

// A local S3 server (s3rver) on a loopback port chosen by the OS, for this file only.
let s3server: Awaited<ReturnType<typeof startS3Server>>;
let s3: S3Config;
const localDir = tmp('zan-storage-local-');

beforeAll(async () => {
  s3server = await startS3Server();
  s3 = s3server.s3;
});

afterAll(async () => {
  await s3server?.close();
  fs.rmSync(localDir, { recursive: true, force: true });
});

const drivers: [string, () => StorageDriver][] = [
  ['local directory', () => createStorage({ driver: 'local', dir: localDir })],
  ['S3 (s3rver)', () => createStorage({ driver: 's3', s3 })],
];

describe.each(drivers)('%s driver', (_name, make) => {
  it('put → exists → get streams the same bytes with type and size', async () => {
    const store = make();
    await store.put(KEY, bytes('RIFF-webp-bytes'), { contentType: 'image/webp' });
    expect(await store.exists(KEY)).toBe(true);
    const file = await store.get(KEY);
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('image/webp');
    expect(file!.size).toBe(15);
    expect(await text(file!.body)).toBe('RIFF-webp-bytes');
  });

  it('takes a stream, and a second put replaces the file', async () => {
    const store = make();
    const key = 'html_content_images/u1_2_stream.png';
    await store.put(key, Readable.from([Buffer.from('part one, '), Buffer.from('part two')]), {
      contentType: 'image/png',
    });
    expect(await text((await store.get(key))!.body)).toBe('part one, part two');
    await store.put(key, bytes('replaced'), { contentType: 'image/png' });
    const again = await store.get(key);
    expect(again!.size).toBe(8);
    expect(await text(again!.body)).toBe('replaced');
  });

  it('missing files: get → null, exists → false, delete is not an error', async () => {
    const store = make();
    const key = 'html_content_images/never_written.jpg';
    expect(await store.get(key)).toBeNull();
    expect(await store.exists(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('delete removes the file', async () => {
    const store = make();
    const key = 'html_content_images/u1_3_gone.webp';
    await store.put(key, bytes('x'), { contentType: 'image/webp' });
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
  });

  it('refuses keys that could escape or hide, before any I/O', async () => {
    const store = make();
    for (const bad of [
      '../etc/passwd',
      '/abs.png',
      'a//b.png',
      '.hidden',
      'a/../b.png',
      'dir/',
      '',
      'a\\b.png',
      'sp ace.png',
      'a/..b.png',
    ]) {
      await expect(store.put(bad, bytes('x'), { contentType: 'image/png' }), bad).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(store.get(bad), bad).rejects.toThrow(/Invalid storage key/);
      await expect(store.delete(bad), bad).rejects.toThrow(/Invalid storage key/);
      await expect(store.exists(bad), bad).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('links files under /files/ (served by this server), and reads the key back from such a URL', () => {
    const store = make();
    expect(store.publicUrl(KEY)).toBe(`/files/${KEY}`);
    expect(store.keyForUrl(store.publicUrl(KEY))).toBe(KEY);
    for (const other of [
      '/files/../etc/passwd',
      '/files/',
      '/demo-images/a.svg',
      'https://elsewhere.example/files/a.png',
      '/files/a%2F..%2Fb',
    ]) {
      expect(store.keyForUrl(other), other).toBeNull();
    }
  });

  it('serves through Fastify with nosniff and immutable caching', async () => {
    const store = make();
    await store.put(KEY, bytes('served bytes'), { contentType: 'image/webp' });
    const app = Fastify();
    app.get('/files/*', async (request, reply) => {
      const file = await store.get((request.params as { '*': string })['*']);
      if (!file) return reply.code(404).send();
      setFileHeaders(reply, file);
      return reply.send(file.body);
    });
    const res = await app.inject({ url: `/files/${KEY}` });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('served bytes');
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': '12',
      'x-content-type-options': 'nosniff',
      'cache-control': FILE_CACHE_CONTROL,
    });
  });
});

describe('local driver specifics', () => {
  it('writes under STORAGE_DIR by key and leaves no temporary files, also when the stream fails', async () => {
    const dir = tmp('zan-storage-atomic-');
    const store = createStorage({ driver: 'local', dir });
    await store.put('a/b/c.png', bytes('ok'), { contentType: 'image/png' });
    expect(fs.readFileSync(path.join(dir, 'a', 'b', 'c.png'), 'utf8')).toBe('ok');
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('a/b/d.png', failing, { contentType: 'image/png' })).rejects.toThrow(
      'client went away',
    );
    expect(fs.readdirSync(path.join(dir, 'a', 'b'))).toEqual(['c.png']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('S3 driver specifics', () => {
  it('stores under the prefix with the content type and cache policy', async () => {
    const client = createS3Client(s3);
    const store = createS3Storage(s3, client);
    await store.put('img/p.png', bytes('png'), { contentType: 'image/png' });
    const list = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'zan/img/' }));
    expect(list.Contents?.map((o) => o.Key)).toEqual(['zan/img/p.png']);
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'zan/img/p.png' }));
    expect(head.ContentType).toBe('image/png');
    expect(head.CacheControl).toBe(FILE_CACHE_CONTROL);
    client.destroy();
  });

  it('links to S3_PUBLIC_URL when set (prefix included), and reads the key back', () => {
    const store = createS3Storage({ ...s3, publicUrl: 'https://cdn.example.org' });
    expect(store.publicUrl('img/p.png')).toBe('https://cdn.example.org/zan/img/p.png');
    expect(store.keyForUrl('https://cdn.example.org/zan/img/p.png')).toBe('img/p.png');
    expect(store.keyForUrl('https://cdn.example.org/other/img/p.png')).toBeNull();
    expect(store.keyForUrl('/files/img/p.png')).toBeNull();
  });

  it('a missing bucket is an error, not a missing file', async () => {
    const store = createS3Storage({ ...s3, bucket: 'no-such-bucket' });
    await expect(store.put('x.png', bytes('x'), { contentType: 'image/png' })).rejects.toThrow(/bucket/i);
    await expect(store.get('x.png')).rejects.toThrow(/bucket/i);
  });

  it('an unreachable server is an error, not a missing file', async () => {
    const store = createS3Storage({ ...s3, endpoint: 'http://127.0.0.1:9' });
    await expect(store.get('x.png')).rejects.toThrow();
  });
});

describe('storage config', () => {
  it('local by default, in <DATA_DIR>/files or STORAGE_DIR', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/zan-data' });
    expect(c.storage).toEqual({ driver: 'local', dir: '/tmp/zan-data/files' });
    expect(loadConfig({ STORAGE_DIR: '/srv/files' }).storage).toEqual({ driver: 'local', dir: '/srv/files' });
  });

  it('S3 when S3_BUCKET is set, with path style for custom endpoints and a normalised prefix', () => {
    const c = loadConfig({
      S3_BUCKET: 'zan',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'uploads',
      S3_PUBLIC_URL: 'https://cdn.example.org/',
    });
    expect(c.storage).toEqual({
      driver: 's3',
      s3: {
        bucket: 'zan',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        forcePathStyle: true,
        prefix: 'uploads/',
        publicUrl: 'https://cdn.example.org',
      },
    });
    const aws = loadConfig({ S3_BUCKET: 'zan', S3_REGION: 'eu-west-2' }).storage;
    expect(aws).toMatchObject({
      driver: 's3',
      s3: { region: 'eu-west-2', forcePathStyle: false, credentials: undefined },
    });
    expect(loadConfig({ S3_BUCKET: 'zan', STORAGE_DRIVER: 'local' }).storage.driver).toBe('local');
  });

  it('refuses an incomplete S3 configuration', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ S3_BUCKET: 'zan', S3_ACCESS_KEY_ID: 'id' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ S3_BUCKET: 'zan', S3_PREFIX: 'x y' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_BUCKET: 'zan', S3_PREFIX: 'a/../b' })).toThrow(/S3_PREFIX: no .. segments/);
  });

  it('keys: the server-made upload path of SPEC §7 passes', () => {
    expect(() =>
      assertValidKey('html_content_images/3fa85f64_1700000000000_heart-diagram.webp'),
    ).not.toThrow();
  });
});
