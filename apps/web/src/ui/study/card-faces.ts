// What a card shows the student (issue 20): a basic card its front and back; a cloze card the note's
// text with its own deletions hidden ([...] or [hint]) on the front, and revealed with Back Extra below
// on the back (core cloze.ts). The player, the review, the deck editor's preview and Browse share it.
import { clozeBack, clozeFront, type CardKind } from '@zan/core';

export type FacesOf = {
  front: string;
  back: string;
  kind?: CardKind | undefined;
  ord?: number | null | undefined;
};

/** The HTML of each side as the student sees it (sanitised on render); `cloze` keeps the deletions' class. */
export function studentFaces(card: FacesOf): { front: string; back: string; cloze: boolean } {
  if (card.kind !== 'cloze') return { front: card.front, back: card.back, cloze: false };
  const ord = card.ord ?? 1;
  return { front: clozeFront(card.front, ord), back: clozeBack(card.front, ord, card.back), cloze: true };
}
