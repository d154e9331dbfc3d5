// What an image's usedIn ids are, for the images screen: lecture pages by title, flashcards by their
// front and MCQ questions (issue 19) by their stem as plain text cut at 50 characters, each with the scope it lives in (the service shows a use
// only to who may see that content). Ids whose content is gone resolve to nothing.
import { eq, inArray } from 'drizzle-orm';
import { htmlToPlainText, questionPlainText, truncateText, type ImageUse } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { card, flashcardDeck, htmlContent, mcqQuestion, mcqQuiz } from '../../db/schema/index.ts';

const LABEL_MAX = 50;

/** A use and the scope of the content it names. */
export type ScopedImageUse = { use: ImageUse; collegeId: string; yearGroup: string };

export async function imageUses(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ScopedImageUse>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, ScopedImageUse>();
  if (!unique.length) return out;
  const pages = await db
    .select({
      id: htmlContent.id,
      title: htmlContent.title,
      topicId: htmlContent.topicId,
      collegeId: htmlContent.collegeId,
      yearGroup: htmlContent.yearGroup,
    })
    .from(htmlContent)
    .where(inArray(htmlContent.id, unique));
  for (const p of pages)
    out.set(p.id, {
      use: { id: p.id, kind: 'page', label: p.title, topicId: p.topicId },
      collegeId: p.collegeId,
      yearGroup: p.yearGroup,
    });
  const cards = await db
    .select({
      id: card.id,
      front: card.front,
      topicId: flashcardDeck.topicId,
      collegeId: card.collegeId,
      yearGroup: card.yearGroup,
    })
    .from(card)
    .innerJoin(flashcardDeck, eq(flashcardDeck.id, card.deckId))
    .where(inArray(card.id, unique));
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
  const questions = await db
    .select({
      id: mcqQuestion.id,
      question: mcqQuestion.question,
      topicId: mcqQuiz.topicId,
      collegeId: mcqQuestion.collegeId,
      yearGroup: mcqQuestion.yearGroup,
    })
    .from(mcqQuestion)
    .innerJoin(mcqQuiz, eq(mcqQuiz.id, mcqQuestion.quizId))
    .where(inArray(mcqQuestion.id, unique));
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
