// The S3-compatible storage driver (@aws-sdk/client-s3), used when S3_BUCKET / STORAGE_DRIVER=s3 is set.
// Works with AWS S3 and S3-compatible servers (MinIO, R2, s3rver in the tests).
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../config.ts';
import type { StorageDriver } from './storage.ts';
import {
  assertValidKey,
  contentTypeForKey,
  encodeKey,
  FILE_CACHE_CONTROL,
  FILES_PATH,
  keyAfter,
} from './storage-keys.ts';

/** A GET of a missing object: NoSuchKey (a missing bucket, NoSuchBucket, is a configuration error). */
const isNoSuchKey = (err: unknown) => err instanceof Error && err.name === 'NoSuchKey';

/** A HEAD of a missing object: 404 without a body, so the SDK names it NotFound. */
function isHeadNotFound(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return err.name === 'NotFound' || status === 404;
}

async function toBuffer(body: Uint8Array | Readable): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function createS3Client(cfg: S3Config): S3Client {
  return new S3Client({
    region: cfg.region,
    ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
    ...(cfg.credentials ? { credentials: cfg.credentials } : {}),
    forcePathStyle: cfg.forcePathStyle,
    // Only the checksums S3 requires: many S3-compatible servers reject the newer CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects in `cfg.bucket` under `cfg.prefix`; the client may be passed in (tests, shared pools). */
export function createS3Storage(cfg: S3Config, client: S3Client = createS3Client(cfg)): StorageDriver {
  const objectKey = (key: string) => {
    assertValidKey(key);
    return `${cfg.prefix}${key}`;
  };
  const Bucket = cfg.bucket;

  const driver: StorageDriver = {
    kind: 's3',

    async put(key, body, opts) {
      // A stream of unknown length cannot be sent in one PutObject: buffered (images, ≤ 10 MB); one whose
      // size is known (an uploaded package, up to ANKI_MAX_MB) goes as it is read.
      const streamed = body instanceof Readable && opts.size !== undefined;
      const Body = streamed ? body : await toBuffer(body);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body,
          ContentLength: streamed ? opts.size : (Body as Uint8Array).byteLength,
          ContentType: opts.contentType,
          CacheControl: FILE_CACHE_CONTROL,
        }),
      );
    },

    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(res.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        return {
          body: res.Body,
          contentType: res.ContentType ?? contentTypeForKey(key),
          size: res.ContentLength ?? 0,
        };
      } catch (err) {
        if (isNoSuchKey(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (isHeadNotFound(err)) return false;
        throw err;
      }
    },

    async fileFor(key) {
      const file = await driver.get(key);
      if (!file) return null;
      const dir = await mkdtemp(path.join(tmpdir(), 'zan-job-'));
      const release = () => rm(dir, { recursive: true, force: true });
      try {
        const target = path.join(dir, 'file');
        await pipeline(file.body, createWriteStream(target));
        return { path: target, release };
      } catch (err) {
        await release();
        throw err;
      }
    },

    publicUrl: (key) => {
      const k = objectKey(key);
      return cfg.publicUrl ? `${cfg.publicUrl}/${encodeKey(k)}` : `${FILES_PATH}/${encodeKey(key)}`;
    },

    keyForUrl: (url) => {
      if (!cfg.publicUrl) return keyAfter(FILES_PATH, url);
      const full = keyAfter(cfg.publicUrl, url);
      return full !== null && full.startsWith(cfg.prefix) && full.length > cfg.prefix.length
        ? full.slice(cfg.prefix.length)
        : null;
    },
  };
  return driver;
}
