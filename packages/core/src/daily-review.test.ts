// The daily review's rules: the student's day, due counts, the 'Review all due' queue and its limits.
import { describe, expect, it } from 'vitest';
import { dueCounts, nextDue, reviewQueue, studyDayStart, tallyDay, type DueRow } from './daily-review.ts';
import type { QueueProgress } from './srs.ts';

const at = (y: number, mo: number, d: number, h: number, mi = 0) => new Date(y, mo - 1, d, h, mi);
const H = 3_600_000;

describe('studyDayStart', () => {
  it('starts the day at the rollover hour, local time', () => {
    expect(studyDayStart(at(2026, 3, 10, 9), 4)).toBe(at(2026, 3, 10, 4).getTime());
    expect(studyDayStart(at(2026, 3, 10, 4), 4)).toBe(at(2026, 3, 10, 4).getTime());
  });
  it('before the rollover hour, still yesterday', () => {
    expect(studyDayStart(at(2026, 3, 10, 3, 59), 4)).toBe(at(2026, 3, 9, 4).getTime());
    expect(studyDayStart(at(2026, 1, 1, 1), 4)).toBe(at(2025, 12, 31, 4).getTime());
  });
});

describe('dueCounts', () => {
  const now = new Date(Date.UTC(2026, 0, 15, 12));
  const past = new Date(now.getTime() - H);
  const later = new Date(now.getTime() + H);
  const subjectModule = new Map([
    ['s1', 'm1'],
    ['s2', 'm1'],
    ['s3', 'm2'],
  ]);
  const deckTopic = new Map([
    ['d1', 't1'],
    ['d2', 't2'],
  ]);
  const row = (r: Partial<DueRow>): DueRow => ({
    subjectId: 's1',
    deckId: 'd1',
    type: 'flashcard',
    dueDate: past,
    isSuspended: false,
    ...r,
  });

  it('counts due flashcards per module, subject and topic', () => {
    const c = dueCounts(
      [
        row({}),
        row({ dueDate: now }),
        row({ deckId: 'd2', subjectId: 's2' }),
        row({ subjectId: 's3', deckId: 'd9' }),
        row({ dueDate: later }),
        row({ isSuspended: true }),
        row({ dueDate: null }),
        row({ type: 'mcq' }),
        row({ subjectId: 'gone' }),
      ],
      subjectModule,
      deckTopic,
      now,
    );
    expect(c.total).toBe(4);
    expect(Object.fromEntries(c.byModule)).toEqual({ m1: 3, m2: 1 });
    expect(Object.fromEntries(c.bySubject)).toEqual({ s1: 2, s2: 1, s3: 1 });
    // d9's topic is not on this device: counted in its subject and module, under no topic.
    expect(Object.fromEntries(c.byTopic)).toEqual({ t1: 2, t2: 1 });
  });
});

describe('reviewQueue', () => {
  const now = new Date(Date.UTC(2026, 0, 15, 12));
  const cards = Array.from({ length: 10 }, (_, i) => ({ id: `c${i}` }));
  const progress = new Map<string, QueueProgress>([
    ['c0', { dueDate: new Date(now.getTime() - 1 * H), isSuspended: false }],
    ['c1', { dueDate: new Date(now.getTime() - 5 * H), isSuspended: false }],
    ['c2', { dueDate: new Date(now.getTime() - 3 * H), isSuspended: false }],
    ['c3', { dueDate: new Date(now.getTime() + 3 * H), isSuspended: false }],
    ['c4', { dueDate: new Date(now.getTime() - 9 * H), isSuspended: true }],
  ]);
  const limits = { newPerDay: 20, reviewsPerDay: 200 };

  it('puts due cards first, longest overdue first, then the new ones; never later or suspended ones', () => {
    const q = reviewQueue({ cards, progress, now, limits, done: { newCards: 0, reviews: 0 } });
    expect(q.cards.slice(0, 3).map((c) => c.id)).toEqual(['c1', 'c2', 'c0']);
    expect(new Set(q.cards.slice(3).map((c) => c.id))).toEqual(new Set(['c5', 'c6', 'c7', 'c8', 'c9']));
    expect([q.due, q.fresh, q.dueLeft, q.newLeft]).toEqual([3, 5, 0, 0]);
  });

  it('cuts each kind to what the day leaves', () => {
    const q = reviewQueue({
      cards,
      progress,
      now,
      limits: { newPerDay: 4, reviewsPerDay: 3 },
      done: { newCards: 2, reviews: 1 },
    });
    expect(q.cards.slice(0, 2).map((c) => c.id)).toEqual(['c1', 'c2']);
    expect([q.due, q.fresh, q.dueLeft, q.newLeft]).toEqual([2, 2, 1, 3]);
    const none = reviewQueue({ cards, progress, now, limits, done: { newCards: 25, reviews: 300 } });
    expect(none.cards).toEqual([]);
  });
});

describe('tallyDay', () => {
  it('counts distinct cards since the day started; a card new today is not also a review', () => {
    const day = 1000;
    const t = tallyDay(
      [
        { id: 'old', at: 999, isNew: false },
        { id: 'a', at: 1000, isNew: true },
        { id: 'a', at: 1100, isNew: false },
        { id: 'b', at: 1200, isNew: false },
        { id: 'b', at: 1300, isNew: false },
        { id: 'c', at: 1400, isNew: true },
      ],
      day,
    );
    expect(t).toEqual({ newCards: 2, reviews: 1 });
  });

  it("adds the other devices' cards, each card once across devices", () => {
    const t = tallyDay(
      [
        { id: 'a', at: 1000, isNew: true },
        { id: 'b', at: 1200, isNew: false },
      ],
      1000,
      // 'a' new here, reviewed there; 'b' reviewed on both; 'c' new there; 'd' reviewed there.
      { newCardIds: ['c'], reviewedCardIds: ['a', 'b', 'd'] },
    );
    expect(t).toEqual({ newCards: 2, reviews: 2 });
  });
});

describe('nextDue', () => {
  it('is the earliest due date after now among cards not suspended', () => {
    const now = new Date(1_000_000);
    expect(
      nextDue(
        [
          { dueDate: new Date(900_000), isSuspended: false },
          { dueDate: new Date(5_000_000), isSuspended: false },
          { dueDate: new Date(2_000_000), isSuspended: true },
          { dueDate: new Date(3_000_000), isSuspended: false },
          { dueDate: null, isSuspended: false },
        ],
        now,
      ),
    ).toEqual(new Date(3_000_000));
    expect(nextDue([], now)).toBeNull();
  });
});
