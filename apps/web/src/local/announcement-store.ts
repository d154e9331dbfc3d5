// Announcements in the local store (SPEC §4 Sync): pulled pages applied with their cursor in one
// transaction; archived and expired ones (expiresAt in the past) are deleted locally.
import type { AnnouncementsPullResponse } from '@zan/core';
import type { ZanDb } from './db.ts';
import { ANNOUNCEMENT_SYNC_ID, type AnnouncementSyncMeta } from './sync-meta.ts';

export async function applyAnnouncementPage(
  db: ZanDb,
  page: Pick<AnnouncementsPullResponse, 'announcements' | 'deleted' | 'cursor'>,
  ownerId: string,
  now: number,
): Promise<void> {
  const meta: AnnouncementSyncMeta = { id: ANNOUNCEMENT_SYNC_ID, ownerId, cursor: page.cursor, lastSync: now };
  const archived = page.announcements.filter((a) => a.isArchived).map((a) => a.id);
  const live = page.announcements.filter((a) => !a.isArchived);
  await db.transaction('rw', db.announcements, db.announcementSyncMetadata, async () => {
    await db.announcements.bulkDelete([...page.deleted, ...archived]);
    await db.announcements.bulkPut(live);
    await db.announcementSyncMetadata.put(meta);
  });
}

/** Deletes expired announcements (expiresAt < now) and any archived one; returns how many went. */
export async function removeStaleAnnouncements(db: ZanDb, now: number): Promise<number> {
  return db.transaction('rw', db.announcements, async () => {
    const expired = await db.announcements.where('expiresAt').below(now).delete();
    const archived = await db.announcements.filter((a) => a['isArchived'] === true).delete();
    return expired + archived;
  });
}
