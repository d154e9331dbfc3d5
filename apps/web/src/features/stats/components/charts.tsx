// The extras beyond the spec (issue 4): daily study time (30 days), the review forecast (30 days).
import { formatDuration, type DayTotal, type ForecastDay } from '@zan/core';
import { BarChart } from './bar-chart.tsx';
import { ChartCard } from './chart-card.tsx';

const short = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const long = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

export function DailyChart({ days }: { days: DayTotal[] }) {
  const total = days.reduce((s, d) => s + d.seconds, 0);
  const active = days.filter((d) => d.seconds > 0).length;
  const max = Math.max(0, ...days.map((d) => d.seconds));
  const summary = `Study time over the last ${days.length} days: ${formatDuration(total)} on ${active} ${active === 1 ? 'day' : 'days'}.`;
  return (
    <ChartCard title="Daily study time" subtitle={`Last ${days.length} days · ${formatDuration(total)}`}>
      <BarChart
        summary={summary}
        maxLabel={max > 0 ? compact(max) : ''}
        axis={[short.format(days[0]!.date), short.format(days[Math.floor(days.length / 2)]!.date), 'Today']}
        bars={days.map((d, i) => ({
          key: d.key,
          value: d.seconds,
          label: short.format(d.date),
          title: `${long.format(d.date)}: ${formatDuration(d.seconds)}`,
          highlight: i === days.length - 1,
        }))}
      />
    </ChartCard>
  );
}

export function ForecastChart({ days }: { days: ForecastDay[] }) {
  const total = days.reduce((s, d) => s + d.count, 0);
  const today = days[0]?.count ?? 0;
  const max = Math.max(0, ...days.map((d) => d.count));
  const summary = `Review forecast: ${today} ${today === 1 ? 'card' : 'cards'} due today, ${total} in the next ${days.length} days.`;
  return (
    <ChartCard title="Review forecast" subtitle={`Cards due · next ${days.length} days · ${today} due today`}>
      {total === 0 ? (
        <p className="py-8 text-center text-sm text-muted">
          No flashcard reviews scheduled yet. Rate some cards and they appear here.
        </p>
      ) : (
        <BarChart
          summary={summary}
          maxLabel={String(max)}
          axis={[
            'Today',
            short.format(days[Math.floor(days.length / 2)]!.date),
            short.format(days.at(-1)!.date),
          ]}
          bars={days.map((d, i) => ({
            key: d.key,
            value: d.count,
            label: short.format(d.date),
            title: `${i === 0 ? 'Today (incl. overdue)' : long.format(d.date)}: ${d.count} ${d.count === 1 ? 'card' : 'cards'}`,
            highlight: i === 0,
          }))}
        />
      )}
    </ChartCard>
  );
}

/** '2h', '45m', '30s': axis labels. */
function compact(seconds: number): string {
  if (seconds >= 3600) return `${Math.round((seconds / 3600) * 10) / 10}h`;
  if (seconds >= 60) return `${Math.round(seconds / 60)}m`;
  return `${seconds}s`;
}
