// Finding an item in a long deck or quiz (issue 22): every word typed must start a word of the item's
// text (card faces; question, options and explanation), ignoring case, accents and markup; each item
// keeps its number in the whole set.
import { htmlToPlainText } from '@zan/core';

/** Lower case, accents and markup gone. */
export const foldText = (s: string): string =>
  htmlToPlainText(s)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

const words = (s: string) =>
  foldText(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** True when each word of `query` starts some word of `texts` (an empty query matches everything). */
export function matchesQuery(texts: readonly string[], query: string): boolean {
  const wanted = words(query);
  if (wanted.length === 0) return true;
  const have = texts.flatMap(words);
  return wanted.every((w) => have.some((h) => h.startsWith(w)));
}

export type NumberedItem<T> = { item: T; n: number };

/** The items matching `query`, each with its 1-based number in the whole list. */
export function filterNumbered<T>(
  items: readonly T[],
  textsOf: (item: T) => readonly string[],
  query: string,
): NumberedItem<T>[] {
  const numbered = items.map((item, i) => ({ item, n: i + 1 }));
  return query.trim() ? numbered.filter((x) => matchesQuery(textsOf(x.item), query)) : numbered;
}
