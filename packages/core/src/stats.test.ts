// Date buckets are built with local-time constructors (new Date(y, m, d, h)), so these hold in any TZ;
// the suite is also run under TZ=Pacific/Auckland and TZ=America/Los_Angeles.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarHeatmap,
  dailyTotals,
  formatDuration,
  isToday,
  moduleLabel,
  periodTotals,
  reviewForecast,
  startOfAcademicYear,
  startOfMonth,
  startOfWeek,
  statsByModule,
  statsBySubject,
  type StudySessionLike,
} from './stats.ts';

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const session = (date: Date, seconds: number, subjectId = 's1', moduleId = 'm1'): StudySessionLike => ({
  date,
  durationInSeconds: seconds,
  subjectId,
  subjectName: `Subject ${subjectId}`,
  moduleId,
  moduleName: `Module ${moduleId}`,
});

describe('date buckets (local time)', () => {
  it('isToday: local midnight to local midnight', () => {
    const now = at(2026, 3, 10, 9);
    expect(isToday(at(2026, 3, 10, 0, 0), now)).toBe(true);
    expect(isToday(at(2026, 3, 10, 23, 59), now)).toBe(true);
    expect(isToday(at(2026, 3, 9, 23, 59), now)).toBe(false);
    expect(isToday(at(2026, 3, 11, 0, 0), now)).toBe(false);
  });

  it('the week starts on Sunday', () => {
    // 2026-03-08 is a Sunday.
    expect(startOfWeek(at(2026, 3, 8, 0, 0))).toEqual(at(2026, 3, 8, 0));
    expect(startOfWeek(at(2026, 3, 10, 15))).toEqual(at(2026, 3, 8, 0));
    expect(startOfWeek(at(2026, 3, 14, 23, 59))).toEqual(at(2026, 3, 8, 0));
    expect(startOfWeek(at(2026, 3, 15, 0, 1))).toEqual(at(2026, 3, 15, 0));
    // Across a month and a year boundary: Thursday 1 Jan 2026 → Sunday 28 Dec 2025.
    expect(startOfWeek(at(2026, 1, 1))).toEqual(at(2025, 12, 28, 0));
  });

  it('month and academic year (from 1 September; before September → the previous year)', () => {
    expect(startOfMonth(at(2026, 2, 28, 23))).toEqual(at(2026, 2, 1, 0));
    expect(startOfAcademicYear(at(2026, 8, 31, 23, 59))).toEqual(at(2025, 9, 1, 0));
    expect(startOfAcademicYear(at(2026, 9, 1, 0, 0))).toEqual(at(2026, 9, 1, 0));
    expect(startOfAcademicYear(at(2026, 12, 31))).toEqual(at(2026, 9, 1, 0));
    expect(startOfAcademicYear(at(2027, 1, 1))).toEqual(at(2026, 9, 1, 0));
  });

  it('totals per bucket', () => {
    const now = at(2026, 9, 2, 10); // Wednesday 2 Sep 2026
    const totals = periodTotals(
      [
        session(at(2026, 9, 2, 8), 100), // today
        session(at(2026, 9, 1, 8), 20), // this week, month, year
        session(at(2026, 8, 31, 8), 3), // this week (Sunday 30 Aug), not this month nor academic year
        session(at(2026, 8, 29, 8), 4000), // last week, last academic year
        session(at(2026, 9, 3, 8), 7), // tomorrow: this week/month/year, not today
      ],
      now,
    );
    expect(totals).toEqual({ today: 100, week: 130, month: 127, year: 127 });
  });

  const date = fc.date({ min: new Date(2015, 0, 1), max: new Date(2035, 0, 1), noInvalidDate: true });
  const sessions = fc.array(
    fc.record({
      date,
      seconds: fc.integer({ min: 1, max: 20_000 }),
      subject: fc.constantFrom('a', 'b', 'c'),
      mod: fc.constantFrom('x', 'y'),
    }),
    { maxLength: 40 },
  );

  it('property: bucket starts are at or before now, and today ⊆ week, today ⊆ month ⊆ year', () => {
    fc.assert(
      fc.property(date, sessions, (now, raw) => {
        for (const start of [startOfWeek(now), startOfMonth(now), startOfAcademicYear(now)]) {
          expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(start.getHours()).toBe(0);
        }
        expect(startOfWeek(now).getDay()).toBe(0);
        expect(startOfAcademicYear(now).getTime()).toBeLessThanOrEqual(startOfMonth(now).getTime());
        expect(now.getTime() - startOfAcademicYear(now).getTime()).toBeLessThan(367 * 86_400_000);
        const t = periodTotals(
          raw.map((r) => session(r.date, r.seconds, r.subject, r.mod)),
          now,
        );
        expect(t.today).toBeLessThanOrEqual(t.week);
        expect(t.today).toBeLessThanOrEqual(t.month);
        expect(t.month).toBeLessThanOrEqual(t.year);
      }),
    );
  });

  it('property: by-subject and by-module totals and session counts sum to the whole', () => {
    fc.assert(
      fc.property(sessions, (raw) => {
        const all = raw.map((r) => session(r.date, r.seconds, r.subject + r.mod, r.mod));
        const total = all.reduce((s, x) => s + x.durationInSeconds, 0);
        const bySubject = statsBySubject(all);
        const byModule = statsByModule(all);
        expect(bySubject.reduce((s, r) => s + r.totalSeconds, 0)).toBe(total);
        expect(byModule.reduce((s, r) => s + r.totalSeconds, 0)).toBe(total);
        expect(bySubject.reduce((s, r) => s + r.sessions, 0)).toBe(all.length);
        expect(byModule.reduce((s, r) => s + r.sessions, 0)).toBe(all.length);
        for (let i = 1; i < bySubject.length; i++) {
          expect(bySubject[i - 1]!.totalSeconds).toBeGreaterThanOrEqual(bySubject[i]!.totalSeconds);
        }
      }),
    );
  });
});

