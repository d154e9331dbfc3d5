// NEW / DUE / SUSPENDED counts of a deck or a branch, as three small pills ("8 new · 2 due · 1 suspended").
import { cx } from '../../../ui/index.ts';
import type { Counts } from '../build-tree.ts';

const PILLS = [
  { key: 'newCount', label: 'new', tone: 'border-primary/30 bg-primary/10 text-primary' },
  { key: 'dueCount', label: 'due', tone: 'border-warning/30 bg-warning/10 text-warning' },
  { key: 'suspendedCount', label: 'suspended', tone: 'border-line bg-surface-2 text-muted' },
] as const;

export function CountPills({ counts, className }: { counts: Counts; className?: string }) {
  return (
    <span className={cx('flex flex-wrap items-center gap-1', className)}>
      {PILLS.map((p) => {
        const n = counts[p.key];
        return (
          <span
            key={p.key}
            data-count={p.label}
            className={cx(
              'inline-flex items-baseline gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs tabular-nums',
              n > 0 ? p.tone : 'border-line text-muted',
            )}
          >
            <span className="font-semibold">{n}</span>
            <span>{p.label}</span>
          </span>
        );
      })}
    </span>
  );
}
