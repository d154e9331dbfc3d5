// Study statistics (SPEC §2 Stats page, §9): date buckets in the user's local time (Date local methods
// throughout), totals per bucket, by-subject / by-module aggregation, durations, chart data and the
// review forecast. Pure: the caller passes `now`, so every rule is testable in any time zone.
import { ACADEMIC_YEAR_START_MONTH, WEEK_START_DAY, stageTitle } from './constants.ts';

export type StudySessionLike = {
  date: Date;
  durationInSeconds: number;
  subjectId: string;
  subjectName: string;
  moduleId: string;
  moduleName: string;
};

const DAY_MS = 86_400_000;

/** Local midnight of the day `offset` days after `d` (calendar days, so DST-safe). */
const startOfDay = (d: Date, offset = 0): Date =>
  new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset);

const isSameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

export const isToday = (date: Date, now: Date): boolean => isSameDay(date, now);

/** The week starts on Sunday (SPEC §9). */
export const startOfWeek = (now: Date): Date => startOfDay(now, -((now.getDay() - WEEK_START_DAY + 7) % 7));

export const startOfMonth = (now: Date): Date => new Date(now.getFullYear(), now.getMonth(), 1);

/** The academic year starts on 1 September: before September it began the previous calendar year. */
export const startOfAcademicYear = (now: Date): Date => {
  const year = now.getMonth() >= ACADEMIC_YEAR_START_MONTH ? now.getFullYear() : now.getFullYear() - 1;
  return new Date(year, ACADEMIC_YEAR_START_MONTH, 1);
};

/** Local calendar day as 'YYYY-MM-DD'. */
const dayKey = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export type PeriodId = 'today' | 'week' | 'month' | 'year';
export type PeriodTotals = Record<PeriodId, number>;

/** [start, end) of each bucket containing `now`. */
function periodRanges(now: Date): Record<PeriodId, [Date, Date]> {
  const day = startOfDay(now);
  const week = startOfWeek(now);
  const month = startOfMonth(now);
  const year = startOfAcademicYear(now);
  return {
    today: [day, startOfDay(now, 1)],
    week: [week, startOfDay(week, 7)],
    month: [month, new Date(month.getFullYear(), month.getMonth() + 1, 1)],
    year: [year, new Date(year.getFullYear() + 1, year.getMonth(), 1)],
  };
}

const seconds = (s: StudySessionLike): number =>
  Number.isFinite(s.durationInSeconds) && s.durationInSeconds > 0 ? s.durationInSeconds : 0;

/** Seconds studied Today / This Week / This Month / This Year (academic). */
export function periodTotals(sessions: readonly StudySessionLike[], now: Date): PeriodTotals {
  const ranges = periodRanges(now);
  const totals: PeriodTotals = { today: 0, week: 0, month: 0, year: 0 };
  for (const s of sessions) {
    const t = s.date.getTime();
    for (const id of Object.keys(ranges) as PeriodId[]) {
      const [from, to] = ranges[id];
      if (t >= from.getTime() && t < to.getTime()) totals[id] += seconds(s);
    }
  }
  return totals;
}

/** 'Cardiovascular System (UG-1)'; no stage known → the name alone. */
export const moduleLabel = (name: string, stage: number | null | undefined): string =>
  typeof stage === 'number' ? `${name} (${stageTitle(stage)})` : name;

export type SubjectStats = {
  subjectId: string;
  subjectName: string;
  moduleId: string;
  moduleName: string;
  moduleLabel: string;
  totalSeconds: number;
  sessions: number;
  averageSeconds: number;
};

export type ModuleStats = Omit<SubjectStats, 'subjectId' | 'subjectName'> & {
  subjects: number;
  stage: number | null;
};

type StageOf = (moduleId: string) => number | null | undefined;

/** One row per subject, most time first (ties by name). */
export function statsBySubject(
  sessions: readonly StudySessionLike[],
  stageOf: StageOf = () => null,
): SubjectStats[] {
  const rows = new Map<string, SubjectStats>();
  for (const s of sessions) {
    const row = rows.get(s.subjectId) ?? {
      subjectId: s.subjectId,
      subjectName: s.subjectName || 'Unknown subject',
      moduleId: s.moduleId,
      moduleName: s.moduleName || 'Unknown module',
      moduleLabel: moduleLabel(s.moduleName || 'Unknown module', stageOf(s.moduleId)),
      totalSeconds: 0,
      sessions: 0,
      averageSeconds: 0,
    };
    // A session saved without names (subject not yet on the device) does not name the row for good.
    if (!row.subjectName || row.subjectName === 'Unknown subject')
      row.subjectName = s.subjectName || row.subjectName;
    if (row.moduleName === 'Unknown module' && s.moduleName) {
      row.moduleId = s.moduleId;
      row.moduleName = s.moduleName;
      row.moduleLabel = moduleLabel(s.moduleName, stageOf(s.moduleId));
    }
    row.totalSeconds += seconds(s);
    row.sessions += 1;
    rows.set(s.subjectId, row);
  }
  return finish([...rows.values()], (r) => r.subjectName);
}

