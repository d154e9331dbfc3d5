// Resource rows → the DTOs of @zan/core schemas/content.ts (epoch-ms timestamps), as the admin screens
// and the students' sync both see them.
import type { CardDto, DeckDto, HtmlContentDto, PageSummary, QuestionDto, QuizDto } from '@zan/core';
import type { CardRow, DeckRow, PageRow, QuestionRow, QuizRow } from './resources-repository.ts';

const stamps = (r: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});
const scope = (r: { collegeId: string; yearGroup: string }) => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
});

export const deckDto = (r: DeckRow): DeckDto => ({
  id: r.id,
  name: r.name,
  topicId: r.topicId,
  cardCount: r.cardCount,
  ...scope(r),
  ...stamps(r),
});
export const quizDto = (r: QuizRow): QuizDto => ({
  id: r.id,
  name: r.name,
  topicId: r.topicId,
  questionCount: r.questionCount,
  ...scope(r),
  ...stamps(r),
});
export const cardDto = (r: CardRow): CardDto => ({
  id: r.id,
  front: r.front,
  back: r.back,
  deckId: r.deckId,
  ...scope(r),
  ...stamps(r),
});
export const questionDto = (r: QuestionRow): QuestionDto => ({
  id: r.id,
  question: r.question,
  option1: r.option1,
  option2: r.option2,
  option3: r.option3,
  option4: r.option4,
  option5: r.option5,
  correctOption: r.correctOption,
  explanation: r.explanation,
  quizId: r.quizId,
  ...scope(r),
  ...stamps(r),
});
export const pageSummaryDto = (r: {
  id: string;
  title: string;
  topicId: string;
  collegeId: string;
  yearGroup: string;
  createdAt: Date;
  updatedAt: Date;
}): PageSummary => ({
  id: r.id,
  title: r.title,
  topicId: r.topicId,
  ...scope(r),
  ...stamps(r),
});
export const pageDto = (r: PageRow): HtmlContentDto => ({
  id: r.id,
  title: r.title,
  htmlBody: r.htmlBody,
  topicId: r.topicId,
  ...scope(r),
  ...stamps(r),
});
