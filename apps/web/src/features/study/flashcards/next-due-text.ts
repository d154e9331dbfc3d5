// 'The next card is due …' on the Complete screens (issue 18): today / tomorrow at a time, else a date.
import { MSG } from '@zan/core';

const time = (d: Date) => d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
const dayOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** When a card is due, as a sentence ends: 'today at 14:05', 'tomorrow at 09:00', 'on 3 Mar'. */
export function dueWhen(due: Date, now: Date): string {
  const days = Math.round((dayOf(due) - dayOf(now)) / 86_400_000);
  return days <= 0
    ? `today at ${time(due)}`
    : days === 1
      ? `tomorrow at ${time(due)}`
      : `on ${due.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: due.getFullYear() === now.getFullYear() ? undefined : 'numeric' })}`;
}

export function nextDueText(due: Date | null, now: Date): string {
  return due ? MSG.nextCardDue(dueWhen(due, now)) : MSG.noCardScheduled;
}
