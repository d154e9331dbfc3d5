// The one scheduling function against SM-2 (unchanged) and ts-fsrs reference values, the SM-2 →
// FSRS conversion figures of issue 18, steps as Anki writes them, retrievability and replay.
import fc from 'fast-check';
import { createEmptyCard, fsrs, get_fuzz_range, Rating as FsrsRating, type Card } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { RATINGS, newCardState, schedule, type Rating } from './srs.ts';
import {
  DEFAULT_SCHEDULER_SETTINGS,
  convertToFsrs,
  formatSteps,
  memoryStateFromSm2,
  parseSteps,
  replayCard,
  retrievability,
  reviewSchedulerOf,
  scheduleReview,
  type CardState,
  type ReviewScheduler,
} from './scheduler.ts';

const FSRS = {
  scheduler: 'fsrs',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
} as const satisfies ReviewScheduler;
const SM2: ReviewScheduler = { scheduler: 'sm2' };
const t0 = new Date('2026-03-01T09:00:00Z');
const DAY = 86_400_000;
const grade = (r: Rating) => (RATINGS.indexOf(r) + 1) as FsrsRating.Again;
/** ts-fsrs itself, fuzz off, steps 1m 10m / 10m (its defaults): the reference. */
const reference = fsrs({ enable_fuzz: false, request_retention: 0.9 });

describe('settings', () => {
  it('turn into the scheduler recorded with a review', () => {
    expect(reviewSchedulerOf(DEFAULT_SCHEDULER_SETTINGS)).toEqual({ scheduler: 'sm2' });
    expect(reviewSchedulerOf({ ...DEFAULT_SCHEDULER_SETTINGS, scheduler: 'fsrs' })).toEqual(FSRS);
  });
});

describe('scheduleReview with SM-2', () => {
  it('is SPEC §9 schedule exactly', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.3, max: 4, noNaN: true }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(...RATINGS),
        (easeFactor, interval, rating) => {
          const got = scheduleReview(SM2, { easeFactor, interval, dueDate: null }, rating, t0, 'c1');
          const want = schedule({ easeFactor, interval }, rating, t0);
          expect(got.easeFactor).toBe(want.easeFactor);
          expect(got.interval).toBe(want.interval);
          expect(got.dueDate).toEqual(want.dueDate);
        },
      ),
    );
  });
});

/** A card in review: 30 days' stability, due now. */
const inReview: CardState = {
  easeFactor: 2.5,
  interval: 30 * 86_400,
  dueDate: new Date(t0.getTime()),
  stability: 30,
  difficulty: 5,
  learningState: 'review',
  learningStep: 0,
  lastReview: new Date(t0.getTime() - 30 * DAY),
  reps: 5,
  lapses: 0,
};

