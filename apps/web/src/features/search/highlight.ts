// The snippet of a hit (issue 22): a window of the item's plain text around its first matching word,
// cut into plain and highlighted parts. A word is highlighted when its folded form starts with one of
// the words the query was looked up as (prefix and typo matches included) — markup never reaches here,
// only plain text.
import { wordSpans } from './normalize.ts';

export type Segment = { text: string; hit: boolean };

/** Does a folded word match one of the looked-up words (as itself or a longer word)? */
const matchesAny = (folded: string, words: readonly string[]): boolean =>
  words.some((w) => folded.startsWith(w));

/**
 * `text` cut to about `max` characters around the first word matching `words` (folded), with every
 * such word marked. Without a hit: the start of the text. '…' marks a cut on either side.
 */
export function highlight(text: string, words: readonly string[], max = 160): Segment[] {
  const hits = words.length ? wordSpans(text).filter((w) => matchesAny(w.folded, words)) : [];
  const first = hits[0];
  let from = 0;
  if (first && text.length > max) {
    // Start a little before the first hit, at a word boundary.
    from = Math.max(0, Math.min(first.start - Math.floor(max / 4), text.length - max));
    const space = text.lastIndexOf(' ', from);
    from = from > 0 && space >= 0 && from - space < 20 ? space + 1 : from;
  }
  const to = Math.min(text.length, from + max);
  const segments: Segment[] = [];
  const push = (s: string, hit: boolean) => {
    if (!s) return;
    const last = segments.at(-1);
    if (last && last.hit === hit) last.text += s;
    else segments.push({ text: s, hit });
  };
  if (from > 0) push('…', false);
  let at = from;
  for (const w of hits) {
    if (w.end <= from || w.start >= to) continue;
    const start = Math.max(w.start, from);
    const end = Math.min(w.end, to);
    push(text.slice(at, start), false);
    push(text.slice(start, end), true);
    at = end;
  }
  push(text.slice(at, to), false);
  if (to < text.length) push('…', false);
  return segments;
}
