// Database rows → the wire DTOs of @zan/core schemas/content.ts and sync.ts (timestamps as epoch ms);
// modules, subjects and topics map in domain/content-dto.ts, shared with the admin API.
import type {
  AnnouncementDto,
  CardDto,
  DeckDto,
  HtmlContentDto,
  ProgressRecordDto,
  QuestionDto,
  QuizDto,
  StudySessionDto,
} from '@zan/core';
import type {
  announcement,
  card,
  flashcardDeck,
  htmlContent,
  mcqQuestion,
  mcqQuiz,
  progressRecord,
  studySession,
} from '../../db/schema/index.ts';
import { scope, stamps } from '../../domain/content-dto.ts';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

export const deckDto = (r: Row<typeof flashcardDeck>): DeckDto => ({
  id: r.id,
  name: r.name,
  topicId: r.topicId,
  cardCount: r.cardCount,
  ...scope(r),
  ...stamps(r),
});

export const cardDto = (r: Row<typeof card>): CardDto => ({
  id: r.id,
  front: r.front,
  back: r.back,
  deckId: r.deckId,
  ...scope(r),
  ...stamps(r),
});

export const quizDto = (r: Row<typeof mcqQuiz>): QuizDto => ({
  id: r.id,
  name: r.name,
  topicId: r.topicId,
  questionCount: r.questionCount,
  ...scope(r),
  ...stamps(r),
});

export const questionDto = (r: Row<typeof mcqQuestion>): QuestionDto => ({
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

export const htmlContentDto = (r: Row<typeof htmlContent>): HtmlContentDto => ({
  id: r.id,
  title: r.title,
  htmlBody: r.htmlBody,
  topicId: r.topicId,
  ...scope(r),
  ...stamps(r),
});

export const announcementDto = (r: Row<typeof announcement>): AnnouncementDto => ({
  id: r.id,
  title: r.title,
  description: r.description,
  type: r.type,
  date: r.date.getTime(),
  expiresAt: r.expiresAt.getTime(),
  ...scope(r),
  isArchived: r.isArchived,
  ...stamps(r),
});

export const progressRecordDto = (r: Row<typeof progressRecord>): ProgressRecordDto => ({
  itemId: r.itemId,
  type: r.type,
  cardId: r.cardId,
  questionId: r.questionId,
  subjectId: r.subjectId ?? '',
  deckId: r.deckId,
  easeFactor: r.easeFactor,
  interval: r.interval,
  dueDate: r.dueDate ? r.dueDate.getTime() : null,
  isSuspended: r.isSuspended,
  reviewedAt: r.reviewedAt.getTime(),
});

export const studySessionDto = (r: Row<typeof studySession>): StudySessionDto => ({
  id: r.id,
  date: r.date.getTime(),
  durationInSeconds: r.durationInSeconds,
  subjectId: r.subjectId,
  subjectName: r.subjectName,
  moduleId: r.moduleId,
  moduleName: r.moduleName,
});
