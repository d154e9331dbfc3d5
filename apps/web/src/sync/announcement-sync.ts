// Announcement pull (SPEC §4 Sync): from the stored cursor, page by page (each with its cursor in one
// transaction); expired and archived announcements are deleted locally, online or not.
import { applyAnnouncementPage, removeStaleAnnouncements } from '../local/announcement-store.ts';
import { getAnnouncementSync } from '../local/sync-meta.ts';
import { isOnline, type SyncContext } from './context.ts';

export async function pullAnnouncements(ctx: SyncContext, touch: () => Promise<void> = async () => undefined): Promise<void> {
  const { db } = ctx;
  const ownerId = ctx.user().uid;
  await removeStaleAnnouncements(db, ctx.now());
  if (!isOnline()) return;
  let cursor = (await getAnnouncementSync(db, ownerId))?.cursor ?? '';
  for (;;) {
    const page = await ctx.api.announcements(cursor);
    await applyAnnouncementPage(db, page, ownerId, ctx.now());
    if (!page.hasMore) break;
    if (page.cursor === cursor) throw new Error('Announcement sync cursor did not advance');
    await touch();
    cursor = page.cursor;
  }
  await removeStaleAnnouncements(db, ctx.now());
}

/**
 * True when the stored announcement cursor is already `head` (the content pull's heads.announcements):
 * a pull would bring nothing, so the engine only runs the local expiry cleanup.
 */
export async function announcementsAtHead(ctx: SyncContext, head: string): Promise<boolean> {
  const meta = await getAnnouncementSync(ctx.db, ctx.user().uid);
  return (meta?.cursor ?? '') === head;
}

/** The local half of an announcement sync: expired and archived ones go, no request. */
export async function cleanUpAnnouncements(ctx: SyncContext): Promise<void> {
  await removeStaleAnnouncements(ctx.db, ctx.now());
}
