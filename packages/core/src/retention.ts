// True retention (issue 18, Stats → 'Retention'): of the reviews that tested a card the student had seen
// before — only the first review of a card on each of the student's days — how many were passed (Hard,
// Good or Easy; Again fails), for young (interval < 21 days) and mature cards, per week and per month.
import { retrievability, type CardState } from './scheduler.ts';
import { DAY_MS, dayNumberIso, monthStartDay, studyDayNumber, weekStartDay, zoneClock } from './study-day.ts';

/** A card is mature from an interval of 21 days (as Anki counts). */
export const MATURE_INTERVAL_SECONDS = 21 * 86_400;
/** Fewer counted reviews than this in the months shown: too few to say anything. */
export const RETENTION_MIN_REVIEWS = 10;
const RETENTION_WEEKS = 4;
const RETENTION_MONTHS = 6;

/** One rated flashcard review from the log. */
export type RetentionReview = {
  readonly itemId: string;
  /** Epoch ms. */
  readonly at: number;
  /** Again 1, Hard 2, Good 3, Easy 4 (anything else is not a review and is ignored). */
  readonly rating: number;
  /**
   * The card's interval (seconds) before this review, as the log recorded it: null when the card was
   * new. Undefined when not recorded (rows from before issue 18): then the interval the card's previous
   * logged review gave is used, and a card with no earlier logged review counts as new.
   */
  readonly intervalBefore?: number | null;
  /** The interval (seconds) this review gave (what an older next review takes as its interval before). */
  readonly intervalAfter?: number | null;
};

export type RetentionCounts = { pass: number; total: number };
/** One week or month: its first and last day ('YYYY-MM-DD', the student's calendar). */
export type RetentionPeriod = {
  start: string;
  end: string;
  young: RetentionCounts;
  mature: RetentionCounts;
};
export type RetentionSummary = {
  /** This week first, then the weeks before. */
  weeks: RetentionPeriod[];
  /** This month first, then the months before. */
  months: RetentionPeriod[];
  /** Reviews counted over the months shown (the widest window). */
  reviews: number;
};
export type RetentionOptions = {
  /** Epoch ms. */
  now: number;
  timeZone: string;
  rolloverHour: number;
  weeks?: number;
  months?: number;
};

type Bucket = { from: number; to: number; period: RetentionPeriod };

const empty = (): RetentionCounts => ({ pass: 0, total: 0 });
const period = (from: number, to: number): Bucket => ({
  from,
  to,
  period: { start: dayNumberIso(from), end: dayNumberIso(to - 1), young: empty(), mature: empty() },
});

/** The periods shown, as day numbers [from, to), newest first. */
function buckets(today: number, weeks: number, months: number) {
  const week0 = weekStartDay(today);
  return {
    weeks: Array.from({ length: weeks }, (_, k) => period(week0 - 7 * k, week0 - 7 * k + 7)),
    months: Array.from({ length: months }, (_, k) =>
      period(monthStartDay(today, k), monthStartDay(today, k - 1)),
    ),
  };
}

/**
 * Epoch ms from which the periods' reviews must be read (a day early, whatever the zone): earlier
 * reviews only matter as a card's history (the latest one of each card is enough).
 */
export function retentionWindowStart(o: RetentionOptions): number {
  const today = studyDayNumber(o.now, zoneClock(o.timeZone), o.rolloverHour);
  const { weeks, months } = buckets(today, o.weeks ?? RETENTION_WEEKS, o.months ?? RETENTION_MONTHS);
  const first = Math.min(...[...weeks, ...months].map((b) => b.from), today);
  return first * DAY_MS - 2 * DAY_MS;
}

/** True retention per week and per month (see the file's opening lines). */
export function retentionSummary(reviews: readonly RetentionReview[], o: RetentionOptions): RetentionSummary {
  const clock = zoneClock(o.timeZone);
  const today = studyDayNumber(o.now, clock, o.rolloverHour);
  const b = buckets(today, o.weeks ?? RETENTION_WEEKS, o.months ?? RETENTION_MONTHS);
  const all = [...b.weeks, ...b.months];
  const widest = all.length ? Math.min(...all.map((x) => x.from)) : today + 1;

  const byItem = new Map<string, RetentionReview[]>();
  for (const r of reviews) {
    if (!Number.isInteger(r.rating) || r.rating < 1 || r.rating > 4 || !Number.isFinite(r.at)) continue;
    const list = byItem.get(r.itemId);
    if (list) list.push(r);
    else byItem.set(r.itemId, [r]);
  }
  let counted = 0;
  for (const list of byItem.values()) {
    list.sort((x, y) => x.at - y.at); // stable: equal times keep the caller's order
    let prevDay: number | null = null;
    let prevAfter: number | null | undefined;
    for (const r of list) {
      const day = studyDayNumber(r.at, clock, o.rolloverHour);
      const before =
        r.intervalBefore !== undefined ? r.intervalBefore : prevDay === null ? null : (prevAfter ?? 0);
      const first = day !== prevDay;
      prevDay = day;
      prevAfter = r.intervalAfter;
      if (!first || before === null || day < widest || day > today) continue;
      counted++;
      const kind = before >= MATURE_INTERVAL_SECONDS ? 'mature' : 'young';
      for (const x of all) {
        if (day < x.from || day >= x.to) continue;
        x.period[kind].total++;
        if (r.rating > 1) x.period[kind].pass++;
      }
    }
  }
  return { weeks: b.weeks.map((x) => x.period), months: b.months.map((x) => x.period), reviews: counted };
}

/** Young and mature together. */
export function retentionTotal(p: Pick<RetentionPeriod, 'young' | 'mature'>): RetentionCounts {
  return { pass: p.young.pass + p.mature.pass, total: p.young.total + p.mature.total };
}

/** The share passed (0–1), null when nothing was counted. */
export function retentionRate(c: RetentionCounts): number | null {
  return c.total > 0 ? c.pass / c.total : null;
}

/**
 * FSRS's estimate of how many cards the student knows now: the sum of each reviewed card's
 * retrievability (cards without a memory state are left out).
 */
export function estimatedCardsKnown(
  states: Iterable<CardState>,
  now: Date,
  parameters: readonly number[] | null = null,
): { known: number; cards: number } {
  let known = 0;
  let cards = 0;
  for (const s of states) {
    const r = retrievability(s, now, parameters);
    if (r === null || !Number.isFinite(r)) continue;
    known += r;
    cards++;
  }
  return { known, cards };
}
