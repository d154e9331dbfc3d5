// The MCQ player (SPEC §2): a progress bar and 'Question n of m'; options lettered A to E; 'Check
// Answer' then 'Next Question', with the explanation after checking; 'Quiz Complete' with the score and
// 'Restart Quiz' (and 'Review answers', issue 19); Suspend. Keyboard: A–E or 1–5 choose, Enter checks / goes on.
import { useEffect, useRef } from 'react';
import { Button, Skeleton } from '../../../ui/index.ts';
import { revealFeedback } from './keep-in-view.ts';
import { McqComplete } from './mcq-complete.tsx';
import { QuestionView } from '../../../ui/study/question-view.tsx';
import { useMcqKeys } from './use-mcq-keys.ts';
import type { McqSession } from './use-mcq-session.ts';
import { PauseIcon } from '../../../ui/icons.tsx';

function ProgressBar({ done, total }: { done: number; total: number }) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label="Quiz progress"
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} answered`}
      className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-300"
        style={{ width: `${pct}%` }}
      />
    </div>
  );
}

export function McqPlayer({ quizName, session }: { quizName: string; session: McqSession }) {
  const s = session;
  const q = s.current;
  useMcqKeys({ enabled: !!q, checked: s.checked, choose: s.choose, check: s.check, next: s.next });
  // Once checked, bring the verdict and explanation into view above the sticky action bar, keeping
  // 'Question n of m' and the stem in view (issue 19: keep-in-view.ts).
  const feedback = useRef<HTMLDivElement>(null);
  const counter = useRef<HTMLParagraphElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!s.checked || !feedback.current || !counter.current) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    revealFeedback(counter.current, feedback.current, bar.current, !reduce);
  }, [s.checked, q?.id]);

  return (
    <section aria-label={`Quiz: ${quizName}`} className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 truncate text-lg font-bold text-fg">{quizName}</h1>
        {q && (
          <Button variant="ghost" size="sm" onClick={s.suspend} className="text-muted">
            <PauseIcon className="size-4" />
            Suspend
          </Button>
        )}
      </div>

      {s.loading ? (
        <div aria-busy="true" className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-8">
          <span className="sr-only">Loading questions…</span>
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : s.empty || s.allSuspended ? (
        <div className="rounded-2xl border border-dashed border-line bg-surface/60 p-10 text-center text-muted">
          {s.empty
            ? 'This quiz has no questions yet.'
            : 'Every question in this quiz is suspended. Unsuspend some from the Suspended list.'}
        </div>
      ) : s.complete || !q ? (
        <McqComplete
          correct={s.score.correct}
          total={s.score.total}
          onRestart={s.restart}
          review={s.review}
        />
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <p
              ref={counter}
              className="text-sm font-semibold text-muted"
              aria-live="polite"
            >{`Question ${s.position} of ${s.total}`}</p>
            <ProgressBar done={s.done} total={s.total} />
          </div>
          <QuestionView
            key={q.id}
            question={q.question}
            options={q.options}
            correctOption={q.correctOption}
            explanation={q.explanation}
            chosen={s.chosen}
            checked={s.checked}
            onChoose={s.choose}
            feedbackRef={feedback}
          />
          {/* Opaque, so text scrolling under it never shows through; the feedback keeps clear of it. */}
          <div ref={bar} className="sticky bottom-0 z-10 -mx-1 border-t border-line bg-bg px-1 pb-1 pt-2">
            {s.checked ? (
              <Button size="lg" className="w-full" onClick={s.next} aria-keyshortcuts="Enter">
                Next Question
              </Button>
            ) : (
              <Button
                size="lg"
                className="w-full"
                onClick={s.check}
                disabled={s.chosen === null}
                aria-keyshortcuts="Enter"
              >
                Check Answer
              </Button>
            )}
            <p className="mt-2 hidden text-center text-xs text-muted sm:block">
              {s.checked ? 'Enter for the next question' : 'Keys A–E or 1–5 to choose, Enter to check'}
            </p>
          </div>
        </>
      )}
    </section>
  );
}
