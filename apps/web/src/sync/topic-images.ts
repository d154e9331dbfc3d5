// Images offline (issue 8): the pictures a topic's cards, pages and (issue 19) questions link (uploaded files under /files/,
// demo diagrams under /demo-images/) are fetched into Cache Storage when the topic syncs, answered
// from there by the service worker (sw/sw-custom.ts), and dropped when no local content links them.
import { hasDotSegment, isQuestionHtml, type QuestionDto, type TopicContentResponse } from '@zan/core';
import type { ZanDb } from '../local/db.ts';

/** The Cache Storage name the service worker reads (kept in step with sw/sw-custom.ts). */
const IMAGE_CACHE = 'zan-images-v1';
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

type QuestionFields = Pick<
  QuestionDto,
  'question' | 'option1' | 'option2' | 'option3' | 'option4' | 'option5' | 'explanation'
>;
/** A question's HTML fields (plain text links nothing, whatever it says). */
const questionHtml = (q: QuestionFields): string[] =>
  [q.question, q.option1, q.option2, q.option3, q.option4, q.option5, q.explanation].filter(
    (f): f is string => !!f && isQuestionHtml(f),
  );

export function topicImagePaths(
  content: Pick<TopicContentResponse, 'cards' | 'htmlContent'> & { questions?: readonly QuestionFields[] },
): string[] {
  const all = [
    ...content.cards.flatMap((c) => [c.front, c.back]),
    ...content.htmlContent.map((p) => p.htmlBody),
    ...(content.questions ?? []).flatMap(questionHtml),
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

/** Drops cached images no local card, page or question links any more. */
export async function pruneImages(db: ZanDb): Promise<void> {
  if (!hasCaches()) return;
  const cache = await caches.open(IMAGE_CACHE);
  const cached = await cache.keys();
  if (cached.length === 0) return;
  const [cards, pages, questions] = await Promise.all([
    db.cards.toArray(),
    db.htmlContent.toArray(),
    db.mcqQuestions.toArray(),
  ]);
  const used = new Set(topicImagePaths({ cards, htmlContent: pages, questions }));
  await Promise.all(cached.filter((r) => !used.has(new URL(r.url).pathname)).map((r) => cache.delete(r)));
}
