// The daily limits across devices (issue 18): the flashcards the student's other devices answered since
// their day started, from the review log, so 'New cards per day' and 'Maximum reviews per day' count every
// session of the day, not only this device's.
import type { Actor, DayTallyQuery, DayTallyResponse } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { reviewLogRepository } from './review-log-repository.ts';

/** A study day is at most a day long; two cover any time zone and rollover hour. */
const MAX_BACK_MS = 2 * 86_400_000;

export function dayTallyService({ db, now = () => Date.now() }: { db: Database; now?: () => number }) {
  return {
    async get(actor: Actor, query: DayTallyQuery): Promise<DayTallyResponse> {
      const since = Math.max(query.since, now() - MAX_BACK_MS);
      const answers = await reviewLogRepository.dayAnswers(db, actor.id, since, query.deviceId);
      return {
        since,
        newCardIds: answers.filter((a) => a.isNew).map((a) => a.itemId),
        reviewedCardIds: answers.filter((a) => !a.isNew).map((a) => a.itemId),
      };
    },
  };
}
