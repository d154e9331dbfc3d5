// Images offline (issue 8): the pictures a topic's cards and pages link (uploaded files under /files/,
// demo diagrams under /demo-images/) are fetched into Cache Storage when the topic syncs, answered
// from there by the service worker (sw/sw-custom.ts), and dropped when no local content links them.
import { hasDotSegment, type TopicContentResponse } from '@zan/core';
import type { ZanDb } from '../local/db.ts';

/** The Cache Storage name the service worker reads (kept in step with sw/sw-custom.ts). */
export const IMAGE_CACHE = 'zan-images-v1';
const SRC = /\ssrc="([^"]+)"/g;
const OURS = /^\/(files|demo-images)\//;

/** Same-origin image paths linked by the HTML (absolute same-origin URLs become paths); never one with `..`. */
export function imagePathsIn(html: string, origin = globalThis.location?.origin ?? ''): string[] {
  const out: string[] = [];
  if (!html.includes('src="')) return out; // most cards have no picture: skip the regex (10,000 a subject)
  for (const m of html.matchAll(SRC)) {
    let src = m[1]!.replace(/&amp;/g, '&');
    if (origin && src.startsWith(origin)) src = src.slice(origin.length);
    if (OURS.test(src) && !hasDotSegment(src)) out.push(src);
  }
  return out;
}

export function topicImagePaths(content: Pick<TopicContentResponse, 'cards' | 'htmlContent'>): string[] {
  const all = [
    ...content.cards.flatMap((c) => [c.front, c.back]),
    ...content.htmlContent.map((p) => p.htmlBody),
  ];
  return [...new Set(all.flatMap((h) => imagePathsIn(h)))];
}

const hasCaches = () => typeof caches !== 'undefined';

/** Fetches the paths not cached yet (failures are left for the next sync). */
export async function cacheImages(paths: readonly string[]): Promise<void> {
  if (!hasCaches() || paths.length === 0) return;
  const cache = await caches.open(IMAGE_CACHE);
  await Promise.all(
    paths.map(async (p) => {
      if (await cache.match(p)) return;
      const res = await fetch(p, { credentials: 'same-origin' }).catch(() => null);
      if (res?.ok) await cache.put(p, res);
    }),
  );
}

/** Drops cached images no local card or page links any more. */
export async function pruneImages(db: ZanDb): Promise<void> {
  if (!hasCaches()) return;
  const cache = await caches.open(IMAGE_CACHE);
  const cached = await cache.keys();
  if (cached.length === 0) return;
  const [cards, pages] = await Promise.all([db.cards.toArray(), db.htmlContent.toArray()]);
  const used = new Set(topicImagePaths({ cards, htmlContent: pages }));
  await Promise.all(cached.filter((r) => !used.has(new URL(r.url).pathname)).map((r) => cache.delete(r)));
}
