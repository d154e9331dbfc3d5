// Issue 18: the current card's Details — reviews, lapses, due; with FSRS stability, difficulty and
// retrievability now as a percentage.
import { describe, expect, it } from 'vitest';
import { cardDetailRows } from './card-details.ts';

const now = new Date(2026, 2, 10, 9, 0);
const DAY = 86_400_000;
const fsrs = {
  scheduler: 'fsrs',
  desiredRetention: 0.9,
  learningSteps: '1m 10m',
  relearningSteps: '10m',
  parameters: null,
} as const;

describe('card details', () => {
  it('says a card without progress is new', () => {
    expect(cardDetailRows(null, { scheduler: 'sm2' }, now)).toEqual([['Status', 'New card']]);
  });

  it('shows reviews, lapses and due under SM-2, nothing of FSRS', () => {
    const rows = cardDetailRows(
      {
        easeFactor: 2.5,
        interval: 86_400,
        dueDate: new Date(now.getTime() + DAY),
        isSuspended: false,
        reps: 4,
        lapses: 1,
      },
      { scheduler: 'sm2' },
      now,
    );
    expect(rows).toEqual([
      ['Reviews', '4'],
      ['Lapses', '1'],
      ['Due', 'tomorrow at 09:00'],
    ]);
  });

  it('adds stability, difficulty and retrievability now under FSRS (90 % after stability days)', () => {
    const rows = cardDetailRows(
      {
        easeFactor: 2.5,
        interval: 10 * 86_400,
        dueDate: now,
        isSuspended: false,
        stability: 10,
        difficulty: 6.91,
        learningState: 'review',
        lastReview: new Date(now.getTime() - 10 * DAY),
        reps: 3,
        lapses: 0,
      },
      fsrs,
      now,
    );
    expect(Object.fromEntries(rows)).toMatchObject({
      Stability: '10.0 days',
      Difficulty: '6.9 / 10',
      Retrievability: '90 %',
    });
  });

  it('under FSRS, a card SM-2 reviewed past learning shows the memory derived from its ease and interval', () => {
    const rows = Object.fromEntries(
      cardDetailRows(
        {
          easeFactor: 2.5,
          interval: 10 * 86_400,
          dueDate: now,
          isSuspended: false,
          lastReview: new Date(now.getTime() - 10 * DAY),
        },
        fsrs,
        now,
      ),
    );
    expect(rows).toMatchObject({ Stability: '10.0 days', Difficulty: '6.9 / 10', Retrievability: '90 %' });
  });

  it('says what is not known yet for a card still in SM-2 learning, and when it is suspended', () => {
    const rows = Object.fromEntries(
      cardDetailRows({ easeFactor: 2.5, interval: 600, dueDate: now, isSuspended: true }, fsrs, now),
    );
    expect(rows).toMatchObject({
      Reviews: '0',
      Due: 'Suspended',
      Stability: 'Not known yet',
      Retrievability: 'Not known yet',
    });
  });
});