/** One row per module, most time first, with the number of distinct subjects studied. */
export function statsByModule(
  sessions: readonly StudySessionLike[],
  stageOf: StageOf = () => null,
): ModuleStats[] {
  const rows = new Map<string, ModuleStats & { ids: Set<string> }>();
  for (const s of sessions) {
    const stage = stageOf(s.moduleId) ?? null;
    const row = rows.get(s.moduleId) ?? {
      moduleId: s.moduleId,
      moduleName: s.moduleName || 'Unknown module',
      moduleLabel: moduleLabel(s.moduleName || 'Unknown module', stage),
      stage,
      totalSeconds: 0,
      sessions: 0,
      averageSeconds: 0,
      subjects: 0,
      ids: new Set<string>(),
    };
    row.totalSeconds += seconds(s);
    row.sessions += 1;
    row.ids.add(s.subjectId);
    rows.set(s.moduleId, row);
  }
  return finish(
    [...rows.values()].map(({ ids, ...r }) => ({ ...r, subjects: ids.size })),
    (r) => r.moduleName,
  );
}

function finish<R extends { totalSeconds: number; sessions: number; averageSeconds: number }>(
  rows: R[],
  name: (r: R) => string,
): R[] {
  for (const r of rows) r.averageSeconds = r.sessions ? Math.round(r.totalSeconds / r.sessions) : 0;
  return rows.sort((a, b) => b.totalSeconds - a.totalSeconds || name(a).localeCompare(name(b)));
}

/** Hours, minutes, seconds (SPEC §9): '1h 5m 3s', '1h 0m 0s', '5m 3s', '42s', '0s'. */
export function formatDuration(totalSeconds: number): string {
  const t = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.round(totalSeconds) : 0;
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = t % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

export type DayTotal = { key: string; date: Date; seconds: number };

/** Seconds per local day for the `days` days ending today, oldest first (zero days included). */
export function dailyTotals(sessions: readonly StudySessionLike[], now: Date, days = 30): DayTotal[] {
  const out: DayTotal[] = [];
  const index = new Map<string, DayTotal>();
  for (let i = days - 1; i >= 0; i--) {
    const date = startOfDay(now, -i);
    const day = { key: dayKey(date), date, seconds: 0 };
    out.push(day);
    index.set(day.key, day);
  }
  for (const s of sessions) {
    const day = index.get(dayKey(s.date));
    if (day) day.seconds += seconds(s);
  }
  return out;
}

type HeatmapCell = DayTotal & { level: 0 | 1 | 2 | 3 | 4; week: number; weekday: number };
export type Heatmap = {
  cells: HeatmapCell[];
  weeks: number;
  activeDays: number;
  totalSeconds: number;
  maxSeconds: number;
};

/**
 * A calendar heatmap of the last `days` days (default 365) ending today: columns are weeks starting on
 * Sunday, rows weekdays; level 0 is no study, 1–4 quarters of the busiest day.
 */
export function calendarHeatmap(sessions: readonly StudySessionLike[], now: Date, days = 365): Heatmap {
  const totals = dailyTotals(sessions, now, days);
  const firstWeek = startOfWeek(totals[0]?.date ?? startOfDay(now));
  const maxSeconds = totals.reduce((m, d) => Math.max(m, d.seconds), 0);
  const cells = totals.map((d): HeatmapCell => {
    const level =
      d.seconds <= 0 ? 0 : (Math.min(4, Math.ceil((d.seconds / maxSeconds) * 4)) as 1 | 2 | 3 | 4);
    const week = Math.floor(Math.round((startOfWeek(d.date).getTime() - firstWeek.getTime()) / DAY_MS) / 7);
    return { ...d, level, week, weekday: d.date.getDay() };
  });
  return {
    cells,
    weeks: (cells.at(-1)?.week ?? 0) + 1,
    activeDays: cells.filter((c) => c.seconds > 0).length,
    totalSeconds: cells.reduce((sum, c) => sum + c.seconds, 0),
    maxSeconds,
  };
}

export type ForecastProgress = { type: string; isSuspended: boolean; dueDate: Date | null | undefined };
export type ForecastDay = { key: string; date: Date; count: number };

/**
 * Flashcards due per local day for the next `days` days (today first). Suspended cards and cards never
 * reviewed (no due date) are left out; overdue cards count as due today.
 */
export function reviewForecast(progress: readonly ForecastProgress[], now: Date, days = 30): ForecastDay[] {
  const out: ForecastDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = startOfDay(now, i);
    out.push({ key: dayKey(date), date, count: 0 });
  }
  const index = new Map(out.map((d) => [d.key, d]));
  const today = out[0];
  for (const p of progress) {
    if (p.type !== 'flashcard' || p.isSuspended || !(p.dueDate instanceof Date)) continue;
    const t = p.dueDate.getTime();
    if (Number.isNaN(t)) continue;
    const day = t < (today?.date.getTime() ?? 0) ? today : index.get(dayKey(p.dueDate));
    if (day) day.count += 1;
  }
  return out;
}
