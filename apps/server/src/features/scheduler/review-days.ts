// The FSRS optimizer's view of a student's review log (issue 18): each card's reviews in time order,
// as ratings 1–4 with the number of days since the card's previous review, the days counted in the
// student's time zone from their day rollover hour (as Anki buckets reviews; core study-day.ts).
import { studyDayNumber, zoneClock } from '@zan/core';

/** One flashcard review from the log: the card, Again 1 … Easy 4, and when (epoch ms). */
export type LoggedReview = { readonly itemId: string; readonly rating: number; readonly at: number };
/**
 * Reviews as one JSON text of [itemId, rating, at] triples: what PostgreSQL builds for a fit
 * (optimizer-repository.ts reviewsToFit), so the event loop holds one string, not an object per review,
 * and hands it to the optimizer's process as it is.
 */
export const encodeReviews = (reviews: readonly LoggedReview[]): string =>
  JSON.stringify(reviews.map((r) => [r.itemId, r.rating, r.at]));
export const decodeReviews = (text: string): LoggedReview[] =>
  (JSON.parse(text) as [string, number, number][]).map(([itemId, rating, at]) => ({ itemId, rating, at }));
/** A review as the optimizer takes it: its rating and whole days since the card's previous review. */
export type DayReview = { readonly rating: number; readonly deltaT: number };

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
        const day = studyDayNumber(r.at, format, rolloverHour);
        const deltaT = i === 0 ? 0 : day - prev;
        prev = day;
        return { rating: r.rating, deltaT };
      }),
    );
  }
  return out;
}
