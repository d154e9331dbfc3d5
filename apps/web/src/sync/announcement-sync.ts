// Announcement pull (SPEC §4 Sync): from the stored cursor, page by page (each with its cursor in one
// transaction); expired and archived announcements are deleted locally, online or not. The pull sends
// the visible set it holds; a reset (role, college or year changed) pulls from the start and keeps only
// what that pull sends.
import type { SyncHeads } from '@zan/core';
import { applyAnnouncementPage, removeStaleAnnouncements } from '../local/announcement-store.ts';
import { getAnnouncementSync } from '../local/sync-meta.ts';
import { isOnline, type SyncContext } from './engine-context.ts';

export async function pullAnnouncements(
  ctx: SyncContext,
  touch: () => Promise<void> = async () => undefined,
): Promise<void> {
  const { db } = ctx;
  const ownerId = ctx.user().uid;
  await removeStaleAnnouncements(db, ctx.now());
  if (!isOnline()) return;
  const meta = await getAnnouncementSync(db, ownerId);
  // An interrupted reset starts again from the beginning.
  let cursor = meta && !meta.reconciling ? meta.cursor : '';
  let visibleSet = meta && !meta.reconciling ? meta.visibleSet : undefined;
  let seen: Set<string> | null = meta && !meta.reconciling ? null : new Set();
  for (let resets = 0; ;) {
    const page = await ctx.api.announcements(cursor, visibleSet);
    if (page.reset) {
      if (++resets > 2) throw new Error('Announcement sync kept answering reset');
      cursor = '';
      visibleSet = undefined;
      seen = new Set();
      continue;
    }
    if (seen) for (const a of page.announcements) seen.add(a.id);
    await applyAnnouncementPage(db, page, ownerId, ctx.now(), seen);
    if (!page.hasMore) break;
    if (page.cursor === cursor) throw new Error('Announcement sync cursor did not advance');
    await touch();
    cursor = page.cursor;
    visibleSet = page.visibleSet ?? visibleSet;
  }
  await removeStaleAnnouncements(db, ctx.now());
}

/**
 * True when the stored announcement cursor is already `head` (the content pull's heads.announcements):
 * a pull would bring nothing, so the engine only runs the local expiry cleanup.
 */
export async function announcementsAtHead(ctx: SyncContext, heads: SyncHeads): Promise<boolean> {
  const meta = await getAnnouncementSync(ctx.db, ctx.user().uid);
  if (meta?.reconciling) return false;
  if (heads.announcementsVisibleSet !== undefined && meta?.visibleSet !== heads.announcementsVisibleSet)
    return false;
  return (meta?.cursor ?? '') === heads.announcements;
}

/** The local half of an announcement sync: expired and archived ones go, no request. */
export async function cleanUpAnnouncements(ctx: SyncContext): Promise<void> {
  await removeStaleAnnouncements(ctx.db, ctx.now());
}