describe('scheduleReview with FSRS-6', () => {
  it('matches ts-fsrs on a new card for every rating', () => {
    for (const r of RATINGS) {
      const ours = scheduleReview(FSRS, newCardState(), r, t0, 'card-a');
      const ref = reference.next(createEmptyCard(t0), t0, grade(r)).card;
      expect(ours.stability).toBeCloseTo(ref.stability, 10);
      expect(ours.difficulty).toBeCloseTo(ref.difficulty, 10);
      expect(ours.learningStep).toBe(ref.learning_steps);
      expect(ours.reps).toBe(1);
    }
  });

  it('uses the learning steps 1m 10m and graduates on Good from the last step', () => {
    const again = scheduleReview(FSRS, newCardState(), 'again', t0, 'c');
    expect(again.interval).toBe(60);
    expect(again.learningState).toBe('learning');
    const good = scheduleReview(FSRS, newCardState(), 'good', t0, 'c');
    expect(good.interval).toBe(600);
    const t1 = new Date(t0.getTime() + 600_000);
    const graduated = scheduleReview(FSRS, good, 'good', t1, 'c');
    expect(graduated.learningState).toBe('review');
    expect(graduated.interval).toBeGreaterThanOrEqual(86_400);
  });

  it('follows ts-fsrs through a review history, intervals within the fuzz range', () => {
    const ratings: Rating[] = ['good', 'good', 'good', 'hard', 'again', 'good', 'easy', 'good'];
    let ours: CardState = newCardState();
    let ref: Card = createEmptyCard(t0);
    let now = t0;
    let fuzzed = 0;
    for (const r of ratings) {
      const next = scheduleReview(FSRS, ours, r, now, 'card-x');
      const refNext = reference.next(ref, now, grade(r)).card;
      expect(next.stability).toBeCloseTo(refNext.stability, 6);
      expect(next.difficulty).toBeCloseTo(refNext.difficulty, 6);
      expect(next.learningState).toBe(['new', 'learning', 'review', 'relearning'][refNext.state]);
      const refDays = refNext.scheduled_days;
      if (refDays >= 3) {
        fuzzed += 1;
        const { min_ivl, max_ivl } = get_fuzz_range(refDays, refDays, 36_500);
        const days = Math.round(next.interval / 86_400);
        expect(days).toBeGreaterThanOrEqual(min_ivl);
        expect(days).toBeLessThanOrEqual(max_ivl);
      }
      // Both continue from the reference's due date so the histories stay the same.
      ours = { ...next, dueDate: refNext.due };
      ref = refNext;
      now = new Date(refNext.due.getTime());
    }
    expect(fuzzed, 'reviews scheduled 3 days or more ahead, so fuzzed').toBeGreaterThanOrEqual(3);
    expect(ours.lapses).toBe(1);
  });

  it('fuzzes deterministically by card id: same review, same interval', () => {
    const state = inReview;
    const a = scheduleReview(FSRS, state, 'good', t0, 'card-1');
    expect(scheduleReview(FSRS, state, 'good', t0, 'card-1')).toEqual(a);
    const intervals = new Set(
      Array.from({ length: 20 }, (_, i) => scheduleReview(FSRS, state, 'good', t0, `card-${i}`).interval),
    );
    expect(intervals.size).toBeGreaterThan(1);
  });

  it('fuzzes the same whenever the button is pressed: the interval shown is the one the answer gets', () => {
    const state = inReview;
    for (const id of ['card-1', 'card-2', 'card-3']) {
      const shown = scheduleReview(FSRS, state, 'good', t0, id).interval;
      expect(scheduleReview(FSRS, state, 'good', new Date(t0.getTime() + 7_000), id).interval).toBe(shown);
    }
  });

  it('takes a card SM-2 scheduled with its memory derived from ease and interval', () => {
    const sm2Card: CardState = { easeFactor: 2.5, interval: 10 * 86_400, dueDate: new Date(t0.getTime()) };
    const next = scheduleReview(FSRS, sm2Card, 'good', t0, 'c');
    expect(next.learningState).toBe('review');
    expect(next.stability).toBeGreaterThan(10);
  });
});

describe('memoryStateFromSm2 (fsrs-rs formula)', () => {
  it('ease 2.5, 10 days at 90 % → stability ≈ 10.0, difficulty ≈ 6.91', () => {
    const m = memoryStateFromSm2(2.5, 10, 0.9);
    expect(m.stability).toBeCloseTo(10, 6);
    expect(m.difficulty).toBeCloseTo(6.91, 2);
  });

  it('keeps difficulty within 1–10', () => {
    expect(memoryStateFromSm2(1.3, 1000, 0.9).difficulty).toBeLessThanOrEqual(10);
    expect(memoryStateFromSm2(5, 1, 0.9).difficulty).toBeGreaterThanOrEqual(1);
  });
});

describe('steps as Anki writes them', () => {
  it('parses and formats', () => {
    expect(parseSteps('1m 10m')).toEqual([60, 600]);
    expect(parseSteps(' 1h  1d ')).toEqual([3600, 86_400]);
    expect(parseSteps('30s 1.5m')).toEqual([30, 90]);
    expect(parseSteps('')).toEqual([]);
    expect(parseSteps('10 minutes')).toBeNull();
    expect(parseSteps('0m')).toBeNull();
    expect(formatSteps([60, 600])).toBe('1m 10m');
    expect(formatSteps([3600, 86_400, 90, 30])).toBe('1h 1d 1.5m 30s');
  });
});

