// 'Quiz Complete' (SPEC §2): the score as 'correct / total' and a percentage, said in words too, with
// 'Restart Quiz' and (issue 19) 'Review answers' beside it. The success tick shows only for a score
// worth one (half or more right): a 0 of 3 gets a neutral mark instead.
import { useEffect, useRef, useState } from 'react';
import { Button, cx } from '../../../ui/index.ts';
import { McqReview } from './mcq-review.tsx';
import type { ReviewedQuestion } from './use-mcq-session.ts';
import { CheckIcon, MinusIcon } from '../../../ui/icons.tsx';

/** Half or more right earns the success tick. */
const earnsTick = (correct: number, total: number): boolean => total > 0 && correct * 2 >= total;

export function McqComplete({
  correct,
  total,
  onRestart,
  review = [],
}: {
  correct: number;
  total: number;
  onRestart: () => void;
  review?: ReviewedQuestion[];
}) {
  const pct = total ? Math.round((correct / total) * 100) : 0;
  const tick = earnsTick(correct, total);
  const [reviewing, setReviewing] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reviewing) list.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [reviewing]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-6 py-12 text-center shadow-sm">
        <span
          aria-hidden="true"
          data-mark={tick ? 'success' : 'neutral'}
          className={cx(
            'grid size-14 place-items-center rounded-full',
            tick ? 'bg-success/15 text-success' : 'bg-surface-2 text-muted',
          )}
        >
          {tick ? <CheckIcon className="size-7" /> : <MinusIcon className="size-7" />}
        </span>
        <h2 className="text-2xl font-bold text-fg">Quiz Complete</h2>
        <p aria-label="Score" className="flex items-baseline gap-3">
          <span className="text-4xl font-bold tabular-nums text-fg">{`${correct} / ${total}`}</span>
          <span className="text-lg font-semibold tabular-nums text-muted">{`${pct}%`}</span>
        </p>
        <p role="status" className="font-semibold text-fg">
          {`You scored ${correct} out of ${total} (${pct}%).`}
        </p>
        <p className="max-w-sm text-sm text-muted">
          {pct >= 80
            ? 'Excellent work.'
            : pct >= 50
              ? 'Good effort — restart to go through the questions again.'
              : 'Keep practising — restart for a new order.'}
        </p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          {review.length > 0 && (
            <Button variant="secondary" aria-expanded={reviewing} onClick={() => setReviewing((r) => !r)}>
              {reviewing ? 'Hide review' : 'Review answers'}
            </Button>
          )}
          <Button onClick={onRestart}>Restart Quiz</Button>
        </div>
      </div>
      {reviewing && (
        <div ref={list}>
          <McqReview items={review} />
        </div>
      )}
    </div>
  );
}
