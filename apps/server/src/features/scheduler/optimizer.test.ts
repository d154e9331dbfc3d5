// Issue 18: the optimizer fits parameters in a child process and offers new parameters only when they
// predict the student's log better; issue 38: too little data for FSRS is an answer, not a failure.
import { describe, expect, it } from 'vitest';
import { optimizeParameters } from './optimizer.ts';
import { encodeReviews, type LoggedReview } from './review-days.ts';

const DAY = 86_400_000;

/** A student who forgets faster than FSRS's defaults expect: `cards` cards reviewed `perCard` times. */
function simulatedLog(cards: number, perCard: number, seed = 7): LoggedReview[] {
  let s = seed;
  const random = () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const log: LoggedReview[] = [];
  const start = Date.UTC(2026, 0, 1, 12);
  for (let c = 0; c < cards; c++) {
    let stability = 0.5 + random();
    let at = start + Math.floor(random() * 30) * DAY;
    log.push({ itemId: `card-${c}`, rating: 3, at });
    for (let k = 1; k < perCard; k++) {
      const days = Math.max(1, Math.round(stability * (0.8 + random() * 0.6)));
      at += days * DAY;
      const recall = Math.pow(1 + days / (9 * stability), -1);
      const pass = random() < recall;
      log.push({ itemId: `card-${c}`, rating: pass ? (random() < 0.15 ? 2 : 3) : 1, at });
      stability = pass ? stability * (1.3 + random()) : Math.max(0.3, stability * 0.3);
    }
  }
  return log;
}

describe('FSRS optimizer', () => {
  it("answers 'sparse' when the reviews are of too few cards for FSRS (its 'not enough data'), not an error", async () => {
    // Issue 38: 500 reviews of one card (every other day) — enough reviews, one card.
    const reviews = Array.from({ length: 500 }, (_, i) => ({
      itemId: 'only-card',
      rating: i % 4 === 0 ? 1 : 3,
      at: Date.UTC(2025, 0, 1, 12) + i * 2 * DAY,
    }));
    const out = await optimizeParameters({
      reviews: encodeReviews(reviews),
      timeZone: 'UTC',
      rolloverHour: 4,
      current: null,
    });
    expect(out).toEqual({ kind: 'sparse', reviews: 500, cards: 1 });
    // Reviewed on one day only, no card says anything: nothing to fit either.
    const oneDay = reviews.slice(0, 3).map((r, i) => ({ ...r, at: Date.UTC(2025, 0, 1, 12, i) }));
    expect(
      await optimizeParameters({
        reviews: encodeReviews(oneDay),
        timeZone: 'UTC',
        rolloverHour: 4,
        current: null,
      }),
    ).toEqual({ kind: 'sparse', reviews: 3, cards: 0 });
  });

  it('fits 21 parameters that predict the log better than the defaults, reporting progress', async () => {
    const progress: number[] = [];
    const out = await optimizeParameters(
      {
        reviews: encodeReviews(simulatedLog(150, 12)),
        timeZone: 'Europe/London',
        rolloverHour: 4,
        current: null,
      },
      { onProgress: (p) => progress.push(p) },
    );
    expect(out.kind).toBe('improved');
    if (out.kind !== 'improved') return;
    expect(out.reviews).toBe(1800);
    expect(out.parameters).toHaveLength(21);
    expect(out.fitted.logLoss).toBeLessThan(out.current.logLoss);
    expect(out.fitted.rmse).toBeGreaterThan(0);
    // Periodic reports while it trains (a fit this short may end before the first), then done: 1.
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => p > 0 && p <= 1 && (i === 0 || p >= progress[i - 1]!))).toBe(true);
  });

  it('fits a log with cards reviewed only on one day (the binding would abort on them)', async () => {
    const sameDay: LoggedReview[] = [];
    for (let c = 0; c < 30; c++)
      for (let k = 0; k < 3; k++)
        sameDay.push({ itemId: `today-${c}`, rating: k === 0 ? 1 : 3, at: Date.UTC(2026, 2, 1, 9, k) });
    const reviews = [...simulatedLog(60, 8), ...sameDay];
    const out = await optimizeParameters({
      reviews: encodeReviews(reviews),
      timeZone: 'UTC',
      rolloverHour: 4,
      current: null,
    });
    expect(out.kind === 'improved' || out.kind === 'kept').toBe(true);
    expect(out.reviews).toBe(reviews.length);
  });
});
