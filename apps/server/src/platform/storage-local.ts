// The local-directory storage driver (the default): files under STORAGE_DIR, written to a temporary
// name and renamed into place so a reader never sees half a file.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver } from './storage.ts';
import { assertValidKey, contentTypeForKey, encodeKey, FILES_PATH, keyAfter } from './storage-keys.ts';

const isMissing = (err: unknown) =>
  err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');

/** Files under `dir`; content types come from the key's extension. */
export function createLocalStorage(opts: { dir: string }): StorageDriver {
  const root = path.resolve(opts.dir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'local',

    async put(key, body: Uint8Array | Readable) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // A leading dot: never a valid key, so never served or listed as a file.
      const tmp = path.join(path.dirname(file), `.upload-${randomUUID()}`);
      try {
        if (body instanceof Uint8Array) await fs.writeFile(tmp, body);
        else await pipeline(body, createWriteStream(tmp));
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await fs.open(file, 'r');
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the open handle: a delete after this point does not cut the read short.
        const body = handle.createReadStream();
        return { body, contentType: contentTypeForKey(key), size: stat.size };
      } catch (err) {
        if (isMissing(err) || (err instanceof Error && 'code' in err && err.code === 'EISDIR')) return null;
        throw err;
      }
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },

    async fileFor(key) {
      const file = fileOf(key);
      try {
        if (!(await fs.stat(file)).isFile()) return null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return { path: file, release: async () => undefined };
    },

    publicUrl: (key) => {
      assertValidKey(key);
      return `${FILES_PATH}/${encodeKey(key)}`;
    },

    keyForUrl: (url) => keyAfter(FILES_PATH, url),
  };
}
