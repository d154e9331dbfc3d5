// What an image's usedIn ids are, for the images screen: lecture pages by title, flashcards by their
// front and MCQ questions (issue 19) by their stem as plain text cut at 50 characters, each with the scope
// it lives in (the service shows a use only to who may see that content). Ids whose content is gone
// resolve to nothing. The rows come from images-repository.ts (usedBy).
import { htmlToPlainText, questionPlainText, truncateText, type ImageUse } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { imagesRepository } from './images-repository.ts';

const LABEL_MAX = 50;

/** A use and the scope of the content it names. */
export type ScopedImageUse = { use: ImageUse; collegeId: string; yearGroup: string };

export async function imageUses(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ScopedImageUse>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, ScopedImageUse>();
  if (!unique.length) return out;
  const { pages, cards, questions } = await imagesRepository.usedBy(db, unique);
  for (const p of pages)
    out.set(p.id, {
      use: { id: p.id, kind: 'page', label: p.title, topicId: p.topicId },
      collegeId: p.collegeId,
      yearGroup: p.yearGroup,
    });
  for (const c of cards)
    out.set(c.id, {
      use: {
        id: c.id,
        kind: 'card',
        label: htmlToPlainText(c.front, LABEL_MAX) || 'Flashcard',
        topicId: c.topicId,
      },
      collegeId: c.collegeId,
      yearGroup: c.yearGroup,
    });
  for (const q of questions)
    out.set(q.id, {
      use: {
        id: q.id,
        kind: 'question',
        label: truncateText(questionPlainText(q.question), LABEL_MAX) || 'Question',
        topicId: q.topicId,
      },
      collegeId: q.collegeId,
      yearGroup: q.yearGroup,
    });
  return out;
}
