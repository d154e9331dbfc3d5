// The FSRS optimizer's view of a student's review log (issue 18): each card's reviews in time order,
// as ratings 1–4 with the number of days since the card's previous review, the days counted in the
// student's time zone from their day rollover hour (as Anki buckets reviews).

/** One flashcard review from the log: the card, Again 1 … Easy 4, and when (epoch ms). */
export type LoggedReview = { readonly itemId: string; readonly rating: number; readonly at: number };
/** A review as the optimizer takes it: its rating and whole days since the card's previous review. */
export type DayReview = { readonly rating: number; readonly deltaT: number };

const DAY_MS = 86_400_000;

/** Milliseconds the time zone is ahead of UTC at `ms` (Intl; an unknown zone counts as UTC). */
export function zoneOffsetMs(ms: number, format: Intl.DateTimeFormat): number {
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
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

/** The clock of `timeZone` (UTC when the zone is unknown), as studyDay reads it. */
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

/** The student's day number of a moment: local midnight + rollover hour starts a day. */
export function studyDay(ms: number, format: Intl.DateTimeFormat, rolloverHour: number): number {
  return Math.floor((ms + zoneOffsetMs(ms, format) - rolloverHour * 3_600_000) / DAY_MS);
}

/** Each card's reviews in time order (ratings outside 1–4 are not reviews and are left out). */
export function reviewDays(
  reviews: readonly LoggedReview[],
  timeZone: string,
  rolloverHour: number,
): DayReview[][] {
  const format = zoneClock(timeZone);
  const byItem = new Map<string, LoggedReview[]>();
  for (const r of reviews) {
    if (!Number.isInteger(r.rating) || r.rating < 1 || r.rating > 4) continue;
    const list = byItem.get(r.itemId);
    if (list) list.push(r);
    else byItem.set(r.itemId, [r]);
  }
  const out: DayReview[][] = [];
  for (const list of byItem.values()) {
    list.sort((a, b) => a.at - b.at);
    let prev = 0;
    out.push(
      list.map((r, i) => {
        const day = studyDay(r.at, format, rolloverHour);
        const deltaT = i === 0 ? 0 : day - prev;
        prev = day;
        return { rating: r.rating, deltaT };
      }),
    );
  }
  return out;
}
