// One quiz's MCQ session (SPEC §4 MCQ session): non-suspended questions, shuffled; choose, check (locks
// the options and shows correct / incorrect), next; complete when the index passes the end; restart
// reshuffles. Answers and suspends are written (progress + outbox, one transaction) in the background.
import { shuffle } from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import { recordAnswer, setQuestionSuspended } from '../../../local/mcq-progress.ts';
import { loadSuspendedQuestionIds } from '../local/mcq-queries.ts';
import type { QuizData, StudyQuestion } from '../study-types.ts';

type Scope = {
  userId: string;
  subjectId: string;
  quizId: string | null;
  data: QuizData | undefined;
  onError: (e: unknown) => void;
  /** A question to ask first (opened from the search, issue 22), if it is in the quiz and not suspended. */
  focusQuestionId?: string | null;
};
/** `answers`: the option chosen for each checked question, for 'Review answers'. */
type Queue = {
  key: string;
  questions: StudyQuestion[];
  pos: number;
  results: Map<string, boolean>;
  answers: Map<string, number>;
};
/** One question of a finished session as 'Review answers' lists it. */
export type ReviewedQuestion = { question: StudyQuestion; chosen: number | null };

export type McqSession = ReturnType<typeof useMcqSession>;

export function useMcqSession({ userId, subjectId, quizId, data, onError, focusQuestionId = null }: Scope) {
  const questions = data && data.quizId === quizId ? data.questions : undefined;
  // Keyed by the question ids, so a live re-read of the same questions does not reload the session.
  const idsKey = questions ? questions.map((q) => q.id).join('\n') : null;
  const answer = useLiveQuery(
    async () => ({
      for: idsKey,
      ids: await loadSuspendedQuestionIds(userId, idsKey ? idsKey.split('\n') : []),
    }),
    [userId, idsKey],
  );
  const stored = answer && answer.for === idsKey ? answer.ids : undefined;
  // This session's own suspends / unsuspends, laid over the store until the live query catches up.
  const [own, setOwn] = useState<{ quizId: string | null; map: Map<string, boolean> }>({
    quizId,
    map: new Map(),
  });
  const suspendedIds = useMemo(() => {
    const set = new Set(stored);
    if (own.quizId === quizId)
      for (const [id, s] of own.map) {
        if (s) set.add(id);
        else set.delete(id);
      }
    return set;
  }, [stored, own, quizId]);

  const [round, setRound] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const [checked, setChecked] = useState(false);
  const ready = !!quizId && !!questions && stored !== undefined;
  // The question asked for leads the first round only ('Restart' reshuffles as usual).
  const focus = round === 0 ? focusQuestionId : null;
  const key = `${quizId}|${round}|${questions?.length ? 'q' : 'none'}|${focus ?? ''}`;
  const [queue, setQueue] = useState<Queue>({
    key: '',
    questions: [],
    pos: 0,
    results: new Map(),
    answers: new Map(),
  });
  if (ready && queue.key !== key) {
    const asked = shuffle(questions.filter((q) => !suspendedIds.has(q.id)));
    const first = focus ? asked.find((q) => q.id === focus) : undefined;
    setQueue({
      key,
      questions: first ? [first, ...asked.filter((q) => q !== first)] : asked,
      pos: 0,
      results: new Map(),
      answers: new Map(),
    });
    setChosen(null);
    setChecked(false);
  }
  const building = !ready || queue.key !== key;
  const current = building ? null : (queue.questions[queue.pos] ?? null);
  const total = building ? 0 : queue.questions.length;
  const complete = !building && total > 0 && queue.pos >= total;

  const mark = useCallback(
    (id: string, suspended: boolean) =>
      setOwn((o) => ({ quizId, map: new Map(o.quizId === quizId ? o.map : []).set(id, suspended) })),
    [quizId],
  );

  const choose = useCallback(
    (option: number) => {
      if (!current || checked || !current.options.some((o) => o.n === option)) return;
      setChosen(option);
    },
    [current, checked],
  );

  const check = useCallback(() => {
    if (!current || checked || chosen === null) return;
    const correct = chosen === current.correctOption;
    setChecked(true);
    setQueue((q) => ({
      ...q,
      results: new Map(q.results).set(current.id, correct),
      answers: new Map(q.answers).set(current.id, chosen),
    }));
    recordAnswer({
      userId,
      subjectId,
      questionId: current.id,
      option: chosen,
      correct,
      now: new Date(),
    }).catch(onError);
  }, [current, checked, chosen, userId, subjectId, onError]);

  const next = useCallback(() => {
    if (!checked) return;
    setQueue((q) => ({ ...q, pos: q.pos + 1 }));
    setChosen(null);
    setChecked(false);
  }, [checked]);

  const suspend = useCallback(() => {
    if (!current) return;
    mark(current.id, true);
    setQueue((q) => {
      const results = new Map(q.results);
      results.delete(current.id);
      const answers = new Map(q.answers);
      answers.delete(current.id);
      return {
        ...q,
        questions: q.questions.filter((x, i) => i < q.pos || x.id !== current.id),
        results,
        answers,
      };
    });
    setChosen(null);
    setChecked(false);
    setQuestionSuspended({
      userId,
      subjectId,
      questionId: current.id,
      suspended: true,
      now: new Date(),
    }).catch(onError);
  }, [current, mark, userId, subjectId, onError]);

  const unsuspend = useCallback(
    (question: StudyQuestion) => {
      mark(question.id, false);
      // Back into this session (at the end) unless the quiz is already complete.
      setQueue((q) =>
        q.pos >= q.questions.length || q.questions.some((x) => x.id === question.id)
          ? q
          : { ...q, questions: [...q.questions, question] },
      );
      setQuestionSuspended({
        userId,
        subjectId,
        questionId: question.id,
        suspended: false,
        now: new Date(),
      }).catch(onError);
    },
    [mark, userId, subjectId, onError],
  );

  const restart = useCallback(() => setRound((r) => r + 1), []);

  const correctCount = [...queue.results.values()].filter(Boolean).length;
  const review = useMemo<ReviewedQuestion[]>(
    () => queue.questions.map((q) => ({ question: q, chosen: queue.answers.get(q.id) ?? null })),
    [queue],
  );
  const suspendedQuestions = useMemo(
    () => (questions ?? []).filter((q) => suspendedIds.has(q.id)),
    [questions, suspendedIds],
  );

  return {
    loading: building,
    /** The quiz has no questions at all. */
    empty: !building && !questions?.length,
    /** Every question is suspended. */
    allSuspended: !building && !!questions?.length && total === 0,
    current,
    /** 1-based number of the current question, and the session's length. */
    position: Math.min(queue.pos + 1, total),
    total,
    /** Questions finished (checked) so far, for the progress bar. */
    done: Math.min(total, queue.pos + (checked ? 1 : 0)),
    chosen,
    checked,
    complete,
    score: { correct: correctCount, total },
    /** The session's questions in the order asked, each with the option chosen ('Review answers'). */
    review,
    suspendedQuestions,
    choose,
    check,
    next,
    suspend,
    unsuspend,
    restart,
  };
}
