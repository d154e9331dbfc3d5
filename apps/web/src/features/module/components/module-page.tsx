// /module/:moduleId (SPEC §2 Module page): breadcrumb, then the module's subjects sorted by name, each
// leading to its study page, with its due cards and 'Review all due' for the module (issue 18). Reads the
// local store only.
import { stageTitle } from '@zan/core';
import { Link, useParams } from 'react-router';
import { Badge, EmptyState, PageHeader, Skeleton } from '../../../ui/index.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useAuth } from '../../../lib/session/index.ts';
import {
  isFullyOffline,
  isKept,
  jobCovers,
  KeepOfflineButton,
  OfflineMark,
  OfflineProgress,
  UnkeepOfflineButton,
  useOffline,
  useOfflineOverview,
  type OfflineTarget,
} from '../../../sync/index.ts';
import { useDueCounts } from '../../../lib/use-due-counts.ts';
import { DueCount } from '../../../ui/due-count.tsx';
import { ReviewAllDueLink } from '../../../ui/review-link.tsx';
import { useModulePage } from '../hooks/use-module-page.ts';

export const NO_SUBJECTS = 'No subjects found for this module.';
export const MODULE_NOT_FOUND = 'Module not found.';

export function ModulePage() {
  const { moduleId = '' } = useParams();
  const { profile } = useAuth();
  const data = useModulePage(profile?.uid ?? '', moduleId);
  const overview = useOfflineOverview(profile?.uid ?? '');
  const { job } = useOffline();
  const due = useDueCounts(profile?.uid ?? '');
  useDocumentTitle(
    data === undefined ? undefined : (data.module?.name ?? MODULE_NOT_FOUND.replace(/\.$/, '')),
  );

  if (data === undefined) {
    return (
      <div aria-busy="true" className="flex flex-col gap-4">
        <span className="sr-only">Loading module…</span>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-16 rounded-xl" />
        <Skeleton className="h-16 rounded-xl" />
      </div>
    );
  }
  if (!data.module) {
    return (
      <EmptyState
        title={MODULE_NOT_FOUND}
        description="It may not be synced to this device yet, or it is no longer available to you."
        action={
          <Link
            to="/dashboard"
            className="inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm font-medium text-fg hover:bg-surface-2"
          >
            Back to Dashboard
          </Link>
        }
      />
    );
  }
  const m = data.module;
  const target: OfflineTarget = { kind: 'module', moduleId: m.id };
  const availability = overview?.modules.get(m.id);
  const fullyOffline = isFullyOffline(availability);
  const kept = overview ? isKept(overview.keep, m.id) : false;
  const moduleJob = jobCovers(job, target) ? job : null;
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader
        eyebrow={
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <Link to="/dashboard" className="hover:text-primary hover:underline">
                  Dashboard
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="text-fg">
                {m.name}
              </li>
            </ol>
          </nav>
        }
        title={m.name}
        description={m.extraInfo ?? undefined}
        actions={
          <>
            {m.isGlobal ? (
              <Badge tone="accent">Global</Badge>
            ) : m.stage ? (
              <Badge tone="primary">{stageTitle(m.stage)}</Badge>
            ) : null}
            {fullyOffline && <OfflineMark />}
          </>
        }
      />
      {overview && availability && availability.topics > 0 && (
        <section
          aria-labelledby="module-offline"
          className="mb-6 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="min-w-0">
              <h2 id="module-offline" className="font-semibold text-fg">
                Offline study
              </h2>
              <p className="text-sm text-muted">
                {fullyOffline && kept
                  ? 'Every topic is on this device and is refreshed at every sync.'
                  : `${availability.downloaded} of ${availability.topics} topics on this device.`}
              </p>
            </div>
            {!(fullyOffline && kept) && (
              <KeepOfflineButton target={target}>Make available offline</KeepOfflineButton>
            )}
            {kept && overview && !overview.keep.everything && (
              <UnkeepOfflineButton target={target}>Stop keeping offline</UnkeepOfflineButton>
            )}
          </div>
          <OfflineProgress job={moduleJob} label={`Downloading ${m.name} for offline use`} />
        </section>
      )}
      {data.subjects.length === 0 ? (
        <EmptyState title={NO_SUBJECTS} />
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" data-testid="module-due">
              {due === undefined ? '\u00a0' : moduleDueText(due.byModule.get(m.id) ?? 0)}
            </p>
            <ReviewAllDueLink scope={{ moduleId: m.id }} label={`Review all due in ${m.name}`} />
          </div>
          <ul className="flex flex-col gap-3" aria-label="Subjects">
            {data.subjects.map((s) => (
              <li key={s.id}>
                <Link
                  to={`/study/subject/${encodeURIComponent(s.id)}`}
                  className="group flex items-center gap-4 rounded-xl border border-line bg-surface px-4 py-3.5 shadow-sm transition hover:border-primary/50 hover:bg-surface-2"
                >
                  <span
                    aria-hidden="true"
                    className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 font-bold text-primary"
                  >
                    {s.name.charAt(0).toUpperCase()}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-fg group-hover:text-primary">
                      {s.name}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
                      {s.topicCount} {s.topicCount === 1 ? 'topic' : 'topics'}
                      <DueCount count={due?.bySubject.get(s.id)} />
                      {isFullyOffline(overview?.subjects.get(s.id)) && <OfflineMark />}
                    </span>
                  </span>
                  <span aria-hidden="true" className="text-sm font-medium text-primary">
                    Study →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const moduleDueText = (n: number): string =>
  n === 0
    ? 'No card is due in this module.'
    : `${n.toLocaleString('en-US')} ${n === 1 ? 'card is' : 'cards are'} due in this module.`;
