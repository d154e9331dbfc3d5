// The 'N due' pill of the daily review (issue 18): on module cards, subjects and topics; nothing at 0.
import { MSG } from '@zan/core';
import { cx } from './cx.ts';

export function DueCount({ count, className }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center whitespace-nowrap rounded-full border border-success/30 bg-success/10 px-2 py-0.5 text-xs font-semibold tabular-nums text-success',
        className,
      )}
    >
      {MSG.dueCount(count)}
    </span>
  );
}
