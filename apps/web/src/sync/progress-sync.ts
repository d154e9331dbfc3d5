// Progress upload and pull (ARCHITECTURE §5). Upload drains the outbox oldest first in batches (by count
// and by bytes); only the operations the server acknowledged are deleted, so a failure loses nothing and
// a retry resends the same opIds (the server is idempotent). Pull merges records, sessions and
// question-bank blocks since the stored clock.
import { deleteAcknowledged, outboxCount, readOutbox } from '../local/outbox.ts';
import { mergePulledProgress } from '../local/progress-merge.ts';
import { getProgressVersion } from '../local/sync-meta.ts';
import type { SyncContext } from './engine-context.ts';

const UPLOAD_BATCH = 200;
/**
 * A batch also stays under this many bytes of JSON: the server takes bodies up to 1 MB, and a
 * question-bank block op (issue 19) is up to ~30 KB, so 200 of them would not fit. A batch holds at
 * least one op (one op is far below the limit).
 */
export const UPLOAD_MAX_BYTES = 768 * 1024;
const encoder = new TextEncoder();

/** The longest head of `entries` whose ops stay within `maxBytes` of JSON (at least one). */
export function withinBytes<T extends { op: unknown }>(entries: readonly T[], maxBytes: number): T[] {
  let bytes = 0;
  let n = 0;
  for (const e of entries) {
    bytes += encoder.encode(JSON.stringify(e.op)).length + 1;
    if (n > 0 && bytes > maxBytes) break;
    n++;
  }
  return entries.slice(0, n);
}
const MAX_PULL_PAGES = 1000;

export type UploadResult = { uploaded: number; remaining: boolean };

/**
 * Uploads until the outbox is empty. Throws on a failed request (nothing deleted for that batch);
 * stops with remaining = true when the server acknowledged none of a batch.
 */
export async function uploadOutbox(
  ctx: SyncContext,
  deviceId: string,
  batch = UPLOAD_BATCH,
  maxBytes = UPLOAD_MAX_BYTES,
): Promise<UploadResult> {
  let uploaded = 0;
  for (;;) {
    const entries = withinBytes(await readOutbox(ctx.db, batch), maxBytes);
    if (entries.length === 0) return { uploaded, remaining: false };
    const { accepted, rejected = [] } = await ctx.api.pushProgress(
      deviceId,
      entries.map((e) => e.op),
    );
    const sent = new Set(entries.map((e) => e.opId));
    const acked = accepted.filter((id) => sent.has(id));
    // A rejected op is set aside (kept, counted, exported) and never blocks the ops behind it.
    const refused = rejected.filter((r) => sent.has(r.opId));
    await deleteAcknowledged(ctx.db, acked, refused, ctx.now());
    uploaded += acked.length;
    if (acked.length + refused.length < entries.length) return { uploaded, remaining: true };
  }
}

/** Pulls progress changed since the stored clock and merges it, page by page. */
export async function pullProgress(ctx: SyncContext): Promise<number> {
  const uid = ctx.user().uid;
  let merged = 0;
  for (let i = 0; i < MAX_PULL_PAGES; i++) {
    const since = await getProgressVersion(ctx.db, uid);
    const page = await ctx.api.pullProgress(since);
    await mergePulledProgress(ctx.db, uid, page);
    merged += page.records.length + page.sessions.length;
    if (!page.hasMore || page.version <= since) break;
  }
  return merged;
}

/**
 * True when nothing waits for upload and the stored progress clock is at `head` (the content pull's
 * heads.progress) or past it: a progress sync would make no request worth making.
 */
export async function progressAtHead(ctx: SyncContext, head: number): Promise<boolean> {
  const { db } = ctx;
  const uid = ctx.user().uid;
  return db.transaction('r', [db.progressOutbox, db.syncMetadata], async () => {
    if ((await outboxCount(db)) > 0) return false;
    return (await getProgressVersion(db, uid)) >= head;
  });
}
