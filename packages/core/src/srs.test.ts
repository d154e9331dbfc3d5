import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildQueue,
  deckCounts,
  formatInterval,
  isDue,
  newCardState,
  schedule,
  SRS,
  type Rating,
} from './srs.ts';

const now = new Date('2026-01-01T00:00:00Z');
const rating = fc.constantFrom<Rating>('again', 'hard', 'good', 'easy');

describe('schedule — the constants of SPEC §9', () => {
  it('first review: Again 60 s, Hard 600 s, Good 1200 s, Easy 4 days', () => {
    const s = newCardState();
    expect(schedule(s, 'again', now)).toMatchObject({ interval: 60, easeFactor: 2.3 });
    expect(schedule(s, 'hard', now)).toMatchObject({ interval: 600, easeFactor: 2.5 });
    expect(schedule(s, 'good', now)).toMatchObject({ interval: 1200, easeFactor: 2.5 });
    expect(schedule(s, 'easy', now)).toMatchObject({ interval: 345_600, easeFactor: 2.5 });
    expect(schedule(s, 'good', now).dueDate?.toISOString()).toBe('2026-01-01T00:20:00.000Z');
  });

  it('later reviews: Hard ×1.2 ease −0.15, Good ×ease, Easy ×ease×1.3 ease +0.15', () => {
    const s = { easeFactor: 2.5, interval: 1000 };
    expect(schedule(s, 'hard', now)).toMatchObject({ interval: 1200, easeFactor: 2.35 });
    expect(schedule(s, 'good', now)).toMatchObject({ interval: 2500, easeFactor: 2.5 });
    expect(schedule(s, 'easy', now)).toMatchObject({
      interval: Math.round(1000 * 2.65 * 1.3),
      easeFactor: 2.65,
    });
  });

  it('caps the interval at what the server stores (int4 seconds)', () => {
    const s = { easeFactor: 3, interval: 2_000_000_000 };
    expect(schedule(s, 'easy', now).interval).toBe(2_147_483_647);
    expect(schedule(s, 'good', now).interval).toBe(2_147_483_647);
  });

  it('never lets the ease fall below 1.3', () => {
    fc.assert(
      fc.property(fc.array(rating, { maxLength: 60 }), (ratings) => {
        let s = newCardState();
        for (const r of ratings) {
          s = schedule(s, r, now);
          if (s.easeFactor < SRS.minEase) return false;
        }
        return true;
      }),
    );
  });

  it('gives positive whole-second intervals and a due date after now', () => {
    fc.assert(
      fc.property(fc.array(rating, { minLength: 1, maxLength: 30 }), (ratings) => {
        let s = newCardState();
        for (const r of ratings) {
          s = schedule(s, r, now);
          if (!Number.isInteger(s.interval) || s.interval < 1) return false;
          if (!s.dueDate || s.dueDate.getTime() <= now.getTime()) return false;
        }
        return true;
      }),
    );
  });

  it('orders the buttons: Again ≤ Hard ≤ Good ≤ Easy for any reviewed card', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1.3, max: 4, noNaN: true }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (ease, interval) => {
          const s = { easeFactor: ease, interval };
          const [a, h, g, e] = (['again', 'hard', 'good', 'easy'] as const).map(
            (r) => schedule(s, r, now).interval,
          );
          return a! <= Math.max(h!, 60) && h! <= g! * 1.0001 + 1 && g! <= e!;
        },
      ),
    );
  });
});

describe('due, queue and counts', () => {
  it('is due at or before now', () => {
    expect(isDue(now, now)).toBe(true);
    expect(isDue(new Date(now.getTime() + 1), now)).toBe(false);
    expect(isDue(null, now)).toBe(false);
  });

  it('SRS queue: new or due, never suspended; free queue: all but suspended', () => {
    const cards = ['new', 'due', 'later', 'susp'].map((id) => ({ id }));
    const progress = new Map([
      ['due', { isSuspended: false, dueDate: new Date(now.getTime() - 1000) }],
      ['later', { isSuspended: false, dueDate: new Date(now.getTime() + 1000) }],
      ['susp', { isSuspended: true, dueDate: new Date(now.getTime() - 1000) }],
    ]);
    expect(
      buildQueue(cards, progress, 'srs', now)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['due', 'new']);
    expect(
      buildQueue(cards, progress, 'free', now)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['due', 'later', 'new']);
    expect(deckCounts(cards, progress, now)).toEqual({ newCount: 1, dueCount: 1, suspendedCount: 1 });
  });

  it('a queue is a permutation of the eligible cards', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 50 }), (ids) => {
        const q = buildQueue(
          ids.map((id) => ({ id })),
          new Map(),
          'free',
          now,
        );
        return q.length === ids.length && new Set(q.map((c) => c.id)).size === ids.length;
      }),
    );
  });

  it('formats intervals compactly', () => {
    expect(formatInterval(60)).toBe('1m');
    expect(formatInterval(600)).toBe('10m');
    expect(formatInterval(345_600)).toBe('4d');
    expect(formatInterval(7200)).toBe('2h');
  });
});

describe('buildQueue with a due order (FSRS, issue 18)', () => {
  it('shows due cards smallest key first, then the new cards, and leaves free mode shuffled', () => {
    const now = new Date('2026-03-01T09:00:00Z');
    const past = new Date(now.getTime() - 1000);
    const cards = ['a', 'b', 'c', 'n1', 'n2', 's'].map((id) => ({ id }));
    const keys: Record<string, number> = { a: 0.8, b: 0.2, c: 0.5, s: 0 };
    const progress = new Map(
      ['a', 'b', 'c', 's'].map((id) => [id, { id, isSuspended: id === 's', dueDate: past }] as const),
    );
    const q = buildQueue(
      cards,
      progress,
      'srs',
      now,
      () => 0.3,
      (p) => keys[p.id]!,
    );
    expect(q.slice(0, 3).map((c) => c.id)).toEqual(['b', 'c', 'a']);
    expect(
      q
        .slice(3)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['n1', 'n2']);
    const free = buildQueue(
      cards,
      progress,
      'free',
      now,
      () => 0.3,
      (p) => keys[p.id]!,
    );
    expect(free.map((c) => c.id)).toEqual(
      buildQueue(cards, progress, 'free', now, () => 0.3).map((c) => c.id),
    );
  });
});
