// A student's own Anki progress (issue 20): the answer of Account → 'Import Anki progress' and the texts
// the import and the progress export say.
import { z } from 'zod';

export const ankiProgressImportResponseSchema = z.object({
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
  exportButton: 'Export my progress (.apkg)',
  exportDone: (deck: string) => `Your progress on "${deck}" was saved as an Anki package.`,
  exportFailed: 'Could not export your progress. Check your connection and try again.',
  /** After an export while this device still holds study changes the server has not taken yet. */
  exportPending: (n: number) =>
    `${plural(n, 'study change', 'study changes')} on this device could not be sent yet, so the file may not include your latest reviews. Try again once they have synced.`,
} as const;
