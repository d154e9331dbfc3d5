// A small bar chart in plain CSS (no chart library: ARCHITECTURE §9 keeps the bundle small). Used for
// the daily study time and the review forecast; the summary is the accessible name.
import { cx } from '../../../ui/index.ts';

export type Bar = { key: string; value: number; label: string; title: string; highlight?: boolean };

export function BarChart({
  bars,
  summary,
  maxLabel,
  axis,
}: {
  bars: Bar[];
  summary: string;
  maxLabel: string;
  axis: [string, string, string];
}) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  return (
    <figure className="flex flex-col gap-2">
      <div className="flex items-stretch gap-2">
        <div
          className="flex w-12 shrink-0 flex-col justify-between text-right text-[11px] text-muted tabular-nums"
          aria-hidden="true"
        >
          <span>{maxLabel}</span>
          <span>0</span>
        </div>
        <div
          role="img"
          aria-label={summary}
          className="relative flex h-36 flex-1 items-end gap-[2px] border-b border-l border-line pl-1 sm:gap-1"
        >
          <div
            className="pointer-events-none absolute inset-x-0 top-0 border-t border-dashed border-line"
            aria-hidden="true"
          />
          {bars.map((b) => (
            <div key={b.key} title={b.title} className="group flex h-full min-w-0 flex-1 items-end">
              <div
                className={cx(
                  'w-full rounded-t-sm transition-colors',
                  b.value > 0
                    ? b.highlight
                      ? 'bg-accent'
                      : 'bg-primary group-hover:brightness-110'
                    : 'bg-surface-2',
                )}
                style={{ height: b.value > 0 && max > 0 ? `${Math.max(3, (b.value / max) * 100)}%` : '2px' }}
              />
            </div>
          ))}
        </div>
      </div>
      <figcaption className="flex justify-between pl-14 text-[11px] text-muted" aria-hidden="true">
        {axis.map((a, i) => (
          <span key={i}>{a}</span>
        ))}
      </figcaption>
    </figure>
  );
}
