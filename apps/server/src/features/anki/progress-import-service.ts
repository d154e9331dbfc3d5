// Account → 'Import Anki progress' (issue 20): the student's own .apkg / .colpkg is read off the event
// loop, its cards are matched to the Zan cards imported from the same Anki notes that the student can
// see, and their scheduling and reviews go through the progress upload (progress-import-ops.ts), so
// they sync like any other progress. Any verified user may import their own progress. Issue 38: the
// child that reads the package also checks every value against Anki's ranges and groups the reviews per
// card (progress-import-data.ts); here the event loop only matches cards, a chunk at a time, and hands
// the upload its ops batch by batch — a value out of range is a 400 naming it before anything is written.
import {
  ANKI_PROGRESS_MESSAGES,
  MSG,
  type Actor,
  type AnkiProgressImportResponse,
  type ProgressOp,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { badRequest, tooManyRequests } from '../../errors.ts';
import { hit } from '../../platform/rate-limit.ts';
import { readAnkiHistoryOffThread, type AnkiSource } from './read-off-thread.ts';
import {
  ANKI_IMPORT_DEVICE,
  ankiKey,
  ankiOpBatches,
  emptySummary,
  summarize,
} from './progress-import-ops.ts';
import { ankiProgressRepository as repo, type AnkiMatchRow } from './progress-import-repository.ts';

/**
 * The progress upload of a whole history (features/progress progress-service.ts `pushBatches`, wired in
 * app.ts): one transaction, the student's storage bounds, the progress clock and the live event; the
 * batches are taken one at a time.
 */
export type ProgressPush = (
  actor: Actor,
  upload: { deviceId: string; batches: Iterable<readonly ProgressOp[]> },
) => Promise<void>;

/**
 * Imports per student: a whole Anki history is one import, so it is not counted op by op against the
 * hourly progress-upload window (a few years of reviews passed it); this bounds how often it runs.
 */
export const ANKI_PROGRESS_RATE = { max: 10, windowSeconds: 3600 } as const;

/** Ops per batch handed to the upload (it reserves storage a batch at a time and applies it in runs). */
const BATCH = 2000;

export function ankiProgressService(deps: { db: Database; push: ProgressPush; now?: () => number }) {
  return {
    async importPackage(
      actor: Actor,
      source: AnkiSource,
      fileName: string,
    ): Promise<AnkiProgressImportResponse> {
      const { allowed, retryAfter } = await hit(deps.db, `zan:anki-progress:${actor.id}`, ANKI_PROGRESS_RATE);
      if (!allowed)
        throw tooManyRequests(MSG.ankiProgressLimited(retryAfter), retryAfter, 'ANKI_PROGRESS_LIMITED');
      const at = deps.now?.() ?? Date.now();
      // Only the collection: its media (a whole collection's may be far larger) are never read.
      const read = await readAnkiHistoryOffThread(source, at, { allowCollection: true, fileName });
      if ('error' in read) throw badRequest(read.error.message, 'ANKI_PACKAGE');
      // A chunk's cards matched in one statement (a chunk is a few thousand cards at most).
      const matches = new Map<string, AnkiMatchRow[]>();
      const summary = emptySummary();
      for (const chunk of read.chunks) {
        const keys = new Map<string, { noteId: string; ord: number }>();
        for (const c of chunk.cards)
          if (!matches.has(ankiKey(c))) keys.set(ankiKey(c), { noteId: String(c.noteId), ord: c.ord });
        for (const m of await repo.matches(deps.db, actor, [...keys.values()])) {
          const k = ankiKey({ noteId: m.ankiNoteId, ord: m.ankiOrd });
          const list = matches.get(k);
          if (list) list.push(m);
          else matches.set(k, [m]);
        }
        summarize(summary, chunk, matches);
      }
      if (summary.problem)
        throw badRequest(ANKI_PROGRESS_MESSAGES.outOfRange(summary.problem), 'ANKI_PROGRESS_RANGE');
      if (summary.cards)
        await deps.push(actor, {
          deviceId: ANKI_IMPORT_DEVICE,
          batches: ankiOpBatches(read.chunks, matches, at, BATCH),
        });
      return {
        matched: summary.matched,
        unmatched: summary.unmatched,
        cards: summary.cards,
        reviews: summary.reviews,
      };
    },
  };
}
