// An uploaded image into storage (SPEC §7 upload path): checked and converted (images.ts), then the
// original and its webp written under fresh keys — both or neither — and removed again by their URLs.
import { processImage, imageKeys, type ProcessOptions } from './images.ts';
import type { StorageDriver } from './storage.ts';

export type StoredImage = {
  /** The original (png/jpeg) as linked from pages: the image row's `storageUrl`. */
  storageUrl: string;
  /** The webp, or null when the conversion timed out: the row's `webpUrl`. */
  webpUrl: string | null;
  isOptimized: boolean;
  /** The spec's timeout warning for the uploader, or null. */
  warning: string | null;
  contentType: string;
  width: number;
  height: number;
};

export type ImageUpload = {
  uid: string;
  fileName: string;
  bytes: Uint8Array | null | undefined;
  /** Upload time (ms) for the key; defaults to now. */
  now?: number;
};

/** Attempts at a free key: stored names are never reused (their URLs are cached as immutable). */
const KEY_ATTEMPTS = 5;

/**
 * Checks, converts and stores an upload. Throws ImageRejectedError for bad input (nothing stored);
 * a storage failure removes whatever was written and rethrows.
 */
export async function storeUploadedImage(
  storage: StorageDriver,
  upload: ImageUpload,
  opts: ProcessOptions = {},
): Promise<StoredImage> {
  const processed = await processImage(upload.bytes, opts);
  const { original, webp } = processed;
  let now = upload.now ?? Date.now();
  let keys = imageKeys(upload.uid, upload.fileName, original.kind, now);
  for (let i = 1; i < KEY_ATTEMPTS && (await storage.exists(keys.original)); i++) {
    keys = imageKeys(upload.uid, upload.fileName, original.kind, ++now);
  }
  const written: string[] = [];
  try {
    await storage.put(keys.original, original.bytes, { contentType: original.contentType });
    written.push(keys.original);
    if (webp) {
      await storage.put(keys.webp, webp.bytes, { contentType: 'image/webp' });
      written.push(keys.webp);
    }
  } catch (err) {
    await Promise.allSettled(written.map((k) => storage.delete(k)));
    throw err;
  }
  return {
    storageUrl: storage.publicUrl(keys.original),
    webpUrl: webp ? storage.publicUrl(keys.webp) : null,
    isOptimized: processed.isOptimized,
    warning: processed.warning,
    contentType: original.contentType,
    width: webp?.width ?? original.width,
    height: webp?.height ?? original.height,
  };
}

/**
 * Deletes the files behind image rows' URLs; URLs this storage did not make are left alone and a
 * file already gone is fine. Every deletion is tried; the first failure is rethrown afterwards.
 */
export async function deleteImageFiles(
  storage: StorageDriver,
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  const keys = urls.map((u) => (u ? storage.keyForUrl(u) : null)).filter((k): k is string => k !== null);
  const results = await Promise.allSettled(keys.map((k) => storage.delete(k)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
