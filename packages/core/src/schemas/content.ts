// Content entities as they travel from server to the local store (SPEC §3). Timestamps are epoch ms.
import { z } from 'zod';

const ms = z.number().int();
const scoped = { collegeId: z.string(), yearGroup: z.string() };
const stamps = { createdAt: ms, updatedAt: ms };

export const moduleDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  stage: z.number().int().min(1),
  isFree: z.boolean(),
  isGlobal: z.boolean(),
  extraInfo: z.string().nullable(),
  ...scoped,
  isArchived: z.boolean(),
  ...stamps,
});
export type ModuleDto = z.infer<typeof moduleDtoSchema>;

export const subjectDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  moduleId: z.string(),
  isGlobal: z.boolean(),
  ...scoped,
  isArchived: z.boolean(),
  ...stamps,
});
export type SubjectDto = z.infer<typeof subjectDtoSchema>;

export const topicDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameLowercase: z.string(),
  subjectId: z.string(),
  moduleId: z.string(),
  isGlobal: z.boolean(),
  ...scoped,
  isArchived: z.boolean(),
  /** Version of the latest change to the topic's decks, cards, quizzes, questions or pages. */
  contentVersion: z.number().int(),
  ...stamps,
});
export type TopicDto = z.infer<typeof topicDtoSchema>;

export const deckDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  topicId: z.string(),
  cardCount: z.number().int(),
  ...scoped,
  ...stamps,
});
export type DeckDto = z.infer<typeof deckDtoSchema>;

/** A card's type (issue 20): 'basic' has a front and a back; 'cloze' is one card of a cloze note. */
const CARD_KINDS = ['basic', 'cloze'] as const;
const cardKindSchema = z.enum(CARD_KINDS);
export type CardKind = z.infer<typeof cardKindSchema>;

export const cardDtoSchema = z.object({
  id: z.string(),
  /** Basic: the front. Cloze: the note's whole text with its `{{cN::…}}` deletions (cloze.ts renders it). */
  front: z.string(),
  /** Basic: the back. Cloze: the note's 'Back Extra' (may be empty). */
  back: z.string(),
  deckId: z.string(),
  /**
   * Issue 20 (additive; absent on older rows and servers = 'basic'). A cloze card also carries its
   * note (`noteId`, shared by every card of the note) and its deletion number (`ord`, c1 → 1).
   */
  kind: cardKindSchema.optional(),
  noteId: z.string().nullable().optional(),
  ord: z.number().int().nullable().optional(),
  /**
   * Issue 20 (additive): where an imported card came from in Anki — the note id (a 64-bit integer as
   * decimal text) and the card's ordinal (template index; for cloze, deletion number − 1). Re-import
   * and a student's progress import match on both.
   */
  ankiNoteId: z.string().nullable().optional(),
  ankiOrd: z.number().int().nullable().optional(),
  ...scoped,
  ...stamps,
});
export type CardDto = z.infer<typeof cardDtoSchema>;

export const quizDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  topicId: z.string(),
  questionCount: z.number().int(),
  ...scoped,
  ...stamps,
});
export type QuizDto = z.infer<typeof quizDtoSchema>;

export const questionDtoSchema = z.object({
  id: z.string(),
  question: z.string(),
  option1: z.string(),
  option2: z.string(),
  option3: z.string().nullable(),
  option4: z.string().nullable(),
  option5: z.string().nullable(),
  correctOption: z.number().int().min(1).max(5),
  explanation: z.string().nullable(),
  quizId: z.string(),
  ...scoped,
  ...stamps,
});
export type QuestionDto = z.infer<typeof questionDtoSchema>;

export const htmlContentDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  htmlBody: z.string(),
  topicId: z.string(),
  ...scoped,
  ...stamps,
});
export type HtmlContentDto = z.infer<typeof htmlContentDtoSchema>;

export const ANNOUNCEMENT_TYPES = ['General', 'Exam', 'Holiday', 'Reminder', 'Event'] as const;
export const announcementDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  date: ms,
  expiresAt: ms,
  ...scoped,
  isArchived: z.boolean(),
  ...stamps,
});
export type AnnouncementDto = z.infer<typeof announcementDtoSchema>;
