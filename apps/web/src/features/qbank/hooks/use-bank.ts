// The question bank's live data (issue 19): the student's questions, blocks and each question's history
// (core questionHistory over the blocks and the MCQ progress), re-read when any of them changes.
import { questionHistory, type QuestionHistory } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { loadBank, type BankData } from '../local/qbank-queries.ts';

export type Bank = BankData & { history: Map<string, QuestionHistory> };

/** undefined while loading; an Error when the store could not be read. */
export function useBank(userId: string): Bank | Error | undefined {
  const data = useLiveQuery(
    () =>
      userId
        ? loadBank(userId).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))
        : undefined,
    [userId],
  );
  return useMemo(() => {
    if (data === undefined || data instanceof Error) return data;
    return { ...data, history: questionHistory(data.blocks, data.lastCorrect) };
  }, [data]);
}
