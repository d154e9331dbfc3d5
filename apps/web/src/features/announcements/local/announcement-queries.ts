// The announcements page's read: the local announcements of the student's college and year group
// (the [collegeId+yearGroup] index), which the sync engine keeps filled while online.
import { getUserDb } from '../../../local/db.ts';
import type { Audience } from '../active-announcements.ts';

export function loadAnnouncements(userId: string, who: Audience): Promise<Record<string, unknown>[]> {
  return getUserDb(userId).announcements.where('[collegeId+yearGroup]').equals([who.collegeId, who.yearGroup]).toArray();
}
