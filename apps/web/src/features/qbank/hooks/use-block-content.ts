// One block's content for the player and review (issue 19): the questions' texts (options by their
// number in the question) and keys as stored on this device, and their peer totals, live.
import type { QuestionStatsDto } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { McqOption } from '../../../ui/study/mcq-options.tsx';
import { loadBlockQuestions, loadBlockStats, loadNames } from '../local/qbank-queries.ts';

export type BlockQuestionContent = {
  question: string;
  /** Options by their number in the question (1–5). */
  options: Map<number, McqOption>;
  correctOption: number;
  explanation: string | null;
};

export type BlockContent = {
  questions: Map<string, BlockQuestionContent>;
  stats: Map<string, QuestionStatsDto>;
  names: Map<string, string>;
};

const FIELDS = ['option1', 'option2', 'option3', 'option4', 'option5'] as const;

export function useBlockContent(userId: string, questionIds: readonly string[] | undefined) {
  const key = questionIds?.join('\n') ?? null;
  return useLiveQuery(async (): Promise<BlockContent | undefined> => {
    if (!userId || key === null) return undefined;
    const ids = key.split('\n');
    const [rows, stats, names] = await Promise.all([
      loadBlockQuestions(userId, ids),
      loadBlockStats(userId, ids),
      loadNames(userId),
    ]);
    const questions = new Map<string, BlockQuestionContent>();
    for (const [id, q] of rows) {
      const options = new Map<number, McqOption>();
      FIELDS.forEach((f, i) => {
        const text = q[f];
        if (text?.trim()) options.set(i + 1, { n: i + 1, text });
      });
      questions.set(id, {
        question: q.question,
        options,
        correctOption: q.correctOption,
        explanation: q.explanation?.trim() || null,
      });
    }
    return { questions, stats, names };
  }, [userId, key]);
}
