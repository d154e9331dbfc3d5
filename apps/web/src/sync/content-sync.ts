// Content pull (ARCHITECTURE §5, SPEC §4 Sync): a delta from the stored cursor when 'globalSync'
// metadata exists for this user, otherwise a full reconcile from the start (last-sync 0). Pages are
// fetched first and then written, each with its cursor in one transaction. reset wipes and restarts.
import { SYNC_PAGE_SIZE } from '@zan/core';
import { applyContentPage, emptyIdSets, wipeContent, type IdSets } from '../local/content.ts';
import { GLOBAL_SYNC_ID, getGlobalSync, type GlobalSyncMeta } from '../local/sync-meta.ts';
import type { SyncContext } from './context.ts';

export type ContentSyncMode = 'delta' | 'full';
/** The empty cursor means "from the start": the spec's full sync with a last-sync time of 0. */
export const START_CURSOR = '';
const MAX_RESETS = 2;

/** Which sync a request becomes: full when asked, never synced, or a reconcile was interrupted. */
export async function chooseMode(ctx: SyncContext, requested: ContentSyncMode): Promise<ContentSyncMode> {
  if (requested === 'full') return 'full';
  const meta = await getGlobalSync(ctx.db, ctx.user().uid);
  return meta && !meta.reconciling ? 'delta' : 'full';
}

/** Pulls until the server has nothing more; returns the mode that ran. */
export async function pullContent(
  ctx: SyncContext,
  requested: ContentSyncMode,
  touch: () => Promise<void> = async () => undefined,
): Promise<ContentSyncMode> {
  const { db } = ctx;
  const ownerId = ctx.user().uid;
  const meta = await getGlobalSync(db, ownerId);
  let mode = await chooseMode(ctx, requested);
  let cursor = mode === 'delta' && meta ? meta.cursor : START_CURSOR;
  let visibleSet = mode === 'delta' ? meta?.visibleSet : undefined;
  let seen: IdSets | null = mode === 'full' ? emptyIdSets() : null;
  let resets = 0;

  for (;;) {
    const page = await ctx.api.contentPage({ cursor, visibleSet, limit: SYNC_PAGE_SIZE });
    if (page.reset) {
      if (++resets > MAX_RESETS) throw new Error('Content sync kept answering reset');
      await wipeContent(db);
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
    const previous = meta?.lastSuccessfulTimestamp;
    if (last) next.lastSuccessfulTimestamp = ctx.now();
    else if (previous !== undefined) next.lastSuccessfulTimestamp = previous;
    await applyContentPage(db, page, next, last ? seen : null);
    if (last) return mode;
    await touch();
    cursor = page.cursor;
    visibleSet = page.visibleSet;
  }
}
