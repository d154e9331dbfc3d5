// Live study statistics: re-computed whenever a session is saved or progress changes (useLiveQuery),
// and when the day changes while the page is open.
import {
  calendarHeatmap,
  dailyTotals,
  periodTotals,
  reviewForecast,
  statsByModule,
  statsBySubject,
  type DayTotal,
  type ForecastDay,
  type Heatmap,
  type ModuleStats,
  type PeriodTotals,
  type SubjectStats,
} from '@zan/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { loadStatsSource } from '../local/stats-queries.ts';

export type Stats = {
  hasData: boolean;
  totals: PeriodTotals;
  bySubject: SubjectStats[];
  byModule: ModuleStats[];
  daily: DayTotal[];
  heatmap: Heatmap;
  forecast: ForecastDay[];
};

const MINUTE_MS = 60_000;

/** The current time, refreshed every minute (so 'Today' rolls over at midnight). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** undefined while the first read is running. */
export function useStats(userId: string): Stats | undefined {
  const source = useLiveQuery(() => loadStatsSource(userId), [userId]);
  const now = useNow();
  const day = now.toDateString();
  return useMemo(() => {
    if (!source) return undefined;
    const at = new Date();
    const stageOf = (id: string) => source.stages.get(id);
    return {
      hasData: source.sessions.length > 0,
      totals: periodTotals(source.sessions, at),
      bySubject: statsBySubject(source.sessions, stageOf),
      byModule: statsByModule(source.sessions, stageOf),
      daily: dailyTotals(source.sessions, at, 30),
      heatmap: calendarHeatmap(source.sessions, at, 365),
      forecast: reviewForecast(source.progress, at, 30),
    };
    // `day` re-computes the buckets when the date changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, day]);
}
