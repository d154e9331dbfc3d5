// Switching scheduler (issue 18, Account → Scheduler): what one card's state becomes. SM-2 → FSRS gives
// a reviewed card its memory state (replayed from its history here, else derived when read: scheduler
// `fsrsMemory`); due dates are kept unless 'Reschedule all cards'.
import type { Rating } from './srs.ts';
import {
  FSRS_DEFAULT_PARAMETERS,
  convertToFsrs,
  replayCard,
  type CardState,
  type ReviewScheduler,
  type SchedulerKind,
} from './scheduler.ts';

const DAY_MS = 86_400_000;
/** ts-fsrs's default maximum interval (days). */
const MAX_INTERVAL_DAYS = 36_500;

export type SchedulerSwitch = {
  from: SchedulerKind;
  /** The scheduler in force after the switch (with its retention, steps and parameters). */
  to: ReviewScheduler;
  /** 'Reschedule all cards': due dates recomputed by the new scheduler. */
  reschedule: boolean;
};

/** A card's reviews as this device knows them, oldest first; `complete`: they start from a new card. */
export type LocalHistory = { complete: boolean; reviews: { at: number; rating: Rating }[] };

/** Whether switching changes anything at all (else no card is read). */
export const switchTouchesCards = (s: SchedulerSwitch): boolean =>
  s.reschedule || (s.from === 'sm2' && s.to.scheduler === 'fsrs');

/**
 * FSRS-6's interval (whole days, at least 1) at which the recall probability falls to `retention` for
 * a memory of `stability` days — ts-fsrs `next_interval` without fuzz.
 */
export function fsrsIntervalDays(
  stability: number,
  retention: number,
  parameters: readonly number[] | null = null,
): number {
  const w20 = (parameters ?? FSRS_DEFAULT_PARAMETERS)[20] ?? (FSRS_DEFAULT_PARAMETERS[20] as number);
  const decay = -w20;
  const factor = Math.pow(0.9, 1 / decay) - 1;
  const modifier = (Math.pow(retention, 1 / decay) - 1) / factor;
  return Math.min(Math.max(1, Math.round(stability * modifier)), MAX_INTERVAL_DAYS);
}

const sameMs = (a: Date | null | undefined, b: Date | null | undefined) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether two states schedule the same (nothing to write). */
function unchanged(a: CardState, b: CardState): boolean {
  return (
    a.easeFactor === b.easeFactor &&
    a.interval === b.interval &&
    sameMs(a.dueDate, b.dueDate) &&
    (a.stability ?? null) === (b.stability ?? null) &&
    (a.difficulty ?? null) === (b.difficulty ?? null) &&
    a.learningState === b.learningState &&
    a.learningStep === b.learningStep &&
    sameMs(a.lastReview, b.lastReview) &&
    a.reps === b.reps &&
    a.lapses === b.lapses
  );
}

/**
 * One card's state after the switch, or null when it stays as it is. Cards never reviewed (no due
 * date) are left alone: they start as new cards under either scheduler. SM-2 → FSRS with due dates kept
 * changes only a card whose whole history is at hand (replayed under FSRS): any other card's memory is
 * derived from its SM-2 state when read (scheduler `fsrsMemory`), the same figures a write would hold.
 */
export function switchCard<S extends CardState>(
  state: S,
  cardId: string,
  change: SchedulerSwitch,
  history: LocalHistory | null = null,
): S | null {
  if (!state.dueDate) return null;
  const to = change.to;
  let next: S = state;
  if (to.scheduler === 'fsrs') {
    if (change.from === 'sm2' && history?.complete && history.reviews.length)
      next = convertToFsrs(state, cardId, to, history.reviews);
    // Rescheduling writes the card anyway: with its memory, derived where it has none.
    if (change.reschedule && next.stability == null) next = convertToFsrs(next, cardId, to);
    if (change.reschedule && next.stability != null && next.learningState === 'review') {
      const last = next.lastReview ?? new Date(state.dueDate.getTime() - state.interval * 1000);
      const days = fsrsIntervalDays(next.stability, to.desiredRetention, to.parameters);
      next = { ...next, interval: days * 86_400, dueDate: new Date(last.getTime() + days * DAY_MS) };
    }
  } else if (change.reschedule && history?.complete && history.reviews.length) {
    // Back to SM-2: its ease and interval from the card's reviews, where this device has them all.
    const replayed = replayCard(
      cardId,
      history.reviews.map((r) => ({ kind: 'review', at: r.at, rating: r.rating, scheduler: to })),
    );
    if (replayed)
      next = {
        ...state,
        easeFactor: replayed.easeFactor,
        interval: replayed.interval,
        dueDate: replayed.dueDate,
      };
  }
  return unchanged(state, next) ? null : next;
}
