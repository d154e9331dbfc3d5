// What an image's usedIn ids are, for the images screen: lecture pages by title, flashcards by their
// front as plain text cut at 50 characters. Ids whose content is gone resolve to nothing.
import { eq, inArray } from 'drizzle-orm';
import { htmlToPlainText, type ImageUse } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { card, flashcardDeck, htmlContent } from '../../db/schema/index.ts';

const LABEL_MAX = 50;

export async function imageUses(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ImageUse>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, ImageUse>();
  if (!unique.length) return out;
  const pages = await db
    .select({ id: htmlContent.id, title: htmlContent.title, topicId: htmlContent.topicId })
    .from(htmlContent)
    .where(inArray(htmlContent.id, unique));
  for (const p of pages) out.set(p.id, { id: p.id, kind: 'page', label: p.title, topicId: p.topicId });
  const cards = await db
    .select({ id: card.id, front: card.front, topicId: flashcardDeck.topicId })
    .from(card)
    .innerJoin(flashcardDeck, eq(flashcardDeck.id, card.deckId))
    .where(inArray(card.id, unique));
  for (const c of cards)
    out.set(c.id, {
      id: c.id,
      kind: 'card',
      label: htmlToPlainText(c.front, LABEL_MAX) || 'Flashcard',
      topicId: c.topicId,
    });
  return out;
}
