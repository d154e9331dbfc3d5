// Again / Hard / Good / Easy, each with the interval it would schedule (what Anki users expect) and
// its key (1–4).
import {
  formatInterval,
  newCardState,
  RATINGS,
  scheduleReview,
  type Rating,
  type ReviewScheduler,
} from '@zan/core';
import { cx } from '../../../ui/index.ts';
import type { CardProgress } from '../study-types.ts';

const RATING_LABELS: Record<Rating, string> = {
  again: 'Again',
  hard: 'Hard',
  good: 'Good',
  easy: 'Easy',
};

const tones: Record<Rating, string> = {
  again: 'border-danger/40 hover:bg-danger/10 text-danger',
  hard: 'border-warning/40 hover:bg-warning/10 text-warning',
  good: 'border-success/40 hover:bg-success/10 text-success',
  easy: 'border-primary/40 hover:bg-primary/10 text-primary',
};

export function RatingButtons({
  progress,
  cardId,
  scheduler,
  onRate,
}: {
  progress: CardProgress | null;
  cardId: string;
  /** The active scheduler (SM-2 or FSRS): each button shows the interval it would give. */
  scheduler: ReviewScheduler;
  onRate: (r: Rating) => void;
}) {
  const now = new Date();
  const state = progress ?? newCardState();
  return (
    <div role="group" aria-label="Rate this card" className="grid grid-cols-4 gap-2">
      {RATINGS.map((r, i) => {
        const interval = formatInterval(scheduleReview(scheduler, state, r, now, cardId).interval);
        return (
          <button
            key={r}
            type="button"
            onClick={() => onRate(r)}
            aria-keyshortcuts={String(i + 1)}
            className={cx(
              'flex min-h-14 flex-col items-center justify-center rounded-xl border bg-surface px-2 py-2 font-semibold transition',
              tones[r],
            )}
          >
            <span className="text-sm sm:text-base">{RATING_LABELS[r]}</span>
            <span className="text-xs font-medium text-muted">
              {interval}
              <span className="hidden sm:inline"> · {i + 1}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
