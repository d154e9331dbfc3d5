// Switching scheduler: SM-2 → FSRS gives memory and keeps due dates, 'Reschedule' recomputes them from
// the memory at the desired retention, switching back keeps them; the interval matches ts-fsrs.
import { fsrs } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  convertToFsrs,
  fsrsMemory,
  memoryStateFromSm2,
  retrievability,
  scheduleReview,
  type CardState,
  type ReviewScheduler,
} from './scheduler.ts';
import {
  fsrsIntervalDays,
  switchCard,
  switchTouchesCards,
  type SchedulerSwitch,
} from './scheduler-switch.ts';

const FSRS = {
  scheduler: 'fsrs',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
} as const satisfies ReviewScheduler;
const SM2: ReviewScheduler = { scheduler: 'sm2' };
const DAY = 86_400_000;
const t0 = new Date('2026-03-01T09:00:00Z');
/** Reviewed by SM-2: ease 2.5, 10 days, due 10 days after t0. */
const sm2Card: CardState = {
  easeFactor: 2.5,
  interval: 10 * 86_400,
  dueDate: new Date(t0.getTime() + 10 * DAY),
};
const toFsrs: SchedulerSwitch = { from: 'sm2', to: FSRS, reschedule: false };

describe('switchCard', () => {
  it('SM-2 → FSRS: nothing to write without a history; the card reads with memory from ease and interval (≈ 10.0 / 6.91), due date kept', () => {
    expect(switchCard(sm2Card, 'c1', toFsrs)).toBeNull();
    const m = fsrsMemory(sm2Card);
    expect(m?.stability).toBeCloseTo(10.0, 1);
    expect(m?.difficulty).toBeCloseTo(6.91, 2);
    expect(m?.lastReview).toEqual(t0);
    // What a written conversion held: the same figures.
    const written = convertToFsrs(sm2Card, 'c1', FSRS);
    expect(fsrsMemory(written)).toEqual(m);
    expect(retrievability(sm2Card, sm2Card.dueDate as Date)).toBeCloseTo(0.9, 2);
    // Reviewed again under FSRS, it starts from that memory.
    const t = sm2Card.dueDate as Date;
    expect(scheduleReview(FSRS, sm2Card, 'good', t, 'c1')).toEqual(
      scheduleReview(FSRS, written, 'good', t, 'c1'),
    );
  });

  it('SM-2 → FSRS: a complete local history is replayed under FSRS instead', () => {
    const reviews = [
      { at: t0.getTime(), rating: 'good' as const },
      { at: t0.getTime() + 600_000, rating: 'good' as const },
      { at: t0.getTime() + 3 * DAY, rating: 'easy' as const },
    ];
    let want: CardState = { easeFactor: 2.5, interval: 0, dueDate: null };
    for (const r of reviews) want = scheduleReview(FSRS, want, r.rating, new Date(r.at), 'c1');
    const next = switchCard(sm2Card, 'c1', toFsrs, { complete: true, reviews });
    expect(next?.stability).toBe(want.stability);
    expect(next?.difficulty).toBe(want.difficulty);
    expect(next?.reps).toBe(3);
    expect(next?.dueDate).toEqual(sm2Card.dueDate);
    // Part of a history (the earlier reviews are not on this device): derived from SM-2 when read instead.
    expect(switchCard(sm2Card, 'c1', toFsrs, { complete: false, reviews })).toBeNull();
    expect(fsrsMemory(sm2Card)?.stability).toBeCloseTo(memoryStateFromSm2(2.5, 10).stability, 9);
  });

  it('leaves new cards and cards in SM-2 learning as they are', () => {
    expect(switchCard({ easeFactor: 2.5, interval: 0, dueDate: null }, 'c1', toFsrs)).toBeNull();
    const learning = { easeFactor: 2.5, interval: 600, dueDate: new Date(t0.getTime() + 600_000) };
    expect(switchCard(learning, 'c1', toFsrs)).toBeNull();
  });

  it('with Reschedule: the due date is the last review plus the FSRS interval at the desired retention', () => {
    const next = switchCard(sm2Card, 'c1', { ...toFsrs, reschedule: true });
    const days = fsrsIntervalDays(next?.stability ?? 0, 0.9);
    expect(next?.dueDate).toEqual(new Date(t0.getTime() + days * DAY));
    expect(next?.interval).toBe(days * 86_400);
    // At 90 % a memory of ≈ 10 days comes due after ≈ 10 days; at 80 % much later.
    expect(days).toBe(10);
    const lower = switchCard(sm2Card, 'c1', {
      ...toFsrs,
      to: { ...FSRS, desiredRetention: 0.8 },
      reschedule: true,
    });
    expect(lower?.dueDate?.getTime()).toBeGreaterThan(t0.getTime() + 20 * DAY);
    // Already on FSRS, a card whose memory was only ever derived (never written) is rescheduled the same.
    const fromFsrs = switchCard(sm2Card, 'c1', {
      from: 'fsrs',
      to: { ...FSRS, desiredRetention: 0.8 },
      reschedule: true,
    });
    expect(fromFsrs?.dueDate).toEqual(lower?.dueDate);
    expect(fromFsrs?.stability).toBe(lower?.stability);
  });

  it('FSRS → SM-2 keeps due dates (nothing to write); with Reschedule a complete history is replayed by SM-2', () => {
    const fsrsCard = convertToFsrs(sm2Card, 'c1', FSRS);
    expect(switchCard(fsrsCard, 'c1', { from: 'fsrs', to: SM2, reschedule: false })).toBeNull();
    expect(switchCard(fsrsCard, 'c1', { from: 'fsrs', to: SM2, reschedule: true })).toBeNull();
    const reviews = [{ at: t0.getTime(), rating: 'good' as const }];
    const back = switchCard(
      fsrsCard,
      'c1',
      { from: 'fsrs', to: SM2, reschedule: true },
      { complete: true, reviews },
    );
    expect(back?.dueDate).toEqual(
      scheduleReview(SM2, { easeFactor: 2.5, interval: 0, dueDate: null }, 'good', t0, 'c1').dueDate,
    );
  });

  it('touches cards only when converting or rescheduling', () => {
    expect(switchTouchesCards(toFsrs)).toBe(true);
    expect(switchTouchesCards({ from: 'fsrs', to: SM2, reschedule: false })).toBe(false);
    expect(switchTouchesCards({ from: 'fsrs', to: FSRS, reschedule: false })).toBe(false);
    expect(switchTouchesCards({ from: 'fsrs', to: SM2, reschedule: true })).toBe(true);
  });
});

describe('fsrsIntervalDays', () => {
  it('is ts-fsrs next_interval without fuzz', () => {
    for (const retention of [0.7, 0.85, 0.9, 0.97]) {
      const f = fsrs({ request_retention: retention, enable_fuzz: false });
      for (const s of [0.5, 3, 10, 42.7, 400])
        expect(fsrsIntervalDays(s, retention)).toBe(f.next_interval(s, 0));
    }
  });
});
