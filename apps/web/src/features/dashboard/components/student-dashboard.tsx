// The student dashboard (SPEC §2 Dashboards): modules from the local store, Global first, then
// UG-{stage} groups in descending order, then 'Other'. Live, so it fills in as the sync lands.
import type { UserProfile } from '@zan/core';
import { isFullyOffline, useOfflineOverview } from '../../../sync/index.ts';
import { useDueCounts } from '../../../lib/use-due-counts.ts';
import { EmptyState, PageHeader, Skeleton } from '../../../ui/index.ts';
import { useDashboardModules } from '../hooks/use-dashboard-modules.ts';
import { ModuleCard } from './module-card.tsx';
import { OfflinePanel } from './offline-panel.tsx';
import { ReviewPanel } from './review-panel.tsx';
import { FolderDownloadIcon } from '../../../ui/icons.tsx';

export const MODULES_EMPTY = 'Your modules appear here once you are online and synced.';
const MODULES_SYNC_HINT = 'Connect to the internet, then press SYNC at the top of the page.';

export function StudentDashboard({ profile }: { profile: UserProfile }) {
  const groups = useDashboardModules(profile.uid);
  const offline = useOfflineOverview(profile.uid);
  const due = useDueCounts(profile.uid);
  const scope = [profile.collegeName, profile.yearGroup].filter(Boolean).join(' · ');
  return (
    <div className="flex flex-col">
      <PageHeader
        eyebrow={scope || undefined}
        title={profile.firstName ? `Welcome, ${profile.firstName}` : 'Dashboard'}
        description="Your modules, grouped by stage."
      />
      {groups === undefined ? (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading modules…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 rounded-2xl" />
          ))}
        </div>
      ) : groups.length === 0 ? (
        <EmptyState
          title="No modules yet"
          description={
            <>
              <span className="block">{MODULES_EMPTY}</span>
              <span className="block pt-1">{MODULES_SYNC_HINT}</span>
            </>
          }
          icon={<FolderDownloadIcon className="size-6" />}
        />
      ) : (
        <div className="flex flex-col gap-10">
          <ReviewPanel due={due} />
          <OfflinePanel overview={offline} />
          {groups.map((g) => (
            <section key={g.key} aria-labelledby={`group-${g.key}`}>
              <div className="mb-4 flex items-baseline gap-3 border-b border-line pb-2">
                <h2 id={`group-${g.key}`} className="text-lg font-bold tracking-tight text-fg">
                  {g.title}
                </h2>
                <span className="text-sm text-muted">
                  {g.modules.length} {g.modules.length === 1 ? 'module' : 'modules'}
                </span>
              </div>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {g.modules.map((m) => (
                  <li key={m.id}>
                    <ModuleCard
                      module={m}
                      offline={isFullyOffline(offline?.modules.get(m.id))}
                      due={due?.byModule.get(m.id)}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
