// The pictures an export carries (issue 21): the same-origin images (`/files/…`, `/demo-images/…`) the
// content links, fetched once each with the admin's session and kept as base64 with their MIME type —
// Moodle XML embeds them, the zip stores them beside the lecture pages.
import { hasDotSegment, type EmbeddedFile } from '@zan/core';

const SRC = /\ssrc="([^"]+)"/g;
const OURS = /^\/(files|demo-images)\//;

/** The same-origin picture paths the HTML links, in order, each once. */
export function picturePaths(htmls: readonly (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const html of htmls) {
    if (!html || !html.includes('src="')) continue;
    for (const m of html.matchAll(SRC)) {
      const src = (m[1] ?? '').replace(/&amp;/g, '&');
      if (OURS.test(src) && !hasDotSegment(src)) seen.add(src);
    }
  }
  return [...seen];
}

/** Bytes as base64, in chunks (String.fromCharCode takes a bounded number of arguments). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export type FetchedPicture = EmbeddedFile & { bytes: Uint8Array };

/** The file name a picture keeps in an export: its path's last part. */
const pictureName = (src: string): string => decodeURIComponent(src.split('/').pop() ?? 'image');

/** Fetches each picture; one that cannot be fetched is left out (the export says how many). */
export async function fetchPictures(
  srcs: readonly string[],
): Promise<{ files: Map<string, FetchedPicture>; missing: string[] }> {
  const files = new Map<string, FetchedPicture>();
  const missing: string[] = [];
  for (const src of srcs) {
    try {
      const res = await fetch(src, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(String(res.status));
      const bytes = new Uint8Array(await res.arrayBuffer());
      const mime = res.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream';
      files.set(src, { name: pictureName(src), mime, base64: toBase64(bytes), bytes });
    } catch {
      missing.push(src);
    }
  }
  return { files, missing };
}

const IMPORTABLE = new Set(['image/png', 'image/jpeg']);

/**
 * A picture as PNG when it is another type (the server keeps uploads as WebP): what an embedding format
 * carries, so Zan's own import (PNG and JPEG only) and older Moodle sites read it back. Left as it is
 * where the browser cannot draw it.
 */
export async function asPngOrJpeg(p: FetchedPicture): Promise<FetchedPicture> {
  if (IMPORTABLE.has(p.mime) || typeof createImageBitmap !== 'function') return p;
  try {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(p.bytes)], { type: p.mime }));
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) return p;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return {
      name: p.name.replace(/\.[^.]*$/, '') + '.png',
      mime: 'image/png',
      base64: toBase64(bytes),
      bytes,
    };
  } catch {
    return p;
  }
}

/** The quiz's pictures ready to embed: fetched, then made PNG where needed. */
export async function embeddablePictures(srcs: readonly string[]): Promise<Map<string, FetchedPicture>> {
  const { files } = await fetchPictures(srcs);
  const out = new Map<string, FetchedPicture>();
  for (const [src, f] of files) out.set(src, await asPngOrJpeg(f));
  return out;
}
