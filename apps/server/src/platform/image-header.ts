// An uploaded image's type and size from its first bytes (ARCHITECTURE §6): PNG or JPEG by magic bytes —
// never the name or MIME type — and width × height from the header, before anything decodes the pixels.

export type ImageKind = 'png' | 'jpeg';
export type ImageHeader = { kind: ImageKind; width: number; height: number };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** 'png' or 'jpeg' by the file's signature, else null. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32 = (b: Uint8Array, i: number) => (u16(b, i) * 0x10000 + u16(b, i + 2)) >>> 0;

/** PNG: the IHDR chunk must come first, with width and height at bytes 16–23. */
function pngSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 24) return null;
  const isIhdr = b[12] === 0x49 && b[13] === 0x48 && b[14] === 0x44 && b[15] === 0x52;
  return isIhdr ? { width: u32(b, 16), height: u32(b, 20) } : null;
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** JPEG: walks the marker segments to the first start-of-frame, stopping at scan data or the end. */
function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = u16(b, i + 2);
    if (length < 2) return null;
    if (isSof(marker)) return i + 8 < b.length ? { height: u16(b, i + 5), width: u16(b, i + 7) } : null;
    i += 2 + length;
  }
  return null;
}

/** Type and dimensions from the header; null when it is not a PNG/JPEG or its header is unreadable. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const kind = sniffImageKind(bytes);
  if (!kind) return null;
  const size = kind === 'png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? { kind, ...size } : null;
}

/** Picture types an import may carry (issue 21: Moodle's embedded files) that uploads do not take; an
 *  import converts them to PNG before storing them as an upload (domain/import-images.ts). */
export type ConvertibleKind = 'webp' | 'gif';
export type ConvertibleHeader = { kind: ConvertibleKind; width: number; height: number };

const ascii = (b: Uint8Array, at: number, text: string) =>
  [...text].every((c, i) => b[at + i] === c.charCodeAt(0));
const le16 = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, i: number) => le16(b, i) + (b[i + 2] ?? 0) * 0x10000;

/** WebP: the canvas of an extended file (VP8X), else the size of its one lossy (VP8) or lossless (VP8L) frame. */
function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  if (ascii(b, 12, 'VP8X')) return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
  if (ascii(b, 12, 'VP8 '))
    return b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a
      ? { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff }
      : null;
  if (ascii(b, 12, 'VP8L') && b[20] === 0x2f) {
    const bits = (le16(b, 21) + le16(b, 23) * 0x10000) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** 'gif' or 'webp' by the file's signature, else null. */
export function sniffConvertibleKind(bytes: Uint8Array): ConvertibleKind | null {
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  return null;
}

/** A WebP or GIF by its signature, with its size from the header; null otherwise or when unreadable. */
export function readConvertibleHeader(bytes: Uint8Array): ConvertibleHeader | null {
  const kind = sniffConvertibleKind(bytes);
  if (!kind || bytes.length < (kind === 'gif' ? 10 : 12)) return null;
  const size = kind === 'gif' ? { width: le16(bytes, 6), height: le16(bytes, 8) } : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? { kind, ...size } : null;
}
