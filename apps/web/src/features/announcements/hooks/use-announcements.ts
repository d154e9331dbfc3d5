// Live active announcements for the signed-in user; undefined while the first read runs.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { activeAnnouncements, type Announcement, type Audience } from '../active-announcements.ts';
import { loadAnnouncements } from '../local/announcement-queries.ts';

export function useAnnouncements(userId: string, who: Audience): Announcement[] | undefined {
  const key = who === 'all' ? 'all' : `${who.collegeId}|${who.yearGroup}`;
  const rows = useLiveQuery(() => loadAnnouncements(userId, who), [userId, key]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `who`
  return useMemo(() => (rows ? activeAnnouncements(rows, who, Date.now()) : undefined), [rows, key]);
}
