// The 'Retention' table: one row per week or month (newest first), Young / Mature / Total as the share
// passed with passed / reviewed under it; a period with no review shows a dash.
import { retentionRate, retentionTotal, type RetentionCounts, type RetentionPeriod } from '@zan/core';

export type PeriodKind = 'week' | 'month';

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** '1 – 7 Nov', '29 Nov – 5 Dec'. */
const days = (p: RetentionPeriod): string => day.formatRange(utc(p.start), utc(p.end));

/** 'This week' / 'Last week' / '1 – 7 Nov'; 'This month' / 'Oct 2026'. */
function periodName(kind: PeriodKind, index: number, p: RetentionPeriod): string {
  if (kind === 'week') {
    if (index === 0) return 'This week';
    if (index === 1) return 'Last week';
    return days(p);
  }
  return index === 0 ? 'This month' : month.format(utc(p.start));
}

function periodHint(kind: PeriodKind, index: number, p: RetentionPeriod): string | null {
  if (kind === 'week' && index < 2) return days(p);
  if (kind === 'month' && index === 0) return month.format(utc(p.start));
  return null;
}

export const percent = (rate: number): string => `${Math.round(rate * 100)}\u00a0%`;

function Cell({ counts, strong }: { counts: RetentionCounts; strong?: boolean }) {
  const rate = retentionRate(counts);
  const num = 'px-2 py-2.5 text-right tabular-nums whitespace-nowrap sm:px-4';
  if (rate === null)
    return (
      <td className={`${num} text-muted`}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">no reviews</span>
      </td>
    );
  return (
    <td className={num}>
      <span className={strong ? 'font-semibold text-fg' : 'font-medium text-fg'}>{percent(rate)}</span>
      <span className="block text-xs text-muted" aria-hidden="true">
        {counts.pass}/{counts.total}
      </span>
      <span className="sr-only">
        , {counts.pass} of {counts.total} passed
      </span>
    </td>
  );
}

export function RetentionTable({ kind, periods }: { kind: PeriodKind; periods: RetentionPeriod[] }) {
  const th = 'px-2 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted sm:px-4';
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full text-sm">
        <caption className="sr-only">True retention by {kind}</caption>
        <thead className="border-b border-line bg-surface-2/60">
          <tr>
            <th scope="col" className={`${th} text-left`}>
              {kind === 'week' ? 'Week' : 'Month'}
            </th>
            <th scope="col" className={`${th} text-right`}>
              Young
            </th>
            <th scope="col" className={`${th} text-right`}>
              Mature
            </th>
            <th scope="col" className={`${th} text-right`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {periods.map((p, i) => {
            const hint = periodHint(kind, i, p);
            return (
              <tr key={p.start} className="text-fg">
                <th scope="row" className="px-2 py-2.5 text-left font-semibold sm:px-4">
                  <span>{periodName(kind, i, p)}</span>
                  {hint && <span className="block text-xs font-normal text-muted">{hint}</span>}
                </th>
                <Cell counts={p.young} />
                <Cell counts={p.mature} />
                <Cell counts={retentionTotal(p)} strong />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
