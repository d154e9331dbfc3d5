// The announcements page's read: the local announcements of the user's college and year group (and the
// college's 'global' ones; every one for a superadmin), which the sync engine keeps filled while online.
import { GLOBAL_YEAR_GROUP, type AnnouncementDto } from '@zan/core';
import { getUserDb } from '../../../local/db.ts';
import type { Audience } from '../active-announcements.ts';

export function loadAnnouncements(userId: string, who: Audience): Promise<AnnouncementDto[]> {
  const table = getUserDb(userId).announcements;
  if (who === 'all') return table.toArray();
  return table
    .where('[collegeId+yearGroup]')
    .anyOf([who.collegeId, who.yearGroup], [who.collegeId, GLOBAL_YEAR_GROUP])
    .toArray();
}
