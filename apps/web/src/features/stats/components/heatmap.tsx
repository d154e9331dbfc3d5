// A calendar heatmap of the last year (SVG grid; weeks start on Sunday). The summary sentence is the
// accessible text; each day has a <title> for pointer users, and the grid takes the keyboard focus:
// arrow keys (a day / a week), Home and End move a marked day whose total is read out below.
import { formatDuration, type Heatmap } from '@zan/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChartCard } from './chart-card.tsx';

const CELL = 11;
const GAP = 3;
const STEP = CELL + GAP;
const LEFT = 26;
const TOP = 16;
const OPACITY = [0, 0.3, 0.5, 0.75, 1] as const;
const monthName = new Intl.DateTimeFormat(undefined, { month: 'short' });
const dayName = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function CalendarHeatmap({ map }: { map: Heatmap }) {
  const scroller = useRef<HTMLDivElement>(null);
  // On narrow screens the grid scrolls: start at the most recent weeks.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [map.weeks]);
  const width = LEFT + map.weeks * STEP;
  const height = TOP + 7 * STEP;
  const months = map.cells
    .filter((c, i) => c.date.getDate() === 1 || i === 0)
    .filter((c, i, all) => {
      // Skip a label that would collide with the next one (the partial first month).
      const next = all[i + 1];
      return !next || next.week - c.week >= 3;
    });
  const [picked, setPicked] = useState<number | null>(null);
  const day = picked === null ? null : map.cells[Math.min(picked, map.cells.length - 1)];
  const dayText = (c: (typeof map.cells)[number]) =>
    `${dayName.format(c.date)}: ${c.seconds > 0 ? formatDuration(c.seconds) : 'no study'}`;
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -7, ArrowRight: 7, ArrowUp: -1, ArrowDown: 1 };
    const last = map.cells.length - 1;
    const from = picked ?? last;
    let next: number | null = null;
    if (e.key in moves) next = picked === null ? last : Math.max(0, Math.min(last, from + moves[e.key]!));
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = last;
    if (next === null) return;
    e.preventDefault();
    setPicked(next);
    const c = map.cells[next]!;
    const el = scroller.current;
    if (el) {
      const x = ((LEFT + c.week * STEP) / width) * el.scrollWidth;
      if (x < el.scrollLeft + 20 || x > el.scrollLeft + el.clientWidth - 20)
        el.scrollLeft = x - el.clientWidth / 2;
    }
  };
  const summary = `${map.activeDays} ${map.activeDays === 1 ? 'day' : 'days'} studied in the past year, ${formatDuration(map.totalSeconds)} in total.`;
  return (
    <ChartCard title="Past year" subtitle={summary}>
      <div
        ref={scroller}
        role="group"
        tabIndex={0}
        aria-label="Past year by day: arrow keys move between days"
        aria-describedby="heatmap-day"
        onKeyDown={onKey}
        className="-mx-1 overflow-x-auto rounded-md px-1 pb-1"
      >
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
              <title>{dayText(c)}</title>
            </rect>
          ))}
          {day && (
            <rect
              x={LEFT + day.week * STEP - 1.5}
              y={TOP + day.weekday * STEP - 1.5}
              width={CELL + 3}
              height={CELL + 3}
              rx={3}
              fill="none"
              stroke="var(--zan-fg)"
              strokeWidth={1.5}
            />
          )}
        </svg>
      </div>
      <p id="heatmap-day" aria-live="polite" className="mt-1 min-h-5 text-sm text-fg">
        {day ? (
          dayText(day)
        ) : (
          <span className="text-muted">Focus the grid and use the arrow keys to read each day.</span>
        )}
      </p>
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
