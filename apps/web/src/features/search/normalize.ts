// Search text folding (issue 22): one rule for the index and the query — case and accents do not count
// ('Néphrotique' finds 'nephrotique'); words are runs of letters and digits.

const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case without accents: 'Éosinophile' → 'eosinophile'. Length may differ from the input. */
export const foldText = (text: string): string => text.normalize('NFD').replace(MARKS, '').toLowerCase();

/** The folded words of `text`, in order. */
export function searchTerms(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** Each word of `text` with where it stands in `text` (not folded), for highlighting. */
export function wordSpans(text: string): { start: number; end: number; folded: string }[] {
  const spans: { start: number; end: number; folded: string }[] = [];
  for (const m of text.matchAll(WORD)) {
    spans.push({ start: m.index, end: m.index + m[0].length, folded: foldText(m[0]) });
  }
  return spans;
}
