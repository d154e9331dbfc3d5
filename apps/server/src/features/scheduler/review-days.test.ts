// Issue 18: the optimizer's days follow the student's time zone and day rollover hour.
import { describe, expect, it } from 'vitest';
import { studyDayNumber as studyDay, zoneClock } from '@zan/core';
import { reviewDays } from './review-days.ts';

const at = (iso: string) => Date.parse(iso);
const fmt = zoneClock;

describe('review days', () => {
  it('starts a new day at the rollover hour in the student time zone', () => {
    const ny = fmt('America/New_York');
    // 03:59 and 04:01 New York time (winter, UTC−5) fall on different study days with rollover 4.
    const before = studyDay(at('2026-01-10T08:59:00Z'), ny, 4);
    const after = studyDay(at('2026-01-10T09:01:00Z'), ny, 4);
    expect(after - before).toBe(1);
    // In UTC the same two moments are the same study day.
    expect(studyDay(at('2026-01-10T08:59:00Z'), fmt('UTC'), 4)).toBe(
      studyDay(at('2026-01-10T09:01:00Z'), fmt('UTC'), 4),
    );
  });

  it("gives each card's reviews in time order with whole days since the previous one", () => {
    const days = reviewDays(
      [
        { itemId: 'b', rating: 3, at: at('2026-03-01T10:00:00Z') },
        { itemId: 'a', rating: 3, at: at('2026-03-05T10:00:00Z') },
        { itemId: 'a', rating: 1, at: at('2026-03-01T10:00:00Z') },
        { itemId: 'a', rating: 3, at: at('2026-03-01T10:10:00Z') },
        { itemId: 'a', rating: 0, at: at('2026-03-02T10:00:00Z') },
      ],
      'UTC',
      4,
    );
    expect(days).toEqual([
      [{ rating: 3, deltaT: 0 }],
      [
        { rating: 1, deltaT: 0 },
        { rating: 3, deltaT: 0 },
        { rating: 3, deltaT: 4 },
      ],
    ]);
  });

  it('counts days across a daylight-saving change as the student lived them', () => {
    // Europe/Paris moves to summer time on 2026-03-29: 9:00 local on the 28th and on the 30th are 2 days.
    const days = reviewDays(
      [
        { itemId: 'a', rating: 3, at: at('2026-03-28T08:00:00Z') },
        { itemId: 'a', rating: 3, at: at('2026-03-30T07:00:00Z') },
      ],
      'Europe/Paris',
      4,
    );
    expect(days[0]![1]!.deltaT).toBe(2);
  });
});
