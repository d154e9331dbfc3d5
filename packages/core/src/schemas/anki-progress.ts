// A student's own Anki progress (issue 20): the answer of Account → 'Import Anki progress' and the texts
// the import and the progress export say.
import { z } from 'zod';
import { ankiImportJobParamsSchema } from './anki-import.ts';

const ankiProgressImportResponseSchema = z.object({
  /** Anki cards of the package that matched a Zan card the student can see (same note id and ordinal). */
  matched: z.number().int().min(0),
  /** Anki cards that matched none. */
  unmatched: z.number().int().min(0),
  /** Zan cards that took a scheduling (a card imported twice into Zan takes it twice). */
  cards: z.number().int().min(0),
  /** Reviews added to the student's review log. */
  reviews: z.number().int().min(0),
});
export type AnkiProgressImportResponse = z.infer<typeof ankiProgressImportResponseSchema>;

/**
 * Issue 32: the import is a job any server instance runs — POST answers it queued (202), GET follows it:
 * queued (`ahead` jobs of the college before it), running (`progress` 0–1), then done with its summary,
 * failed with why (the package reader's sentence, or that it failed; `canRetry`: 'Try again' without a new
 * upload), or cancelled.
 */
export const ankiProgressJobSchema = z.object({
  jobId: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']),
  ahead: z.number().int().nullable(),
  progress: z.number(),
  canRetry: z.boolean(),
  result: ankiProgressImportResponseSchema.nullable(),
  error: z.string().nullable(),
});
export type AnkiProgressJob = z.infer<typeof ankiProgressJobSchema>;
export const ankiProgressJobParamsSchema = ankiImportJobParamsSchema;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export const ANKI_PROGRESS_MESSAGES = {
  importTitle: 'Import Anki progress',
  importHint:
    'Studied your college’s deck in Anki? Upload your own .apkg or .colpkg: the cards Zan imported from the same Anki notes take your Anki scheduling and review history.',
  importButton: 'Choose an Anki file…',
  importing: 'Reading your Anki file…',
  summary: (r: { matched: number; unmatched: number }) =>
    `${plural(r.matched, 'card matched', 'cards matched')}, ${r.unmatched.toLocaleString('en')} did not.`,
  noMatch:
    'None of the cards in this file came from a deck your college imported from Anki, so nothing changed.',
  failed: 'Could not import this Anki file. Check your connection and try again.',
  /** Issue 32: the job's states and buttons. */
  queued: (ahead: number) =>
    ahead === 0
      ? 'Queued: starting in a moment.'
      : `Queued: ${ahead} ${ahead === 1 ? 'import' : 'imports'} ahead of yours.`,
  reading: (percent: number) => `Reading your Anki file… ${percent} %`,
  cancel: 'Cancel import',
  cancelled: 'Import cancelled. Nothing changed.',
  retry: 'Try again',
  jobFailed: 'The import failed; nothing changed. Try again.',
  retryExpired: 'This Anki file is no longer kept. Choose it again.',
  jobNotFound: 'This Anki import is no longer available. Choose the file again.',
  notCancellable: 'This Anki import has already finished.',
  notFailed: 'Only a failed import can be tried again.',
  exportButton: 'Export my progress (.apkg)',
  exportDone: (deck: string) => `Your progress on "${deck}" was saved as an Anki package.`,
  exportFailed: 'Could not export your progress. Check your connection and try again.',
  /** After an export while this device still holds study changes the server has not taken yet. */
  exportPending: (n: number) =>
    `${plural(n, 'study change', 'study changes')} on this device could not be sent yet, so the file may not include your latest reviews. Try again once they have synced.`,
  /**
   * Issue 38: a matched card (or one of its reviews) holds a value outside the range Anki itself uses
   * (400, nothing imported). `review`: the review's time (epoch ms) when the value is a review's.
   */
  outOfRange: (p: { card: number; field: AnkiProgressField; value: number; review: number | null }) =>
    `Anki card ${p.card}${p.review === null ? '' : ` (its review of ${new Date(p.review).toISOString().slice(0, 10)})`} has ${ANKI_PROGRESS_FIELDS[p.field]} ${Number.isFinite(p.value) ? p.value.toLocaleString('en', { maximumFractionDigits: 20 }) : String(p.value)}, outside the range Anki uses, so nothing was imported. Find it in Anki's Browse window by searching cid:${p.card}, fix or reset it (Tools → Check Database repairs most such values), then export again.`,
} as const;

/** The values of an Anki card and of its reviews an import checks, as `outOfRange` names them. */
const ANKI_PROGRESS_FIELDS = {
  type: 'card type',
  queue: 'queue',
  due: 'a due of',
  ivl: 'an interval of',
  factor: 'an ease factor of',
  reps: 'a review count of',
  lapses: 'a lapse count of',
  ease: 'answer button',
  reviewType: 'review type',
} as const;
export type AnkiProgressField = keyof typeof ANKI_PROGRESS_FIELDS;
