// Announcements in the local store (SPEC §4 Sync): pulled pages applied with their cursor in one
// transaction; archived and expired ones (expiresAt in the past) are deleted locally.
import type { AnnouncementsPullResponse } from '@zan/core';
import { ANNOUNCEMENT_SYNC_ID, type AnnouncementSyncMeta, type ZanDb } from './db.ts';

/**
 * Applies one page with its cursor. `seen` (a pull from the start after a reset): the ids sent so far;
 * on its last page every local announcement not among them is removed (no longer visible).
 */
export async function applyAnnouncementPage(
  db: ZanDb,
  page: Pick<AnnouncementsPullResponse, 'announcements' | 'deleted' | 'cursor' | 'hasMore' | 'visibleSet'>,
  ownerId: string,
  now: number,
  seen: Set<string> | null = null,
): Promise<void> {
  const reconciling = seen !== null && page.hasMore;
  const meta: AnnouncementSyncMeta = {
    id: ANNOUNCEMENT_SYNC_ID,
    ownerId,
    cursor: page.cursor,
    lastSync: now,
    reconciling,
  };
  if (page.visibleSet !== undefined) meta.visibleSet = page.visibleSet;
  const archived = page.announcements.filter((a) => a.isArchived).map((a) => a.id);
  const live = page.announcements.filter((a) => !a.isArchived);
  await db.transaction('rw', db.announcements, db.announcementSyncMetadata, async () => {
    await db.announcements.bulkDelete([...page.deleted, ...archived]);
    await db.announcements.bulkPut(live);
    if (seen && !page.hasMore) {
      const stale = (await db.announcements.toCollection().primaryKeys()).filter((id) => !seen.has(id));
      await db.announcements.bulkDelete(stale);
    }
    await db.announcementSyncMetadata.put(meta);
  });
}

/** Deletes expired announcements (expiresAt < now) and any archived one; returns how many went. */
export async function removeStaleAnnouncements(db: ZanDb, now: number): Promise<number> {
  return db.transaction('rw', db.announcements, async () => {
    const expired = await db.announcements.where('expiresAt').below(now).delete();
    const archived = await db.announcements.filter((a) => a.isArchived).delete();
    return expired + archived;
  });
}
