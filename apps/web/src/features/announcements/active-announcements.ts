// Which announcements a user sees (SPEC §9): not expired, not archived, of their college and year group
// (or the whole college's 'global' ones), newest event date first. 'all': a superadmin's every one.
import { ANNOUNCEMENT_TYPES, GLOBAL_YEAR_GROUP, type AnnouncementDto } from '@zan/core';

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

const reaches = (r: Record<string, unknown>, who: Audience) =>
  who === 'all' ||
  (r['collegeId'] === who.collegeId &&
    (r['yearGroup'] === who.yearGroup || r['yearGroup'] === GLOBAL_YEAR_GROUP));

const num = (v: unknown): number =>
  typeof v === 'number' ? v : v instanceof Date ? v.getTime() : Number.NaN;
const isType = (v: unknown): v is AnnouncementType => (ANNOUNCEMENT_TYPES as readonly unknown[]).includes(v);

/** Rows of the local announcements table → the ones to show, newest event date first. */
export function activeAnnouncements(
  rows: readonly Record<string, unknown>[],
  who: Audience,
  now: number,
): Announcement[] {
  const out: Announcement[] = [];
  for (const r of rows) {
    if (r['isArchived'] === true || !reaches(r, who)) continue;
    const expiresAt = num(r['expiresAt']);
    const date = num(r['date']);
    if (!(expiresAt >= now) || Number.isNaN(date)) continue;
    out.push({
      id: String(r['id']),
      title: typeof r['title'] === 'string' ? r['title'] : '',
      description: typeof r['description'] === 'string' && r['description'].trim() ? r['description'] : null,
      type: isType(r['type']) ? r['type'] : 'General',
      date,
      expiresAt,
    });
  }
  return out.sort((a, b) => b.date - a.date || a.title.localeCompare(b.title));
}
