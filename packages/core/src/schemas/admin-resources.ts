// Admin topic resources contract (issue 8; SPEC §2 topic resources page, deck and quiz editors, §5
// Cards and questions, §7 decks/cards/quizzes/questions and their permanent deletes). Routes are
// listed in apps/server/CONTEXT.md "Topic resources API".
import { z } from 'zod';
import { duplicateKey } from '../bulk-duplicates.ts';
import { clozeOrdinals } from '../cloze.ts';
import { CLOZE_NOTE_MAX_CARDS, IMPORT_MAX_FILES, IMPORT_MAX_ROWS, RESOURCE_TEXT_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';
import { isBlankQuestionText } from '../question-text.ts';
import { adminTopicSchema } from './admin-content.ts';
import { text as storable } from './common.ts';
import {
  cardDtoSchema,
  deckDtoSchema,
  htmlContentDtoSchema,
  questionDtoSchema,
  quizDtoSchema,
} from './content.ts';

/** True when HTML shows nothing: no text once markup and spacing go, and no image. */
export const isBlankHtml = (html: string): boolean => duplicateKey(html) === '' && !/<img\b/i.test(html);

const pageSummarySchema = htmlContentDtoSchema.omit({ htmlBody: true });
export type PageSummary = z.infer<typeof pageSummarySchema>;

// ---- Deck editor ----
export const deckEditorResponseSchema = z.object({
  topic: adminTopicSchema,
  deck: deckDtoSchema,
  cards: z.array(cardDtoSchema),
});
export type DeckEditorResponse = z.infer<typeof deckEditorResponseSchema>;

const face = storable({ message: MSG.frontBackRequired }).max(RESOURCE_TEXT_MAX, {
  message: MSG.textTooLong(RESOURCE_TEXT_MAX),
});
export const cardBodySchema = z
  .strictObject({ front: face, back: face })
  .refine((c) => !isBlankHtml(c.front) && !isBlankHtml(c.back), { message: MSG.frontBackRequired });
export type CardBody = z.infer<typeof cardBodySchema>;
export const cardResponseSchema = z.object({ card: cardDtoSchema, cardCount: z.number().int() });
export type CardResponse = z.infer<typeof cardResponseSchema>;

/**
 * A cloze note (issue 20): one text with deletions `{{cN::answer}}` / `{{cN::answer::hint}}` and an
 * optional 'Back Extra'. Each distinct number is one card; saving the note adds, keeps (same id, so
 * every student's progress stays) or removes cards by number.
 */
export const clozeNoteBodySchema = z
  .strictObject({
    text: storable({ message: MSG.clozeTextRequired }).max(RESOURCE_TEXT_MAX, {
      message: MSG.textTooLong(RESOURCE_TEXT_MAX),
    }),
    backExtra: storable()
      .max(RESOURCE_TEXT_MAX, { message: MSG.textTooLong(RESOURCE_TEXT_MAX) })
      .default(''),
  })
  .refine((n) => clozeOrdinals(n.text).length > 0, { message: MSG.clozeTextRequired, path: ['text'] })
  .refine((n) => clozeOrdinals(n.text).length <= CLOZE_NOTE_MAX_CARDS, {
    message: MSG.clozeTooManyDeletions(CLOZE_NOTE_MAX_CARDS),
    path: ['text'],
  });
export type ClozeNoteBody = z.infer<typeof clozeNoteBodySchema>;
/** The note's cards after the save, by number, and the ids of cards its removed numbers deleted. */
export const clozeNoteResponseSchema = z.object({
  noteId: z.string(),
  cards: z.array(cardDtoSchema),
  removedCardIds: z.array(z.string()),
  cardCount: z.number().int(),
});
export type ClozeNoteResponse = z.infer<typeof clozeNoteResponseSchema>;

// ---- Quiz editor ----
export const quizEditorResponseSchema = z.object({
  topic: adminTopicSchema,
  quiz: quizDtoSchema,
  questions: z.array(questionDtoSchema),
});
export type QuizEditorResponse = z.infer<typeof quizEditorResponseSchema>;

const text = storable().max(RESOURCE_TEXT_MAX, { message: MSG.textTooLong(RESOURCE_TEXT_MAX) });
const optional = text.nullable().optional();
export const questionBodySchema = z
  .strictObject({
    question: text,
    option1: text,
    option2: text,
    option3: optional,
    option4: optional,
    option5: optional,
    correctOption: z.number().int().min(1).max(5),
    explanation: optional,
  })
  .superRefine((q, ctx) => {
    // Plain text or the rich editor's HTML (issue 19): '<p></p>' is as empty as ''.
    if (isBlankQuestionText(q.question))
      return void ctx.addIssue({ code: 'custom', message: MSG.questionRequired, path: ['question'] });
    if (isBlankQuestionText(q.option1) || isBlankQuestionText(q.option2))
      return void ctx.addIssue({ code: 'custom', message: MSG.twoOptionsRequired, path: ['option1'] });
    const opts = [q.option1, q.option2, q.option3, q.option4, q.option5];
    if (isBlankQuestionText(opts[q.correctOption - 1] ?? ''))
      ctx.addIssue({
        code: 'custom',
        message: MSG.importCorrectOptionEmpty(q.correctOption),
        path: ['correctOption'],
      });
  });
export type QuestionBody = z.infer<typeof questionBodySchema>;
export const questionResponseSchema = z.object({
  question: questionDtoSchema,
  questionCount: z.number().int(),
});
export type QuestionResponse = z.infer<typeof questionResponseSchema>;

/** A card or question deleted: the deck's or quiz's new count. */
export const itemDeletedResponseSchema = z.object({ ok: z.literal(true), count: z.number().int() });
export type ItemDeletedResponse = z.infer<typeof itemDeletedResponseSchema>;

// ---- Lecture (HTML page) editor (SPEC §2 HTML editor, §5 HTML page and images) ----
/** Longest stored lecture body (characters of HTML). */
export const PAGE_HTML_MAX = 1_000_000;
// storable(): no NUL (PostgreSQL text cannot hold one; a NUL here used to answer 500, issue 17).
const pageTitle = storable()
  .max(300)
  .refine((t) => t.trim() !== '', { message: MSG.titleRequired });
const pageHtml = storable().max(PAGE_HTML_MAX, { message: MSG.pageTooLong(PAGE_HTML_MAX) });
export const pageUpdateBodySchema = z.strictObject({ title: pageTitle, htmlBody: pageHtml });
export type PageUpdateBody = z.infer<typeof pageUpdateBodySchema>;
export const pageCreateBodySchema = z.strictObject({
  topicId: storable({ error: MSG.pageTopicRequired })
    .max(100)
    .refine((t) => t.trim() !== '', { message: MSG.pageTopicRequired }),
  title: pageTitle,
  htmlBody: pageHtml,
});
export type PageCreateBody = z.infer<typeof pageCreateBodySchema>;
export const pageResponseSchema = z.object({ topic: adminTopicSchema, page: htmlContentDtoSchema });
export type PageResponse = z.infer<typeof pageResponseSchema>;

// ---- Bulk import (SPEC §2 bulk import modal, §5 Bulk import) ----
// The client parses and plans (core bulk-import / bulk-duplicates); the server writes the deck or
// quiz named `name` in the topic (created when the topic has none of that name) with every added and
// updated item in one transaction, or nothing.
const bulkName = (kind: 'Flashcards' | 'MCQs') =>
  storable()
    .trim()
    .min(1, { message: MSG.importNameRequired(kind) })
    .max(200);
const cardDraft = z.strictObject({ front: face, back: face });
const questionDraft = z.strictObject({
  question: text,
  option1: text,
  option2: text,
  option3: text.nullable(),
  option4: text.nullable(),
  option5: text.nullable(),
  correctOption: z.number().int().min(1).max(5),
  explanation: text.nullable(),
});
const bulkRows = <T extends z.ZodType>(item: T) => z.array(item).max(IMPORT_MAX_ROWS);
const nonEmptyPlan = (b: { add: unknown[]; update: unknown[] }) => b.add.length + b.update.length > 0;
/** Issue 21: the format the rows were read from (recorded with the import, shown beside 'Undo import'). */
export const importSourceSchema = z.enum([
  'csv',
  'moodle-xml',
  'gift',
  'aiken',
  'quizlet',
  'anki-text',
  'anki',
]);
export type ImportSource = z.infer<typeof importSourceSchema>;
/** Issue 21: pictures carried inside the source (Moodle XML's base64 `<file>`), referred to by the rows
 *  as `src="zan-import:<name>"`; the server stores each as an image of the topic's scope in the import's
 *  transaction and rewrites the src. */
/** Bytes of all the pictures of one import once decoded (each is also an image: ≤ IMAGE_MAX_BYTES). */
export const IMPORT_FILES_MAX_BYTES = 24 * 1024 * 1024;
const embeddedFile = z.strictObject({
  name: storable().min(1).max(255),
  mime: z.string().max(100),
  base64: z.string().max(14_000_000),
});
const importExtras = {
  source: importSourceSchema.optional(),
  files: z.array(embeddedFile).max(IMPORT_MAX_FILES).optional(),
};

export const bulkCardsBodySchema = z
  .strictObject({
    name: bulkName('Flashcards'),
    add: bulkRows(cardDraft),
    update: bulkRows(z.strictObject({ id: storable().min(1).max(100), item: cardDraft })),
    ...importExtras,
  })
  .refine(nonEmptyPlan, { message: MSG.importEmpty });
export type BulkCardsBody = z.infer<typeof bulkCardsBodySchema>;
export const bulkQuestionsBodySchema = z
  .strictObject({
    name: bulkName('MCQs'),
    add: bulkRows(questionDraft),
    update: bulkRows(z.strictObject({ id: storable().min(1).max(100), item: questionDraft })),
    ...importExtras,
  })
  .refine(nonEmptyPlan, { message: MSG.importEmpty });
export type BulkQuestionsBody = z.infer<typeof bulkQuestionsBodySchema>;
export const bulkImportResponseSchema = z.object({
  id: z.string(),
  /** The import record ('Undo import'). */
  importId: z.string(),
  created: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  count: z.number().int(),
});
export type BulkImportResponse = z.infer<typeof bulkImportResponseSchema>;

// ---- Import records and 'Undo import' (issue 21; issue 20's Anki import records its imports too) ----
/** A bulk import as recorded: what it added and changed in one deck or quiz, and whether it can be undone
 *  (not undone yet, the set still there, nothing it added or changed edited since). */
export const importSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['deck', 'quiz']),
  setId: z.string(),
  /** The import created the deck or quiz (undo deletes it when nothing else is left in it). */
  setCreated: z.boolean(),
  source: importSourceSchema,
  createdAt: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  images: z.number().int(),
  undoneAt: z.number().int().nullable(),
  undoable: z.boolean(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importUndoResponseSchema = z.object({
  ok: z.literal(true),
  /** Cards or questions the import had added, now removed. */
  removed: z.number().int(),
  /** Cards or questions it had changed, back to their previous values. */
  restored: z.number().int(),
  imagesRemoved: z.number().int(),
  /** The deck or quiz the import created was left empty and deleted. */
  setDeleted: z.boolean(),
});
export type ImportUndoResponse = z.infer<typeof importUndoResponseSchema>;

// ---- New Deck / New Quiz (issue 22): an empty set, named like a bulk import's (one name per topic) ----
export const deckCreateBodySchema = z.strictObject({ name: bulkName('Flashcards') });
export type DeckCreateBody = z.infer<typeof deckCreateBodySchema>;
export const quizCreateBodySchema = z.strictObject({ name: bulkName('MCQs') });
export type QuizCreateBody = z.infer<typeof quizCreateBodySchema>;
export const deckCreatedResponseSchema = z.object({ deck: deckDtoSchema });
export type DeckCreatedResponse = z.infer<typeof deckCreatedResponseSchema>;
export const quizCreatedResponseSchema = z.object({ quiz: quizDtoSchema });
export type QuizCreatedResponse = z.infer<typeof quizCreatedResponseSchema>;

// ---- Images (SPEC §4 HTML editor and images, §7 images, §8 Images) ----
/**
 * What an image is used in, named for the images screen ('page' = a lecture, 'card' = a flashcard,
 * 'question' = an MCQ question, issue 19).
 */
const imageUseSchema = z.object({
  id: z.string(),
  kind: z.enum(['page', 'card', 'question']),
  /** The page title, or the card's front or the question's stem as text (at most 50 characters). */
  label: z.string(),
  topicId: z.string(),
});
export type ImageUse = z.infer<typeof imageUseSchema>;
/** How the images screen names each kind of use. */
export const IMAGE_USE_LABEL = { page: 'Page', card: 'Card', question: 'Question' } as const satisfies Record<
  ImageUse['kind'],
  string
>;
const imageDtoSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  usedIn: z.array(z.string()),
  /** usedIn with names (only in the browse list; ids whose content is gone are left out). */
  uses: z.array(imageUseSchema).optional(),
  collegeId: z.string(),
  yearGroup: z.string(),
  isOptimized: z.boolean(),
  storageUrl: z.string(),
  webpUrl: z.string().nullable(),
  createdAt: z.number().int(),
});
export type ImageDto = z.infer<typeof imageDtoSchema>;
/**
 * Upload and browse are scoped by a topic (its college and year group: the lecture editor) or by a
 * college and year group directly (the images screen); usedIn narrows the browse to one content id.
 */
export const imageScopeQuerySchema = z
  .strictObject({
    topicId: storable().min(1).max(100).optional(),
    collegeId: storable().min(1).max(100).optional(),
    yearGroup: storable().min(1).max(200).optional(),
    usedIn: storable().min(1).max(100).optional(),
  })
  .refine((q) => (q.topicId ? !q.collegeId && !q.yearGroup : !!q.collegeId && !!q.yearGroup), {
    message: 'Give either a topicId or both a collegeId and a yearGroup.',
  });
export type ImageScopeQuery = z.infer<typeof imageScopeQuerySchema>;
export const imageListResponseSchema = z.object({ images: z.array(imageDtoSchema) });
export const imageUploadResponseSchema = z.object({ image: imageDtoSchema, warning: z.string().nullable() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

// ---- The topic resources page's lists ----
export const topicResourcesResponseSchema = z.object({
  topic: adminTopicSchema,
  decks: z.array(deckDtoSchema),
  quizzes: z.array(quizDtoSchema),
  pages: z.array(pageSummarySchema),
  /** Issue 21: each deck's and quiz's latest import (none for a set never imported into). */
  imports: z.array(importSummarySchema),
});
export type TopicResourcesResponse = z.infer<typeof topicResourcesResponseSchema>;
