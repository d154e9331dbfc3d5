// The current card's 'Details' in the study page's right sidebar (issue 18): its reviews, lapses and due
// date, and with FSRS its memory — stability, difficulty and the chance of recalling it now.
import { fsrsMemory, retrievability, type ReviewScheduler } from '@zan/core';
import type { CardProgress } from '../study-types.ts';
import { dueWhen } from './next-due-text.ts';

export type DetailRow = readonly [label: string, value: string];

const UNKNOWN = 'Not known yet';

export function cardDetailRows(p: CardProgress | null, scheduler: ReviewScheduler, now: Date): DetailRow[] {
  if (!p) return [['Status', 'New card']];
  const rows: DetailRow[] = [
    ['Reviews', String(p.reps ?? 0)],
    ['Lapses', String(p.lapses ?? 0)],
    ['Due', p.isSuspended ? 'Suspended' : p.dueDate ? dueWhen(p.dueDate, now) : '—'],
  ];
  if (scheduler.scheduler !== 'fsrs') return rows;
  // A card SM-2 reviewed shows the memory derived from its ease and interval (nothing was written for it).
  const m = fsrsMemory(p, scheduler.parameters);
  const r = retrievability(p, now, scheduler.parameters);
  rows.push(
    ['Stability', m ? `${m.stability.toFixed(1)} days` : UNKNOWN],
    ['Difficulty', m ? `${m.difficulty.toFixed(1)} / 10` : UNKNOWN],
    ['Retrievability', r != null ? `${Math.round(r * 100)} %` : UNKNOWN],
  );
  return rows;
}
