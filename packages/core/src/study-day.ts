// The student's day in their time zone (issue 18): a day starts at the rollover hour, local time, as Anki
// counts days. Pure (Intl only), so the server can count a student's days the way their device would.
import { WEEK_START_DAY } from './constants.ts';

export const DAY_MS = 86_400_000;

/** The clock of `timeZone` (UTC when the zone is unknown). */
export function zoneClock(timeZone: string): Intl.DateTimeFormat {
  const opts: Intl.DateTimeFormatOptions = {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  };
  try {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone });
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone: 'UTC' });
  }
}

/** Milliseconds the clock's zone is ahead of UTC at `ms`. */
function zoneOffsetMs(ms: number, clock: Intl.DateTimeFormat): number {
  const parts: Record<string, number> = {};
  for (const p of clock.formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour! % 24,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The student's day number of a moment (days since 1970-01-01 of their calendar, from the rollover hour). */
export function studyDayNumber(ms: number, clock: Intl.DateTimeFormat, rolloverHour: number): number {
  return Math.floor((ms + zoneOffsetMs(ms, clock) - rolloverHour * 3_600_000) / DAY_MS);
}

/** A day number as its calendar date 'YYYY-MM-DD'. */
export function dayNumberIso(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of the first day of the month `monthsBack` months before the month holding `day`. */
export function monthStartDay(day: number, monthsBack = 0): number {
  const d = new Date(day * DAY_MS);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1) / DAY_MS;
}

/** The first day of the week that holds `day` (Sunday, SPEC §9, as the stats page counts weeks). */
export function weekStartDay(day: number): number {
  // 1970-01-01 (day 0) was a Thursday (weekday 4).
  const weekday = (((day + 4) % 7) + 7) % 7;
  return day - ((weekday - WEEK_START_DAY + 7) % 7);
}
