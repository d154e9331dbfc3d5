// A calendar heatmap of the last year (SVG grid; weeks start on Sunday). The summary sentence is the
// accessible text; each day has a <title> for pointer users.
import { formatDuration, type Heatmap } from '@zan/core';
import { useEffect, useRef } from 'react';
import { ChartCard } from './chart-card.tsx';

const CELL = 11;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 26;
const TOP = 16;
const OPACITY = [0, 0.3, 0.5, 0.75, 1] as const;
const monthName = new Intl.DateTimeFormat(undefined, { month: 'short' });
const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

export function CalendarHeatmap({ map }: { map: Heatmap }) {
  const scroller = useRef<HTMLDivElement>(null);
  // On narrow screens the grid scrolls: start at the most recent weeks.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [map.weeks]);
  const width = LEFT + map.weeks * STEP;
  const height = TOP + 7 * STEP;
  const months = map.cells.filter((c, i) => c.date.getDate() === 1 || i === 0).filter((c, i, all) => {
    // Skip a label that would collide with the next one (the partial first month).
    const next = all[i + 1];
    return !next || next.week - c.week >= 3;
  });
  const summary = `${map.activeDays} ${map.activeDays === 1 ? 'day' : 'days'} studied in the past year, ${formatDuration(map.totalSeconds)} in total.`;
  return (
    <ChartCard title="Past year" subtitle={summary}>
      <div ref={scroller} className="-mx-1 overflow-x-auto px-1 pb-1">
        <svg
          role="img"
          aria-label={`Calendar heatmap: ${summary}`}
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full min-w-[640px] text-muted"
        >
          {months.map((c) => (
            <text key={c.key} x={LEFT + c.week * STEP} y={10} fontSize={9} fill="currentColor">
              {monthName.format(c.date)}
            </text>
          ))}
          {[1, 3, 5].map((d) => (
            <text key={d} x={0} y={TOP + d * STEP + CELL - 2} fontSize={9} fill="currentColor">
              {['', 'Mon', '', 'Wed', '', 'Fri', ''][d]}
            </text>
          ))}
          {map.cells.map((c) => (
            <rect
              key={c.key}
              x={LEFT + c.week * STEP}
              y={TOP + c.weekday * STEP}
              width={CELL}
              height={CELL}
              rx={2}
              fill={c.level === 0 ? 'var(--zan-surface-2)' : 'var(--zan-primary)'}
              fillOpacity={c.level === 0 ? 1 : OPACITY[c.level]}
              stroke="var(--zan-line)"
              strokeOpacity={c.level === 0 ? 0.8 : 0}
              strokeWidth={0.5}
            >
              <title>{`${dayName.format(c.date)}: ${c.seconds > 0 ? formatDuration(c.seconds) : 'no study'}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div className="flex items-center justify-end gap-1.5 text-[11px] text-muted" aria-hidden="true">
        <span>Less</span>
        {OPACITY.map((o, level) => (
          <svg key={level} width={CELL} height={CELL}>
            <rect
              width={CELL}
              height={CELL}
              rx={2}
              fill={level === 0 ? 'var(--zan-surface-2)' : 'var(--zan-primary)'}
              fillOpacity={level === 0 ? 1 : o}
            />
          </svg>
        ))}
        <span>More</span>
      </div>
    </ChartCard>
  );
}
