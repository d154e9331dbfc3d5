// Question-bank blocks on the wire (issue 19): the student's own data, synced like progress (the later
// `updatedAt` of a block wins) and carried in the study-data export as an additive field.
import { z } from 'zod';
import { QBANK, QBANK_MODES, type BlockQuestion, type PeerAggregate, type QbankBlock } from '../qbank.ts';
import { epochMs, idSchema, text } from './common.ts';

const option = z.number().int().min(1).max(5);

const blockQuestionSchema = z
  .strictObject({
    questionId: idSchema,
    subjectId: idSchema,
    topicId: idSchema,
    order: z.array(option).min(2).max(5),
    answer: option.nullable(),
    checked: z.boolean(),
    flagged: z.boolean(),
    struck: z.array(option).max(5),
    /** At most a day on one question. */
    timeMs: z.number().int().min(0).max(86_400_000),
  })
  .refine((q) => new Set(q.order).size === q.order.length, { message: 'Options are shown once each.' })
  .refine((q) => q.answer === null || q.order.includes(q.answer), {
    message: 'The answer is one of the options shown.',
  }) satisfies z.ZodType<BlockQuestion>;

export const qbankBlockSchema = z
  .strictObject({
    id: z.uuid(),
    mode: z.enum(QBANK_MODES),
    secondsPerQuestion: z.number().int().min(QBANK.minSecondsPerQuestion).max(QBANK.maxSecondsPerQuestion),
    startedAt: epochMs(),
    endedAt: epochMs().nullable(),
    current: z.number().int().min(0),
    shownAt: epochMs().nullable(),
    questions: z.array(blockQuestionSchema).min(1).max(QBANK.maxQuestions),
    updatedAt: epochMs(),
  })
  .refine((b) => b.current < b.questions.length, { message: 'The current question is in the block.' })
  .refine((b) => new Set(b.questions.map((q) => q.questionId)).size === b.questions.length, {
    message: 'A question appears once in a block.',
  }) satisfies z.ZodType<QbankBlock>;
export type QbankBlockDto = z.infer<typeof qbankBlockSchema>;

// ---- How everyone answered (the contract of issue 19's server side) ----

const count = () => z.number().int().min(0);

/**
 * One question's running totals (students' first answers only), as a device stores them beside the
 * topic's content. The server sends only questions with at least QBANK.peerMinStudents students.
 */
const questionStatsDtoSchema = z.object({
  questionId: z.string(),
  topicId: z.string(),
  students: count(),
  correct: count(),
  /** Students per option 1..5 (index 0 is option 1). */
  options: z.array(count()).length(5),
  /** When the server read these totals (epoch ms). */
  computedAt: epochMs(),
}) satisfies z.ZodType<PeerAggregate & { questionId: string; topicId: string }>;
export type QuestionStatsDto = z.infer<typeof questionStatsDtoSchema>;

/** POST /api/sync/question-stats {topicIds}: the peer totals of the questions of topics the caller sees. */
export const questionStatsBodySchema = z.strictObject({
  topicIds: z.array(text().max(100)).min(1).max(1000),
});
export const questionStatsResponseSchema = z.object({
  stats: z.array(questionStatsDtoSchema),
  computedAt: epochMs(),
});
export type QuestionStatsResponse = z.infer<typeof questionStatsResponseSchema>;

/** One question's item statistics for the quiz editor (core `itemStatistics` over first answers). */
const itemStatsDtoSchema = z.object({
  questionId: z.string(),
  answers: count(),
  percentCorrect: z.number().int().min(0).max(100),
  optionCounts: z.array(count()).length(5),
  discrimination: z.number().min(-1).max(1).nullable(),
  possiblyMiskeyed: z.boolean(),
});
export type ItemStatsDto = z.infer<typeof itemStatsDtoSchema>;

/** GET /api/admin/quizzes/:quizId/item-stats (admins of the quiz's scope, superadmins). */
export const itemStatsResponseSchema = z.object({
  quizId: z.string(),
  items: z.array(itemStatsDtoSchema),
  computedAt: epochMs(),
});
export type ItemStatsResponse = z.infer<typeof itemStatsResponseSchema>;
