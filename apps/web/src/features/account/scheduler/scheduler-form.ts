// Account → Scheduler's form (issue 18): the fields as typed (strings), read into the settings they
// change — with a clear message per field — and the switch that saving makes (core switchCard).
import {
  MSG,
  SCHEDULER_LIMITS,
  parseSteps,
  reviewSchedulerOf,
  type SchedulerKind,
  type SchedulerSettings,
  type SchedulerSwitch,
} from '@zan/core';

export type SchedulerDraft = {
  scheduler: SchedulerKind;
  /** Percent, as typed. */
  retention: string;
  learningSteps: string;
  relearningSteps: string;
  newPerDay: string;
  maxReviewsPerDay: string;
  dayRolloverHour: string;
  /** 'Reschedule all cards' (off unless the student asks; not a setting: it applies to this save). */
  reschedule: boolean;
};
export type DraftField = Exclude<keyof SchedulerDraft, 'scheduler' | 'reschedule'>;
/** What the form saves: the settings it owns (the rest — parameters, keep modules — stays as stored). */
export type SchedulerPatch = Pick<
  SchedulerSettings,
  'scheduler' | 'newPerDay' | 'maxReviewsPerDay' | 'dayRolloverHour'
> & {
  /** FSRS's fields; null with SM-2 (the stored ones stay: an unfinished edit of them is not saved). */
  fsrs: Pick<SchedulerSettings, 'desiredRetention' | 'learningSteps' | 'relearningSteps'> | null;
};
export type DraftErrors = Partial<Record<DraftField, string>>;

const LIMITS = { newPerDay: 9999, maxReviewsPerDay: 99_999 } as const;
const pct = (x: number) => Math.round(x * 1000) / 10;

export function draftOf(s: SchedulerSettings): SchedulerDraft {
  return {
    scheduler: s.scheduler,
    retention: String(pct(s.desiredRetention)),
    learningSteps: s.learningSteps,
    relearningSteps: s.relearningSteps,
    newPerDay: String(s.newPerDay),
    maxReviewsPerDay: String(s.maxReviewsPerDay),
    dayRolloverHour: String(s.dayRolloverHour),
    reschedule: false,
  };
}

const tidySteps = (text: string) => text.trim().split(/\s+/).filter(Boolean).join(' ');

const wholeIn = (text: string, max: number): number | null => {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= max ? n : null;
};

/** The retention typed as a percent (70–97), or null. */
export function retentionOf(text: string): number | null {
  const t = text.trim().replace(/\s*%$/, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const x = Math.round(Number(t) * 10) / 1000;
  return x >= SCHEDULER_LIMITS.minRetention && x <= SCHEDULER_LIMITS.maxRetention ? x : null;
}

/** The draft read: the patch to save, or a message for each field that is not right. */
export function readDraft(
  d: SchedulerDraft,
): { ok: true; patch: SchedulerPatch } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const retention = retentionOf(d.retention);
  const fsrs = d.scheduler === 'fsrs';
  if (fsrs && retention === null) errors.retention = MSG.retentionRange;
  if (fsrs && parseSteps(d.learningSteps) === null) errors.learningSteps = MSG.stepsInvalid;
  if (fsrs && parseSteps(d.relearningSteps) === null) errors.relearningSteps = MSG.stepsInvalid;
  const newPerDay = wholeIn(d.newPerDay, LIMITS.newPerDay);
  if (newPerDay === null) errors.newPerDay = MSG.limitInvalid('New cards per day', LIMITS.newPerDay);
  const maxReviews = wholeIn(d.maxReviewsPerDay, LIMITS.maxReviewsPerDay);
  if (maxReviews === null)
    errors.maxReviewsPerDay = MSG.limitInvalid('Maximum reviews per day', LIMITS.maxReviewsPerDay);
  const hour = wholeIn(d.dayRolloverHour, 23);
  if (hour === null) errors.dayRolloverHour = MSG.limitInvalid('The hour a day starts', 23);
  if (Object.keys(errors).length || newPerDay === null || maxReviews === null || hour === null)
    return { ok: false, errors };
  return {
    ok: true,
    patch: {
      scheduler: d.scheduler,
      fsrs:
        fsrs && retention !== null
          ? {
              desiredRetention: retention,
              learningSteps: tidySteps(d.learningSteps),
              relearningSteps: tidySteps(d.relearningSteps),
            }
          : null,
      newPerDay,
      maxReviewsPerDay: maxReviews,
      dayRolloverHour: hour,
    },
  };
}

/** The settings after saving the patch onto what is stored now (SM-2 keeps the stored FSRS fields). */
export function applyPatch(stored: SchedulerSettings, patch: SchedulerPatch): SchedulerSettings {
  return {
    ...stored,
    ...patch.fsrs,
    scheduler: patch.scheduler,
    newPerDay: patch.newPerDay,
    maxReviewsPerDay: patch.maxReviewsPerDay,
    dayRolloverHour: patch.dayRolloverHour,
  };
}

/** The cards' switch a save makes (from the stored settings to the new ones). */
export const switchOf = (
  from: SchedulerSettings,
  to: SchedulerSettings,
  reschedule: boolean,
): SchedulerSwitch => ({ from: from.scheduler, to: reviewSchedulerOf(to), reschedule });

/** Whether the draft differs from what is stored (the Save button's 'unsaved' state). */
export const draftChanged = (d: SchedulerDraft, s: SchedulerSettings): boolean => {
  const base = draftOf(s);
  return (Object.keys(base) as (keyof SchedulerDraft)[]).some((k) => d[k] !== base[k]);
};
