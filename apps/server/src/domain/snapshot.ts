// One consistent read: the content pull (features/sync) and the progress pull (features/progress) each
// read their pages in one snapshot, so a page never mixes rows of two commits.
import type { Database, Tx } from '../db/client.ts';

/** Runs `work` in one REPEATABLE READ, READ ONLY snapshot. */
export const inSnapshot = <T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> =>
  db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
