// Which announcements a user sees (SPEC §9): not expired, not archived, of their college and year group
// (or the whole college's 'global' ones), newest event date first. 'all': a superadmin's every one.
import { GLOBAL_YEAR_GROUP, type AnnouncementDto } from '@zan/core';

export type AnnouncementType = AnnouncementDto['type'];
export type Announcement = {
  id: string;
  title: string;
  description: string | null;
  type: AnnouncementType;
  date: number;
  expiresAt: number;
};
export type Audience = { collegeId: string; yearGroup: string } | 'all';

const reaches = (r: AnnouncementDto, who: Audience) =>
  who === 'all' ||
  (r.collegeId === who.collegeId && (r.yearGroup === who.yearGroup || r.yearGroup === GLOBAL_YEAR_GROUP));

/** Rows of the local announcements table → the ones to show, newest event date first. */
export function activeAnnouncements(
  rows: readonly AnnouncementDto[],
  who: Audience,
  now: number,
): Announcement[] {
  const out: Announcement[] = [];
  for (const r of rows) {
    if (r.isArchived || !reaches(r, who) || r.expiresAt < now) continue;
    const { id, title, description, type, date, expiresAt } = r;
    out.push({ id, title, description: description?.trim() ? description : null, type, date, expiresAt });
  }
  return out.sort((a, b) => b.date - a.date || a.title.localeCompare(b.title));
}
