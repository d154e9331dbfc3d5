// Today / This Week / This Month / This Year (SPEC §2 Stats page).
import { formatDuration, type PeriodId, type PeriodTotals } from '@zan/core';
import { Card } from '../../../ui/index.ts';

const PERIODS: { id: PeriodId; label: string; hint: string }[] = [
  { id: 'today', label: 'Today', hint: 'Since midnight' },
  { id: 'week', label: 'This Week', hint: 'Since Sunday' },
  { id: 'month', label: 'This Month', hint: 'Since the 1st' },
  { id: 'year', label: 'This Year', hint: 'Since 1 September' },
];

export function PeriodCards({ totals }: { totals: PeriodTotals }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Study time">
      {PERIODS.map((p) => (
        <li key={p.id}>
          <Card className="flex h-full flex-col gap-1 p-4 sm:p-5" data-testid={`period-${p.id}`}>
            <h2 className="text-sm font-medium text-muted">{p.label}</h2>
            <p className="text-lg font-bold tracking-tight text-fg tabular-nums whitespace-nowrap min-[400px]:text-xl sm:text-2xl">
              {formatDuration(totals[p.id])}
            </p>
            <p className="text-xs text-muted">{p.hint}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
