// The dashboard's 'Today's review' panel (issue 18): how many cards are due across every module, and
// 'Review all due' — one session over every deck, due cards first, then new ones within today's limits.
import type { DueCounts } from '@zan/core';
import { Skeleton } from '../../../ui/index.ts';
import { ReviewAllDueLink } from '../../../ui/review-link.tsx';

const dueTotalText = (n: number): string =>
  n === 0
    ? 'No card is due right now.'
    : `${n.toLocaleString('en-US')} ${n === 1 ? 'card is' : 'cards are'} due.`;

export function ReviewPanel({ due }: { due: DueCounts | undefined }) {
  return (
    <section
      aria-labelledby="todays-review"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="min-w-0">
        <h2 id="todays-review" className="text-lg font-bold tracking-tight text-fg">
          Today&apos;s review
        </h2>
        {due === undefined ? (
          <Skeleton className="mt-1 h-5 w-40" />
        ) : (
          <p className="text-sm text-muted" data-testid="due-total">
            {dueTotalText(due.total)} Due cards come first, then new ones, within your daily limits.
          </p>
        )}
      </div>
      <ReviewAllDueLink />
    </section>
  );
}
