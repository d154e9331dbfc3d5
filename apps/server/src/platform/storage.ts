// File storage (ARCHITECTURE §6): one driver interface over a local directory (default) or an
// S3-compatible bucket, chosen by config; server-made keys only; served with nosniff and immutable caching.
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config.ts';
import { FILE_CACHE_CONTROL } from './storage-keys.ts';
import { createLocalStorage } from './storage-local.ts';
import { createS3Storage } from './storage-s3.ts';

export { assertValidKey, FILE_CACHE_CONTROL, FILES_PATH, isPrivateKey, privateKey } from './storage-keys.ts';

type StoredFile = { body: Readable; contentType: string; size: number };

export type StorageDriver = {
  readonly kind: 'local' | 's3';
  /**
   * Writes (or replaces) the file; readers never see a half-written file. A stream's `size`, when known,
   * lets a bucket take it as it comes instead of buffered whole (an uploaded package, issue 32).
   */
  put(key: string, body: Uint8Array | Readable, opts: { contentType: string; size?: number }): Promise<void>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The file on this machine's disk, for a child process to read (a job's uploaded package): the stored
   * file itself in a local directory, a temporary copy from a bucket (removed by `release`); null when
   * there is none.
   */
  fileFor(key: string): Promise<{ path: string; release(): Promise<void> } | null>;
  /** The URL pages link to: `/files/<key>` (served by this server) unless a public base URL is configured. */
  publicUrl(key: string): string;
  /** The key behind a URL this driver made (publicUrl's inverse), or null for any other URL. */
  keyForUrl(url: string): string | null;
};

/**
 * Headers for serving a stored file: its type, nosniff, long immutable caching, a CSP that lets
 * nothing run if it is opened directly, and same-origin resource policy.
 */
export function setFileHeaders(
  reply: { header(name: string, value: string | number): unknown },
  file: { contentType: string; size?: number },
): void {
  reply.header('content-type', file.contentType);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cache-control', FILE_CACHE_CONTROL);
  reply.header('content-security-policy', "default-src 'none'; sandbox");
  reply.header('cross-origin-resource-policy', 'same-origin');
  if (file.size !== undefined) reply.header('content-length', file.size);
}

/** The driver the config selects. */
export function createStorage(config: StorageConfig): StorageDriver {
  return config.driver === 's3' ? createS3Storage(config.s3) : createLocalStorage({ dir: config.dir });
}
