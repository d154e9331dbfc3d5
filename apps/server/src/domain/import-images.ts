// Pictures carried inside an import (issue 21: Moodle XML's base64 `<file>`; issue 20: an Anki package's
// media), for both importers (features/content, features/anki): the files the rows refer to as
// `src="zan-import:<name>"` are decoded and checked — every one before anything is stored, a bad one a 400
// naming it — then stored exactly as an upload is (platform/image-store.ts: webp by sharp, off the event
// loop) and the srcs rewritten to the stored URL before the rows are sanitised. The caller writes the image
// rows in its transaction (import-records-repository.ts) and removes the files again when the import fails
// (removeEmbeddedFiles), as an upload whose row fails does.
import {
  EMBEDDED_SRC_PREFIX,
  IMAGE_MAX_BYTES,
  IMPORT_FILES_MAX_BYTES,
  MSG,
  type EmbeddedFile,
} from '@zan/core';
import { badRequest } from '../errors.ts';
import { deleteImageFiles, storeUploadedImage, type StoredImage } from '../platform/image-store.ts';
import { checkConvertible, checkImage, convertToPng, ImageRejectedError } from '../platform/images.ts';
import type { StorageDriver } from '../platform/storage.ts';
import { escapeAttr, unescapeAttr } from '../platform/escape-html.ts';

/**
 * `convert`: a WebP or GIF, stored as the PNG it converts to (uploads take only PNG and JPEG); left out,
 * told by the bytes when the file is stored.
 */
export type DecodedFile = { name: string; bytes: Uint8Array; convert?: boolean };
export type StoredFile = { name: string; stored: StoredImage };

const PREFIX = EMBEDDED_SRC_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `src="zan-import:<name>"` (or single quotes): 1 = up to the quote, 2 = the quote, 3 = the name. */
const embeddedSrc = () => new RegExp(`(\\ssrc\\s*=\\s*)(["'])${PREFIX}(.*?)\\2`, 'gi');

/** The file names the HTML refers to with `zan-import:` srcs (attribute escapes undone). */
export function embeddedNames(htmls: Iterable<string | null | undefined>): Set<string> {
  const names = new Set<string>();
  for (const html of htmls)
    if (html?.includes(EMBEDDED_SRC_PREFIX))
      for (const m of html.matchAll(embeddedSrc())) names.add(unescapeAttr(m[3]!));
  return names;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const rejected = (name: string, reason: string) =>
  badRequest(MSG.importFileRejected(name, reason), 'IMPORT_FILE');

/**
 * The referenced files, decoded and checked as uploads are (PNG/JPEG by magic bytes, ≤ 10 MB, ≤ 50 MP;
 * a WebP or GIF too, marked to be converted to PNG before it is stored),
 * in all at most `maxTotalBytes`; files nothing refers to are ignored. 400 naming the first file that is
 * missing, not base64 or not an acceptable image. Nothing is stored.
 */
export function decodeEmbedded(
  files: readonly EmbeddedFile[] | undefined,
  names: ReadonlySet<string>,
  opts: { maxTotalBytes?: number } = {},
): DecodedFile[] {
  const maxTotal = opts.maxTotalBytes ?? IMPORT_FILES_MAX_BYTES;
  const byName = new Map((files ?? []).map((f) => [f.name, f]));
  const out: DecodedFile[] = [];
  let total = 0;
  for (const name of names) {
    const file = byName.get(name);
    if (!file) throw badRequest(MSG.importFileMissing(name), 'IMPORT_FILE');
    const b64 = file.base64.replace(/\s+/g, '');
    // Known too large before decoding anything.
    if (Math.floor((b64.length * 3) / 4) > IMAGE_MAX_BYTES + 2) throw rejected(name, MSG.imageTooLarge);
    if (!BASE64.test(b64)) throw rejected(name, MSG.importFileNotBase64);
    const bytes = Buffer.from(b64, 'base64');
    total += bytes.length;
    if (total > maxTotal)
      throw badRequest(MSG.importFilesTooLarge(Math.round(maxTotal / (1024 * 1024))), 'IMPORT_LIMIT');
    let convert: boolean;
    try {
      convert = checkConvertible(bytes) !== null;
      if (!convert) checkImage(bytes);
    } catch (err) {
      if (err instanceof ImageRejectedError)
        throw rejected(name, err.reason === 'noFile' ? MSG.imageUnreadable : rejectionText(err));
      throw err;
    }
    out.push({ name, bytes, convert });
  }
  return out;
}

/** 'Image upload failed: Only PNG…' → 'Only PNG…' (the reason alone, after the picture's name). */
const rejectionText = (err: ImageRejectedError) => err.message.replace(/^Image upload failed: /, '');

/**
 * Each file converted (a WebP or GIF first to PNG) and stored as an uploaded image of `uid`; a picture sharp
 * cannot read is a 400 naming it — or, with `leaveOut`, one that cannot be stored is told to it and left
 * out (an Anki card shows the rest). On any failure the files already stored are removed before the error
 * is rethrown.
 */
export async function storeEmbedded(
  storage: StorageDriver,
  uid: string,
  files: readonly DecodedFile[],
  opts: { leaveOut?: (name: string, err: unknown) => void } = {},
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const f of files) {
      try {
        const convert = f.convert ?? checkConvertible(f.bytes) !== null;
        const bytes = convert ? await convertToPng(f.bytes) : f.bytes;
        stored.push({
          name: f.name,
          stored: await storeUploadedImage(storage, { uid, fileName: f.name, bytes }),
        });
      } catch (err) {
        if (opts.leaveOut) {
          opts.leaveOut(f.name, err);
          continue;
        }
        if (err instanceof ImageRejectedError) throw rejected(f.name, rejectionText(err));
        throw err;
      }
    }
    return stored;
  } catch (err) {
    await removeEmbeddedFiles(storage, stored);
    throw err;
  }
}

/** The files of stored pictures removed again (the import failed); a failure here is not the caller's. */
export async function removeEmbeddedFiles(
  storage: StorageDriver,
  stored: readonly StoredFile[],
): Promise<void> {
  await deleteImageFiles(
    storage,
    stored.flatMap((s) => [s.stored.storageUrl, s.stored.webpUrl]),
  ).catch(() => undefined);
}

/** The HTML with every `zan-import:` src pointing at its stored picture's URL. */
export function rewriteEmbedded(html: string, urls: ReadonlyMap<string, string>): string;
export function rewriteEmbedded(html: string | null, urls: ReadonlyMap<string, string>): string | null;
export function rewriteEmbedded(html: string | null, urls: ReadonlyMap<string, string>): string | null {
  if (!html?.includes(EMBEDDED_SRC_PREFIX)) return html;
  return html.replace(embeddedSrc(), (whole, lead: string, _q: string, name: string) => {
    const url = urls.get(unescapeAttr(name));
    return url === undefined ? whole : `${lead}"${escapeAttr(url)}"`;
  });
}
