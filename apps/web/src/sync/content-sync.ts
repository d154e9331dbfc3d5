// Content pull (ARCHITECTURE §5, SPEC §4 Sync): a delta from the stored cursor when 'globalSync'
// metadata exists for this user, otherwise a full reconcile from the start (last-sync 0). Pages are
// fetched first and then written, each with its cursor in one transaction. reset restarts from the
// start as a reconcile: what the server still sends stays (with its downloaded content), the rest goes.
import { SYNC_PAGE_SIZE, type SyncHeads } from '@zan/core';
import { applyContentPage, emptyIdSets, type IdSets } from '../local/content.ts';
import { GLOBAL_SYNC_ID, type GlobalSyncMeta } from '../local/db.ts';
import { getGlobalSync } from '../local/sync-meta.ts';
import type { SyncContext } from './engine-context.ts';

export type ContentSyncMode = 'delta' | 'full';
/** The empty cursor means "from the start": the spec's full sync with a last-sync time of 0. */
const START_CURSOR = '';
const MAX_RESETS = 2;

export type ContentPullResult = {
  /** The mode that ran. */
  mode: ContentSyncMode;
  /** Where the other streams end (from the last page); null from a server that does not send them. */
  heads: SyncHeads | null;
  /** The lastSuccessfulTimestamp just stored. */
  syncedAt: number;
};

const modeFor = (requested: ContentSyncMode, meta: GlobalSyncMeta | null): ContentSyncMode =>
  requested === 'full' ? 'full' : meta && !meta.reconciling ? 'delta' : 'full';

/** Pulls until the server has nothing more. */
export async function pullContent(
  ctx: SyncContext,
  requested: ContentSyncMode,
  touch: () => Promise<void> = async () => undefined,
): Promise<ContentPullResult> {
  const { db } = ctx;
  const ownerId = ctx.user().uid;
  const meta = await getGlobalSync(db, ownerId);
  let mode = modeFor(requested, meta);
  let cursor = mode === 'delta' && meta ? meta.cursor : START_CURSOR;
  let visibleSet = mode === 'delta' ? meta?.visibleSet : undefined;
  let seen: IdSets | null = mode === 'full' ? emptyIdSets() : null;
  let resets = 0;
  let appliedVersion = meta?.appliedVersion ?? 0;

  for (;;) {
    const page = await ctx.api.contentPage({ cursor, visibleSet, limit: SYNC_PAGE_SIZE });
    if (page.reset) {
      if (++resets > MAX_RESETS) throw new Error('Content sync kept answering reset');
      // Only the content stream deletes: a reset reconciles, so still-visible topics keep their content.
      mode = 'full';
      cursor = START_CURSOR;
      visibleSet = undefined;
      seen = emptyIdSets();
      continue;
    }
    if (seen) {
      for (const m of page.modules) seen.modules.add(m.id);
      for (const s of page.subjects) seen.subjects.add(s.id);
      for (const t of page.topics) seen.topics.add(t.id);
    }
    const last = !page.hasMore;
    if (!last && page.cursor === cursor) throw new Error('Content sync cursor did not advance');
    const next: GlobalSyncMeta = {
      id: GLOBAL_SYNC_ID,
      ownerId,
      cursor: page.cursor,
      visibleSet: page.visibleSet,
      reconciling: mode === 'full' && !last,
    };
    appliedVersion = Math.max(appliedVersion, page.version ?? 0);
    if (appliedVersion) next.appliedVersion = appliedVersion;
    const previous = meta?.lastSuccessfulTimestamp;
    const syncedAt = last ? ctx.now() : previous;
    if (syncedAt !== undefined) next.lastSuccessfulTimestamp = syncedAt;
    await applyContentPage(db, page, next, last ? seen : null);
    if (last) return { mode, heads: page.heads ?? null, syncedAt: syncedAt ?? ctx.now() };
    await touch();
    cursor = page.cursor;
    visibleSet = page.visibleSet;
  }
}
