// Account → 'Import Anki progress' (issue 20): the student's own .apkg / .colpkg is read off the event
// loop, its cards are matched to the Zan cards imported from the same Anki notes that the student can
// see, and their scheduling and reviews go through the ordinary progress upload (progress-import-ops.ts),
// so they sync like any other progress. Any verified user may import their own progress.
import type { Actor, AnkiProgressImportResponse, ProgressOp } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { readAnkiPackageOffThread } from './read-off-thread.ts';
import { ANKI_IMPORT_DEVICE, ankiProgressPlan } from './progress-import-ops.ts';
import { ankiProgressRepository as repo } from './progress-import-repository.ts';

/**
 * The ordinary progress upload (features/sync progress-service.ts `push`, wired in app.ts): one
 * transaction, the student's quota, the progress clock and the live event.
 */
export type ProgressPush = (
  actor: Actor,
  body: { deviceId: string; ops: ProgressOp[] },
) => Promise<{ rejected: readonly { opId: string; reason: string }[] }>;

export function ankiProgressService(deps: { db: Database; push: ProgressPush; now?: () => number }) {
  return {
    async importPackage(
      actor: Actor,
      bytes: Uint8Array,
      fileName: string,
    ): Promise<AnkiProgressImportResponse> {
      const read = await readAnkiPackageOffThread(bytes, { allowCollection: true, fileName });
      if ('error' in read) throw badRequest(read.error.message, 'ANKI_PACKAGE');
      const pkg = read.package;
      const keys = new Map<string, { noteId: string; ord: number }>();
      for (const c of pkg.cards) keys.set(`${c.noteId}:${c.ord}`, { noteId: String(c.noteId), ord: c.ord });
      const matches = await repo.matches(deps.db, actor, [...keys.values()]);
      const plan = ankiProgressPlan(pkg, matches, deps.now?.() ?? Date.now());
      if (plan.ops.length) {
        const pushed = await deps.push(actor, { deviceId: ANKI_IMPORT_DEVICE, ops: plan.ops });
        // The ops are built here from a package already read: a refusal is a bug, never the student's.
        if (pushed.rejected.length)
          throw new Error(`Anki progress ops refused: ${pushed.rejected[0]!.reason}`);
      }
      return { matched: plan.matched, unmatched: plan.unmatched, cards: plan.cards, reviews: plan.reviews };
    },
  };
}
