// Question-bank blocks on the wire (issue 19): the student's own data, synced like progress (the later
// `updatedAt` of a block wins) and carried in the study-data export as an additive field.
import { z } from 'zod';
import { QBANK, QBANK_MODES, type BlockQuestion, type QbankBlock } from '../qbank.ts';
import { epochMs, idSchema } from './common.ts';

const option = z.number().int().min(1).max(5);

export const blockQuestionSchema = z
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
