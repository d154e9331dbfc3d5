// /announcements (SPEC §2 Announcements page): the active announcements of the student's college and
// year group from the local store, newest event date first; 'No Active Announcements' when there are none.
// #announcement-<id> (a search hit) scrolls to that one.
import { EmptyState, PageHeader, Skeleton } from '../../../ui/index.ts';
import { adminScope, can } from '@zan/core';
import { actorOf } from '../../../lib/permissions.ts';
import { useAuth } from '../../../lib/session/index.ts';
import { useAnnouncements } from '../hooks/use-announcements.ts';
import { useScrollToHash } from '../hooks/use-scroll-to-hash.ts';
import { AnnouncementCard } from './announcement-card.tsx';
import { MegaphoneIcon } from '../../../ui/icons.tsx';

export const NO_ANNOUNCEMENTS = 'No Active Announcements';

export function AnnouncementsPage() {
  const { profile } = useAuth();
  const actor = profile ? actorOf(profile) : null;
  // An admin reads the announcements of the scope they manage; who manages colleges reads them all.
  const managed = actor ? adminScope(actor) : null;
  const all = can(actor, 'colleges.manage');
  const who = all
    ? 'all'
    : (managed ?? { collegeId: profile?.collegeId ?? '', yearGroup: profile?.yearGroup ?? '' });
  const list = useAnnouncements(profile?.uid ?? '', who);
  useScrollToHash(!!list?.length);
  const scope = all
    ? 'All colleges'
    : managed
      ? [profile?.adminCollegeName, profile?.adminYearGroup].filter(Boolean).join(' · ')
      : [profile?.collegeName, profile?.yearGroup].filter(Boolean).join(' · ');
  return (
    <div className="flex flex-col">
      <PageHeader
        eyebrow={scope || undefined}
        title="Announcements"
        description="News, exams, holidays and events for your year."
      />
      {list === undefined ? (
        <div aria-busy="true" className="flex flex-col gap-4">
          <span className="sr-only">Loading announcements…</span>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-32 rounded-2xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          title={NO_ANNOUNCEMENTS}
          description="New announcements from your college appear here after a sync."
          icon={<MegaphoneIcon className="size-6" />}
        />
      ) : (
        <ul aria-label="Announcements" className="grid max-w-3xl gap-4">
          {list.map((a) => (
            <li key={a.id}>
              <AnnouncementCard a={a} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