describe('retrievability', () => {
  it('is 90 % after stability days, 100 % at the review, null without memory', () => {
    const s: CardState = {
      easeFactor: 2.5,
      interval: 0,
      dueDate: null,
      stability: 12,
      difficulty: 5,
      learningState: 'review',
      lastReview: t0,
    };
    expect(retrievability(s, t0)).toBeCloseTo(1, 6);
    expect(retrievability(s, new Date(t0.getTime() + 12 * DAY))).toBeCloseTo(0.9, 6);
    expect(retrievability(newCardState(), t0)).toBeNull();
  });
});

describe('convertToFsrs', () => {
  it('derives the memory from SM-2 without history and keeps the due date', () => {
    const due = new Date(t0.getTime() + 3 * DAY);
    const sm2: CardState = { easeFactor: 2.5, interval: 10 * 86_400, dueDate: due };
    const c = convertToFsrs(sm2, 'c', FSRS);
    expect(c.dueDate).toBe(due);
    expect(c.stability).toBeCloseTo(10, 6);
    expect(c.difficulty).toBeCloseTo(6.91, 2);
  });

  it('replays the history where there is one', () => {
    const due = new Date(t0.getTime() + 3 * DAY);
    const history = [
      { at: t0.getTime(), rating: 'good' as const },
      { at: t0.getTime() + 600_000, rating: 'good' as const },
    ];
    const sm2: CardState = { easeFactor: 2.5, interval: 1200, dueDate: due };
    const c = convertToFsrs(sm2, 'c', FSRS, history);
    expect(c.dueDate).toBe(due);
    expect(c.learningState).toBe('review');
    expect(c.reps).toBe(2);
  });
});

describe('replayCard', () => {
  it('is the fold of the reviews in time order; a set (suspend, import) takes the whole record', () => {
    const s1 = scheduleReview(SM2, newCardState(), 'good', t0, 'c');
    const events = [
      { kind: 'review', at: t0.getTime(), rating: 'good', scheduler: SM2 },
      { kind: 'set', at: t0.getTime() + 1, state: { ...s1, isSuspended: true } },
      { kind: 'review', at: t0.getTime() + DAY, rating: 'good', scheduler: FSRS },
    ] as const;
    const got = replayCard('c', events);
    const s2 = scheduleReview(FSRS, s1, 'good', new Date(t0.getTime() + DAY), 'c');
    expect(got).toEqual({ ...s2, isSuspended: true });
    expect(replayCard('c', [...events, { kind: 'delete', at: t0.getTime() + 2 * DAY }])).toBeNull();
  });

  it('keeps a review as the device computed it when the device saw the replayed state, else reschedules it', () => {
    const a1 = scheduleReview(SM2, newCardState(), 'good', t0, 'c');
    const odd = { ...a1, interval: 777, dueDate: new Date(t0.getTime() + 777_000) };
    const t1 = t0.getTime() + DAY;
    // B saw a1: its own result stands.
    const seen = replayCard('c', [
      { kind: 'review', at: t0.getTime(), rating: 'good', scheduler: SM2, after: a1, before: null },
      { kind: 'review', at: t1, rating: 'good', scheduler: SM2, after: odd, before: a1 },
    ]);
    expect(seen?.interval).toBe(777);
    // B saw nothing (made offline): rescheduled on top of a1.
    const merged = replayCard('c', [
      { kind: 'review', at: t0.getTime(), rating: 'good', scheduler: SM2, after: a1, before: null },
      { kind: 'review', at: t1, rating: 'good', scheduler: SM2, after: odd, before: null },
    ]);
    expect(merged).toEqual({ ...scheduleReview(SM2, a1, 'good', new Date(t1), 'c'), isSuspended: false });
    // An older client's review (no before): kept after its own device's previous one only.
    const legacy = (device: string) =>
      replayCard('c', [
        { kind: 'review', at: t0.getTime(), rating: 'good', scheduler: SM2, after: a1, device: 'A' },
        { kind: 'review', at: t1, rating: 'good', scheduler: SM2, after: odd, device },
      ])?.interval;
    expect(legacy('A')).toBe(777);
    expect(legacy('B')).toBe(scheduleReview(SM2, a1, 'good', new Date(t1), 'c').interval);
  });
});
