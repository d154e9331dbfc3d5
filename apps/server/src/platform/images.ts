// Image uploads (SPEC §5/§8, ARCHITECTURE §6): the checks (PNG/JPEG by magic bytes, ≤ 10 MB, ≤ 50
// megapixels from the header, so a decompression bomb never decodes) and the sharp conversion to webp
// (EXIF orientation applied, metadata stripped, longest side ≤ 1600 px, never enlarged), with the 30 s
// fallback to the original. Errors carry the spec's messages.
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE_PX,
  IMAGE_OPTIMIZATION_TIMEOUT_MS,
  MSG,
} from '@zan/core';
import sharp from 'sharp';
import {
  readConvertibleHeader,
  readImageHeader,
  sniffImageKind,
  type ConvertibleHeader,
  type ImageHeader,
  type ImageKind,
} from './image-header.ts';

export {
  readImageHeader,
  sniffImageKind,
  type ConvertibleHeader,
  type ImageHeader,
  type ImageKind,
} from './image-header.ts';

export type ImageRejection = 'noFile' | 'wrongType' | 'tooLarge' | 'tooManyPixels' | 'unreadable';

/** An upload refused for its content; `message` is what the user sees (400, never a 5xx). */
export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(
      reason === 'noFile'
        ? MSG.imageNoFile
        : MSG.imageUploadFailedReason(
            {
              wrongType: MSG.imageWrongType,
              tooLarge: MSG.imageTooLarge,
              tooManyPixels: MSG.imageTooManyPixels,
              unreadable: MSG.imageUnreadable,
            }[reason],
          ),
    );
    this.name = 'ImageRejectedError';
  }
}

/** The user's message for any upload failure: the rejection's own, else 'Image upload failed. Please try again.' */
export const imageUploadErrorMessage = (err: unknown): string =>
  err instanceof ImageRejectedError ? err.message : MSG.imageUploadFailed;

const IMAGE_CONTENT_TYPE: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg' };
const IMAGE_EXTENSION: Record<ImageKind, string> = { png: 'png', jpeg: 'jpg' };

/** Checks an upload before any decoding: present, ≤ 10 MB, PNG/JPEG by magic bytes, ≤ 50 megapixels. */
export function checkImage(bytes: Uint8Array | null | undefined): ImageHeader {
  if (!bytes || bytes.length === 0) throw new ImageRejectedError('noFile');
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageRejectedError('tooLarge');
  if (!sniffImageKind(bytes)) throw new ImageRejectedError('wrongType');
  const header = readImageHeader(bytes);
  if (!header) throw new ImageRejectedError('unreadable');
  if (header.width * header.height > IMAGE_MAX_PIXELS) throw new ImageRejectedError('tooManyPixels');
  return header;
}

export type WebpImage = { bytes: Buffer; width: number; height: number };

let sharpConfigured = false;
/** Uploads are all different: libvips' operation cache would only hold memory. */
function configureSharp(): void {
  if (sharpConfigured) return;
  sharp.cache(false);
  sharpConfigured = true;
}

/** PNG/JPEG → webp: EXIF orientation applied, metadata dropped, longest side ≤ 1600 px, never enlarged. */
export async function convertToWebp(bytes: Uint8Array): Promise<WebpImage> {
  configureSharp();
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'error',
      autoOrient: true,
    })
      .resize({
        width: IMAGE_MAX_SIDE_PX,
        height: IMAGE_MAX_SIDE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // sharp's own pixel limit, truncated or corrupt pixel data: the file cannot be used.
    throw new ImageRejectedError('unreadable');
  }
}

/**
 * A WebP or GIF an import carries (uploads take only PNG and JPEG): checked as an upload is (≤ 10 MB,
 * ≤ 50 megapixels from the header, before any decoding); null when it is neither.
 */
export function checkConvertible(bytes: Uint8Array): ConvertibleHeader | null {
  const header = readConvertibleHeader(bytes);
  if (!header) return null;
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageRejectedError('tooLarge');
  if (header.width * header.height > IMAGE_MAX_PIXELS) throw new ImageRejectedError('tooManyPixels');
  return header;
}

/** A WebP or GIF (its first frame) → PNG, longest side ≤ 1600 px as its webp will be, so it is stored
 *  as an uploaded PNG is; a file sharp cannot read is 'unreadable'. */
export async function convertToPng(bytes: Uint8Array): Promise<Buffer> {
  configureSharp();
  try {
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .resize({
        width: IMAGE_MAX_SIDE_PX,
        height: IMAGE_MAX_SIDE_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png()
      .toBuffer();
  } catch {
    throw new ImageRejectedError('unreadable');
  }
}

export type ProcessedImage = {
  /** The upload as received, for `storageUrl` (its type from its magic bytes). */
  original: {
    bytes: Uint8Array;
    kind: ImageKind;
    contentType: string;
    extension: string;
    width: number;
    height: number;
  };
  /** The webp for `webpUrl`, or null when the conversion timed out. */
  webp: WebpImage | null;
  isOptimized: boolean;
  /** 'Image optimization timed out. Using original image as a fallback. It may load slower.' or null. */
  warning: string | null;
};

export type ProcessOptions = {
  /** How long the conversion may take before the original is used (default 30 s, SPEC §9). */
  timeoutMs?: number;
  /** The converter (tests inject a slow one). */
  convert?: (bytes: Uint8Array) => Promise<WebpImage>;
};

const TIMED_OUT = Symbol('timed out');

/**
 * Checks the upload and converts it. A conversion slower than the timeout falls back to the original
 * with the spec's warning (libvips cannot be interrupted: it finishes in the background, unused).
 */
export async function processImage(
  bytes: Uint8Array | null | undefined,
  opts: ProcessOptions = {},
): Promise<ProcessedImage> {
  const header = checkImage(bytes);
  const input = bytes as Uint8Array;
  const original = {
    bytes: input,
    kind: header.kind,
    contentType: IMAGE_CONTENT_TYPE[header.kind],
    extension: IMAGE_EXTENSION[header.kind],
    width: header.width,
    height: header.height,
  };
  const conversion = (opts.convert ?? convertToWebp)(input);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), opts.timeoutMs ?? IMAGE_OPTIMIZATION_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([conversion, timeout]);
    if (result === TIMED_OUT) {
      conversion.catch(() => undefined); // a late failure is of no interest any more
      return { original, webp: null, isOptimized: false, warning: MSG.imageOptimizationTimedOut };
    }
    return { original, webp: result, isOptimized: true, warning: null };
  } finally {
    clearTimeout(timer);
  }
}

/** A file name made safe for a storage key: ASCII letters, digits, '-' and '_', at most 60 characters. */
export function safeFileBase(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60)
    .replace(/[-_]+$/, '');
  return base || 'image';
}

/**
 * Storage keys of SPEC §7's upload path `html_content_images/{uid}_{timestamp}_{filename}`, the
 * extension from the magic bytes; the webp sits beside the original.
 */
export function imageKeys(
  uid: string,
  fileName: string,
  kind: ImageKind,
  now: number,
): { original: string; webp: string } {
  const owner = uid.replace(/[^A-Za-z0-9-]/g, '') || 'user';
  const stem = `html_content_images/${owner}_${Math.trunc(now)}_${safeFileBase(fileName)}`;
  return { original: `${stem}.${IMAGE_EXTENSION[kind]}`, webp: `${stem}.webp` };
}
