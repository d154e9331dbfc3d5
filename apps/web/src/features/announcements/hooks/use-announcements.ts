// Live active announcements for the signed-in student; undefined while the first read runs.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { activeAnnouncements, type Announcement } from '../active-announcements.ts';
import { loadAnnouncements } from '../local/announcement-queries.ts';

export function useAnnouncements(userId: string, collegeId: string, yearGroup: string): Announcement[] | undefined {
  const rows = useLiveQuery(() => loadAnnouncements(userId, { collegeId, yearGroup }), [userId, collegeId, yearGroup]);
  return useMemo(() => (rows ? activeAnnouncements(rows, { collegeId, yearGroup }, Date.now()) : undefined), [rows, collegeId, yearGroup]);
}
