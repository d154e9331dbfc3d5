// An upload on disk for a child process to read (issues 17, 20): an Anki package streamed into a fresh
// temporary directory as it arrives, so no request holds it (up to ANKI_MAX_MB) in the server's memory, or
// a bulk body written there instead of being sent over IPC. The child opens the file itself; the caller
// removes the directory once it is read or refused.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type UploadFile = { readonly path: string; readonly dir: string };

/** A new temporary directory and the file's path in it. */
export async function newUploadFile(prefix = 'zan-anki-', name = 'package.apkg'): Promise<UploadFile> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, path: path.join(dir, name) };
}

export const removeUploadFile = (f: UploadFile): Promise<void> =>
  rm(f.dir, { recursive: true, force: true }).catch(() => undefined);

export class UploadTooLarge extends Error {}

/**
 * Writes `source` to a new upload file; rejects with UploadTooLarge past `maxBytes` (nothing is left on
 * disk), or with the stream's error.
 */
export async function saveStream(source: Readable, maxBytes: number): Promise<UploadFile> {
  const file = await newUploadFile();
  let seen = 0;
  const bound = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new UploadTooLarge());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(source, bound, createWriteStream(file.path));
    return file;
  } catch (err) {
    await removeUploadFile(file);
    throw err;
  }
}