describe('aggregation', () => {
  it('by subject: a first session saved without names does not name the row (issue 18)', () => {
    const nameless = { ...session(at(2026, 1, 1), 60, 's1', ''), subjectName: '', moduleName: '' };
    const rows = statsBySubject([nameless, session(at(2026, 1, 2), 120, 's1', 'm1')], (id) =>
      id === 'm1' ? 2 : undefined,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        subjectName: 'Subject s1',
        moduleId: 'm1',
        moduleLabel: 'Module m1 (UG-2)',
        totalSeconds: 180,
        sessions: 2,
      }),
    ]);
  });

  it('by subject: module with stage, total, sessions, average', () => {
    const rows = statsBySubject(
      [
        session(at(2026, 1, 1), 100, 's1', 'm1'),
        session(at(2026, 1, 2), 51, 's1', 'm1'),
        session(at(2026, 1, 2), 600, 's2', 'm2'),
      ],
      (id) => (id === 'm1' ? 1 : undefined),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        subjectId: 's2',
        moduleLabel: 'Module m2',
        totalSeconds: 600,
        sessions: 1,
        averageSeconds: 600,
      }),
      expect.objectContaining({
        subjectId: 's1',
        moduleLabel: 'Module m1 (UG-1)',
        totalSeconds: 151,
        sessions: 2,
        averageSeconds: 76,
      }),
    ]);
    expect(moduleLabel('Cardiovascular System', 1)).toBe('Cardiovascular System (UG-1)');
  });

  it('by module: distinct subjects', () => {
    const [m] = statsByModule(
      [session(at(2026, 1, 1), 10, 'a'), session(at(2026, 1, 1), 20, 'b'), session(at(2026, 1, 1), 30, 'a')],
      () => 2,
    );
    expect(m).toMatchObject({
      moduleLabel: 'Module m1 (UG-2)',
      stage: 2,
      totalSeconds: 60,
      sessions: 3,
      averageSeconds: 20,
      subjects: 2,
    });
  });
});

describe('formatDuration: hours, minutes, seconds', () => {
  it.each([
    [0, '0s'],
    [42, '42s'],
    [60, '1m 0s'],
    [303, '5m 3s'],
    [3600, '1h 0m 0s'],
    [3903, '1h 5m 3s'],
    [90_000, '25h 0m 0s'],
    [-5, '0s'],
    [Number.NaN, '0s'],
  ])('%s s → %s', (s, text) => expect(formatDuration(s)).toBe(text));
});

describe('chart data', () => {
  const now = at(2026, 3, 31, 18);

  it('daily totals: the last 30 local days, oldest first', () => {
    const days = dailyTotals(
      [
        session(at(2026, 3, 31, 0, 5), 60),
        session(at(2026, 3, 31, 23, 55), 30),
        session(at(2026, 3, 2, 1), 5),
        session(at(2026, 3, 1, 23), 9),
      ],
      now,
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ key: '2026-03-02', seconds: 5 });
    expect(days.at(-1)).toMatchObject({ key: '2026-03-31', seconds: 90 });
  });

  it('heatmap: 365 days in Sunday-first weeks with levels', () => {
    const map = calendarHeatmap(
      [session(at(2026, 3, 31), 400), session(at(2026, 3, 30), 100), session(at(2025, 3, 31), 50)],
      now,
    );
    expect(map.cells).toHaveLength(365);
    expect(map.cells[0]!.key).toBe('2025-04-01');
    expect(map.activeDays).toBe(2);
    expect(map.totalSeconds).toBe(500);
    expect(map.cells.at(-1)).toMatchObject({ level: 4, weekday: 2 });
    expect(map.cells.at(-2)).toMatchObject({ level: 1, weekday: 1, week: map.cells.at(-1)!.week });
    expect(map.weeks).toBe(map.cells.at(-1)!.week + 1);
    for (const c of map.cells) expect(c.weekday).toBe(c.date.getDay());
  });

  it('review forecast: non-suspended flashcards due per day for 30 days; overdue counts as today', () => {
    const fc1 = (dueDate: Date | null, isSuspended = false, type = 'flashcard') => ({
      type,
      isSuspended,
      dueDate,
    });
    const days = reviewForecast(
      [
        fc1(at(2025, 1, 1)), // overdue → today
        fc1(at(2026, 3, 31, 23, 59)),
        fc1(at(2026, 4, 1, 0, 0)), // tomorrow
        fc1(at(2026, 4, 29, 12)), // last day of the 30
        fc1(at(2026, 4, 30, 12)), // beyond
        fc1(at(2026, 4, 1), true), // suspended
        fc1(null), // new
        fc1(at(2026, 4, 1), false, 'mcq'),
      ],
      now,
    );
    expect(days).toHaveLength(30);
    expect(days[0]).toMatchObject({ key: '2026-03-31', count: 2 });
    expect(days[1]).toMatchObject({ key: '2026-04-01', count: 1 });
    expect(days[29]).toMatchObject({ key: '2026-04-29', count: 1 });
    expect(days.reduce((s, d) => s + d.count, 0)).toBe(4);
  });
});
