// True retention: the student's days and periods, first review per day, young/mature, and its properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MATURE_INTERVAL_SECONDS,
  estimatedCardsKnown,
  retentionRate,
  retentionSummary,
  retentionTotal,
  retentionWindowStart,
  type RetentionReview,
} from './retention.ts';
import { dayNumberIso, studyDayNumber, weekStartDay, zoneClock } from './study-day.ts';

const H = 3_600_000;
const DAY = 24 * H;
const DAYS = 86_400;
/** Thursday 26 November 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 10, 26, 12);
const utc = { now: NOW, timeZone: 'UTC', rolloverHour: 4 };
const review = (itemId: string, at: number, rating: number, intervalBefore?: number | null) =>
  ({
    itemId,
    at,
    rating,
    ...(intervalBefore !== undefined ? { intervalBefore } : {}),
  }) satisfies RetentionReview;

describe('study days', () => {
  it('start at the rollover hour in the time zone', () => {
    const clock = zoneClock('Europe/London');
    // 03:59 on 2 June (BST, UTC+1) is still 1 June's study day with a 4 am rollover.
    const justBefore = Date.UTC(2026, 5, 2, 2, 59);
    expect(dayNumberIso(studyDayNumber(justBefore, clock, 4))).toBe('2026-06-01');
    expect(dayNumberIso(studyDayNumber(justBefore + 60_000, clock, 4))).toBe('2026-06-02');
    // Los Angeles: 20:00 UTC on 26 Nov is 12:00 local, the same day; 06:00 UTC is 22:00 the day before.
    const la = zoneClock('America/Los_Angeles');
    expect(dayNumberIso(studyDayNumber(Date.UTC(2026, 10, 26, 6), la, 4))).toBe('2026-11-25');
  });
  it('an unknown zone counts as UTC', () => {
    expect(zoneClock('Not/AZone').resolvedOptions().timeZone).toBe('UTC');
  });
  it('weeks start on Sunday', () => {
    const thursday = studyDayNumber(NOW, zoneClock('UTC'), 0);
    expect(dayNumberIso(weekStartDay(thursday))).toBe('2026-11-22');
    expect(weekStartDay(weekStartDay(thursday))).toBe(weekStartDay(thursday));
  });
});

describe('retentionSummary', () => {
  it('gives this week and this month first, with their first and last days', () => {
    const s = retentionSummary([], utc);
    expect(s.weeks).toHaveLength(4);
    expect(s.months).toHaveLength(6);
    expect(s.weeks[0]).toMatchObject({ start: '2026-11-22', end: '2026-11-28' });
    expect(s.weeks[1]).toMatchObject({ start: '2026-11-15', end: '2026-11-21' });
    expect(s.months[0]).toMatchObject({ start: '2026-11-01', end: '2026-11-30' });
    expect(s.months[1]).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(s.months[5]).toMatchObject({ start: '2026-06-01', end: '2026-06-30' });
    expect(s.reviews).toBe(0);
  });

  it('Again fails, Hard / Good / Easy pass; young below 21 days, mature from it', () => {
    const at = NOW - 2 * H;
    const s = retentionSummary(
      [
        review('a', at, 1, 3 * DAYS),
        review('b', at, 2, 3 * DAYS),
        review('c', at, 3, MATURE_INTERVAL_SECONDS),
        review('d', at, 4, 40 * DAYS),
        review('e', at, 1, 60 * DAYS),
      ],
      utc,
    );
    expect(s.weeks[0]!.young).toEqual({ pass: 1, total: 2 });
    expect(s.weeks[0]!.mature).toEqual({ pass: 2, total: 3 });
    expect(retentionTotal(s.weeks[0]!)).toEqual({ pass: 3, total: 5 });
    expect(retentionRate(retentionTotal(s.weeks[0]!))).toBeCloseTo(0.6);
    expect(retentionRate({ pass: 0, total: 0 })).toBeNull();
  });

  it('counts only the first review of a card on each day, and never a new card', () => {
    const day = NOW - 6 * H; // 06:00, after the 4 am rollover
    const s = retentionSummary(
      [
        review('a', day, 1, 5 * DAYS), // counted: a fail
        review('a', day + H, 3, 60), // the relearning step the same day: not counted
        review('b', day, 3, null), // new: not counted
        review('b', day + 2 * H, 3, 600), // the same day as its first: not counted
      ],
      utc,
    );
    expect(s.weeks[0]!.young).toEqual({ pass: 0, total: 1 });
    expect(s.reviews).toBe(1);
  });

  it('uses the day rollover: 3 am belongs to the day before', () => {
    const sixAm = Date.UTC(2026, 10, 25, 6);
    const threeAm = Date.UTC(2026, 10, 26, 3); // still 25 November's study day
    const s = retentionSummary([review('a', sixAm, 3, DAYS), review('a', threeAm, 1, DAYS)], utc);
    expect(retentionTotal(s.weeks[0]!)).toEqual({ pass: 1, total: 1 });
  });

  it('older rows without the state before: the previous review’s interval, the first one new', () => {
    const t0 = NOW - 40 * DAY;
    const s = retentionSummary(
      [
        { itemId: 'a', at: t0, rating: 3, intervalAfter: 30 * DAYS }, // first logged: new
        { itemId: 'a', at: t0 + 30 * DAY, rating: 3, intervalAfter: 2 * DAYS }, // mature (30 d before)
        { itemId: 'a', at: t0 + 32 * DAY, rating: 1 }, // young (2 d before)
      ],
      utc,
    );
    // 16 Nov: a mature pass (30 days before it); 18 Nov: a young fail (2 days before it).
    expect(s.months[0]!.mature).toEqual({ pass: 1, total: 1 });
    expect(s.months[0]!.young).toEqual({ pass: 0, total: 1 });
    expect(s.reviews).toBe(2);
  });

  it('ignores reviews in the future and before the months shown, and ratings outside 1–4', () => {
    const s = retentionSummary(
      [
        review('a', NOW + 3 * DAY, 3, DAYS),
        review('b', NOW - 400 * DAY, 3, DAYS),
        review('c', NOW - H, 0, DAYS),
        review('d', NOW - H, 5, DAYS),
      ],
      utc,
    );
    expect(s.reviews).toBe(0);
  });

  it('reads from a day early, before the oldest period', () => {
    const from = retentionWindowStart(utc);
    expect(from).toBeLessThan(Date.UTC(2026, 5, 1));
    expect(from).toBeGreaterThan(Date.UTC(2026, 4, 28));
  });
});

const arbReviews = fc.array(
  fc.record({
    itemId: fc.constantFrom('a', 'b', 'c', 'd'),
    at: fc.integer({ min: NOW - 70 * DAY, max: NOW }),
    rating: fc.integer({ min: 1, max: 4 }),
    intervalBefore: fc.option(fc.integer({ min: 0, max: 90 * DAYS }), { nil: undefined }),
    intervalAfter: fc.option(fc.integer({ min: 60, max: 90 * DAYS }), { nil: undefined }),
  }),
  { maxLength: 60 },
);

describe('retentionSummary properties', () => {
  it('counts add up: passes ≤ totals, the weeks inside this month and the months add to the reviews', () => {
    fc.assert(
      fc.property(arbReviews, (reviews) => {
        const s = retentionSummary(reviews, { ...utc, weeks: 4, months: 6 });
        const sum = (ps: typeof s.months) => ps.reduce((n, p) => n + retentionTotal(p).total, 0);
        for (const p of [...s.weeks, ...s.months])
          for (const c of [p.young, p.mature]) expect(c.pass).toBeLessThanOrEqual(c.total);
        // Months do not overlap and cover every counted review (all are within 70 days).
        expect(sum(s.months)).toBe(s.reviews);
        expect(sum(s.weeks)).toBeLessThanOrEqual(s.reviews);
      }),
    );
  });

  it('an Again is always a fail: turning a counted pass into Again lowers the passes by one', () => {
    fc.assert(
      fc.property(arbReviews, fc.nat(), (reviews, pick) => {
        if (reviews.length === 0) return;
        const i = pick % reviews.length;
        const again = reviews.map((r, j) => (j === i ? { ...r, rating: 1 } : r));
        const passes = (rs: RetentionReview[]) =>
          retentionSummary(rs, utc).months.reduce((n, p) => n + retentionTotal(p).pass, 0);
        const diff = passes(reviews) - passes(again);
        expect(diff === 0 || (diff === 1 && reviews[i]!.rating > 1)).toBe(true);
        // All Again: nothing passes.
        expect(passes(reviews.map((r) => ({ ...r, rating: 1 })))).toBe(0);
      }),
    );
  });

  it('only the first review of a card per day counts: more reviews later the same day change nothing', () => {
    fc.assert(
      fc.property(arbReviews, fc.nat(), fc.integer({ min: 1, max: 4 }), (generated, pick, rating) => {
        if (generated.length === 0) return;
        // Every review recorded its state before (an older row would take the extra one's interval).
        const reviews: RetentionReview[] = generated.map((r) => ({
          ...r,
          intervalBefore: r.intervalBefore ?? null,
        }));
        const base = reviews[pick % reviews.length]!;
        const clock = zoneClock('UTC');
        const day = studyDayNumber(base.at, clock, 4);
        const later = base.at + 60_000;
        if (studyDayNumber(later, clock, 4) !== day || later > NOW) return;
        // Ties at `later` keep the array's order, so put the extra review last.
        const extra = { itemId: base.itemId, at: later, rating, intervalBefore: 5 * DAYS };
        const hasEarlier = reviews.some((r) => r.itemId === base.itemId && r.at <= later);
        expect(hasEarlier).toBe(true);
        expect(retentionSummary([...reviews, extra], utc)).toEqual(retentionSummary(reviews, utc));
      }),
    );
  });
});

describe('estimatedCardsKnown', () => {
  it('sums the retrievability of the cards with a memory state', () => {
    const now = new Date(NOW);
    const known = estimatedCardsKnown(
      [
        // Reviewed just now: retrievability 1.
        {
          easeFactor: 2.5,
          interval: DAYS,
          dueDate: now,
          stability: 10,
          difficulty: 5,
          lastReview: now,
          learningState: 'review',
        },
        // Never reviewed with FSRS: left out.
        { easeFactor: 2.5, interval: 0, dueDate: null },
        // Reviewed `stability` days ago: about 90 %.
        {
          easeFactor: 2.5,
          interval: 10 * DAYS,
          dueDate: now,
          stability: 10,
          difficulty: 5,
          lastReview: new Date(NOW - 10 * DAY),
          learningState: 'review',
        },
      ],
      now,
    );
    expect(known.cards).toBe(2);
    expect(known.known).toBeCloseTo(1.9, 2);
  });
});
