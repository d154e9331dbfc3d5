// Account → 'Import Anki progress' (issue 20): the student's own .apkg / .colpkg is read off the event
// loop, its cards are matched to the Zan cards imported from the same Anki notes that the student can
// see, and their scheduling and reviews go through the ordinary progress upload (progress-import-ops.ts),
// so they sync like any other progress. Any verified user may import their own progress.
import { MSG, type Actor, type AnkiProgressImportResponse, type ProgressOp } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { badRequest, tooManyRequests } from '../../errors.ts';
import { hit } from '../../platform/rate-limit.ts';
import { readAnkiPackageOffThread, type AnkiSource } from './read-off-thread.ts';
import { ANKI_IMPORT_DEVICE, ankiProgressPlan } from './progress-import-ops.ts';
import { ankiProgressRepository as repo } from './progress-import-repository.ts';

/**
 * The ordinary progress upload (features/sync progress-service.ts `push`, wired in app.ts): one
 * transaction, the student's storage quota, the progress clock and the live event.
 */
export type ProgressPush = (
  actor: Actor,
  body: { deviceId: string; ops: ProgressOp[] },
  opts: { window: false },
) => Promise<{ rejected: readonly { opId: string; reason: string }[] }>;

/**
 * Imports per student: a whole Anki history is one import, so it is not counted op by op against the
 * hourly progress-upload window (a few years of reviews passed it); this bounds how often it runs.
 */
export const ANKI_PROGRESS_RATE = { max: 10, windowSeconds: 3600 } as const;

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
      // Only the collection: its media (a whole collection's may be far larger) are never read.
      const read = await readAnkiPackageOffThread(source, { allowCollection: true, fileName, media: false });
      if ('error' in read) throw badRequest(read.error.message, 'ANKI_PACKAGE');
      const pkg = read.package;
      const keys = new Map<string, { noteId: string; ord: number }>();
      for (const c of pkg.cards) keys.set(`${c.noteId}:${c.ord}`, { noteId: String(c.noteId), ord: c.ord });
      const matches = await repo.matches(deps.db, actor, [...keys.values()]);
      const plan = ankiProgressPlan(pkg, matches, deps.now?.() ?? Date.now());
      if (plan.ops.length) {
        const pushed = await deps.push(
          actor,
          { deviceId: ANKI_IMPORT_DEVICE, ops: plan.ops },
          { window: false },
        );
        // The ops are built here from a package already read: a refusal is a bug, never the student's.
        if (pushed.rejected.length)
          throw new Error(`Anki progress ops refused: ${pushed.rejected[0]!.reason}`);
      }
      return { matched: plan.matched, unmatched: plan.unmatched, cards: plan.cards, reviews: plan.reviews };
    },
  };
}
