// Content rows → the wire DTOs of @zan/core schemas/content.ts (timestamps as epoch ms), one mapper per
// DTO. Shared by sync (which sends them as they are) and the admin API (which extends some of them).
import type {
  AnnouncementDto,
  CardDto,
  DeckDto,
  HtmlContentDto,
  ModuleDto,
  PageSummary,
  QuestionDto,
  QuizDto,
  SubjectDto,
  TopicDto,
} from '@zan/core';
import type * as tables from '../db/schema/index.ts';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
const stamps = (r: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: r.createdAt.getTime(),
  updatedAt: r.updatedAt.getTime(),
});
const scope = (r: { collegeId: string; yearGroup: string }) => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
});
export const moduleDto = (r: Row<typeof tables.module>): ModuleDto => ({
  id: r.id,
  name: r.name,
  stage: r.stage,
  isFree: r.isFree,
  isGlobal: r.isGlobal,
  extraInfo: r.extraInfo,
  ...scope(r),
  isArchived: r.isArchived,
  ...stamps(r),
});

export const subjectDto = (r: Row<typeof tables.subject>): SubjectDto => ({
  id: r.id,
  name: r.name,
  moduleId: r.moduleId,
  isGlobal: r.isGlobal,
  ...scope(r),
  isArchived: r.isArchived,
  ...stamps(r),
});

export const topicDto = (r: Row<typeof tables.topic>): TopicDto => ({
  id: r.id,
  name: r.name,
  nameLowercase: r.nameLowercase,
  subjectId: r.subjectId,
  moduleId: r.moduleId,
  isGlobal: r.isGlobal,
  ...scope(r),
  isArchived: r.isArchived,
  contentVersion: r.contentVersion,
  ...stamps(r),
});

export const deckDto = (r: Row<typeof tables.flashcardDeck>): DeckDto => ({
  id: r.id,
  name: r.name,
  topicId: r.topicId,
  cardCount: r.cardCount,
  ...scope(r),
  ...stamps(r),
});

export const cardDto = (r: Row<typeof tables.card>): CardDto => ({
  id: r.id,
  front: r.front,
  back: r.back,
  deckId: r.deckId,
  kind: r.kind,
  noteId: r.noteId,
  ord: r.ord,
  ankiNoteId: r.ankiNoteId,
  ankiOrd: r.ankiOrd,
  ...scope(r),
  ...stamps(r),
});

export const quizDto = (r: Row<typeof tables.mcqQuiz>): QuizDto => ({
  id: r.id,
  name: r.name,
  topicId: r.topicId,
  questionCount: r.questionCount,
  ...scope(r),
  ...stamps(r),
});

export const questionDto = (r: Row<typeof tables.mcqQuestion>): QuestionDto => ({
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

/** A lecture page in the topic's resource list: everything but the body. */
export const pageSummaryDto = (
  r: Pick<
    Row<typeof tables.htmlContent>,
    'id' | 'title' | 'topicId' | 'collegeId' | 'yearGroup' | 'createdAt' | 'updatedAt'
  >,
): PageSummary => ({
  id: r.id,
  title: r.title,
  topicId: r.topicId,
  ...scope(r),
  ...stamps(r),
});

export const htmlContentDto = (r: Row<typeof tables.htmlContent>): HtmlContentDto => ({
  id: r.id,
  title: r.title,
  htmlBody: r.htmlBody,
  topicId: r.topicId,
  ...scope(r),
  ...stamps(r),
});

/** The columns an announcement DTO carries (the admin list selects these, plus the college's name). */
type AnnouncementFields = Pick<
  Row<typeof tables.announcement>,
  | 'id'
  | 'title'
  | 'description'
  | 'type'
  | 'date'
  | 'expiresAt'
  | 'collegeId'
  | 'yearGroup'
  | 'isArchived'
  | 'createdAt'
  | 'updatedAt'
>;

export const announcementDto = (r: AnnouncementFields): AnnouncementDto => ({
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
