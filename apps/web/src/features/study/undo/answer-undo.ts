// Undo of a flashcard answer (issue 18), shared by the deck player and 'Review all due': the answers a
// session can take back, and taking one back — the card's earlier row here and an undo op for every
// device (the server's replay drops the review), and the day's tally forgets it.
import { useCallback, useState } from 'react';
import { undoReview, type RecordedReview } from '../../../local/progress.ts';
import { forgetAnswer } from '../review/daily-tally.ts';
import type { CardProgress } from '../study-types.ts';

/** One answer that 'Undo' can take back: the session's state before it and the card's progress then. */
export type UndoableAnswer<S> = {
  /** What the session puts back (its queue and position before the answer). */
  before: S;
  cardId: string;
  prior: CardProgress | undefined;
  /** When it was answered (the tally's entry). */
  at: Date;
  recorded: Promise<RecordedReview>;
};

/** Takes the answer back in the store once its review is written (the session has restored itself). */
export function takeBackAnswer<S>(userId: string, answer: UndoableAnswer<S>, onError: (e: unknown) => void) {
  forgetAnswer(userId, answer.cardId, answer.at);
  answer.recorded.then((r) => undoReview({ userId, token: r.undo, now: new Date() })).catch(onError);
}

/**
 * The session's answers, last on top; `key` names the session (a new key starts an empty list). `pop`
 * returns the last answer and drops it, or null when there is none.
 */
export function useUndoStack<S>(key: string) {
  const [stack, setStack] = useState<{ key: string; list: UndoableAnswer<S>[] }>({ key, list: [] });
  const list = stack.key === key ? stack.list : [];
  const push = useCallback(
    (a: UndoableAnswer<S>) => setStack((s) => ({ key, list: [...(s.key === key ? s.list : []), a] })),
    [key],
  );
  const last = list[list.length - 1] ?? null;
  const pop = useCallback((): UndoableAnswer<S> | null => {
    if (!last) return null;
    setStack((s) => ({ key, list: s.key === key ? s.list.slice(0, -1) : [] }));
    return last;
  }, [key, last]);
  return { canUndo: last !== null, push, pop };
}
