// Offline by choice, the pieces screens show: the 'Available offline' mark, the download's progress
// (a progressbar plus a polite live region), the result message, the storage estimate and the keep
// button (disabled offline, with the reason). The module page and the dashboard compose them.
import { useEffect, useId, useState } from 'react';
import { useSearchFootprint } from '../lib/search-footprint.ts';
import { useOnline } from '../lib/use-online.ts';
import { Badge, Button, cx } from '../ui/index.ts';
import { useOffline } from './use-offline.ts';
import type { OfflineJob } from './offline-keeper.ts';
import { DownloadIcon } from '../ui/icons.tsx';

type OfflineTarget = OfflineJob['target'];

const OFFLINE_MARK = 'Available offline';
const OFFLINE_REASON = 'You are offline. Connect to the internet to download.';

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[i]}`;
}

export function OfflineMark({ className }: { className?: string }) {
  return (
    <Badge tone="success" className={className}>
      <DownloadIcon className="size-3.5" strokeWidth={2.2} />
      {OFFLINE_MARK}
    </Badge>
  );
}

/** Does the job concern `target`? 'Download everything' covers every module. */
export const jobCovers = (job: OfflineJob | null, target: OfflineTarget): job is OfflineJob =>
  !!job &&
  (job.target.kind === 'everything' || (target.kind === 'module' && job.target.moduleId === target.moduleId));

const topics = (n: number) => `${n} ${n === 1 ? 'topic' : 'topics'}`;

function jobMessage(job: OfflineJob): string {
  const saved = job.done - job.failed;
  if (job.status === 'running')
    return `${job.reason === 'refresh' ? 'Updating offline content' : 'Downloading for offline use'}: ${job.done} of ${topics(job.total)}`;
  if (job.status === 'offline')
    return `You went offline: ${saved} of ${topics(job.total)} downloaded. The rest downloads at the next sync once you are online.`;
  if (job.status === 'partial')
    return `${job.failed} of ${topics(job.total)} could not be downloaded. Try again, or sync later.`;
  if (job.total === 0) return 'Already available offline: kept up to date at every sync.';
  const size = job.addedBytes ? ` (about ${formatBytes(job.addedBytes)})` : '';
  return job.reason === 'refresh'
    ? `Offline content updated: ${topics(job.total)}${size}.`
    : `Available offline: ${topics(job.total)} downloaded${size}. Kept up to date at every sync.`;
}

/** The job's progress bar and message; the message is a polite live region. */
export function OfflineProgress({ job, label }: { job: OfflineJob | null; label: string }) {
  const { dismiss } = useOffline();
  const running = job?.status === 'running';
  const tone = !job || running ? 'text-fg' : job.status === 'done' ? 'text-success' : 'text-danger';
  return (
    <div className="flex flex-col gap-2">
      {running && (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={job.total}
          aria-valuenow={job.done}
          aria-valuetext={`${job.done} of ${topics(job.total)}`}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-200 motion-reduce:transition-none"
            style={{ width: `${job.total ? Math.round((job.done / job.total) * 100) : 100}%` }}
          />
        </div>
      )}
      <div
        role="status"
        aria-live="polite"
        className={cx('flex items-start justify-between gap-3 text-sm', tone)}
      >
        {job && <p>{jobMessage(job)}</p>}
        {job && !running && (
          <button
            type="button"
            onClick={dismiss}
            className="shrink-0 text-xs font-medium text-muted underline hover:text-fg"
          >
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * How much this site keeps on the device and how much room is left (navigator.storage.estimate()),
 * and on a line of its own the search index (in memory, rebuilt from what is stored: not in the usage).
 */
export function StorageEstimate({ refreshKey }: { refreshKey: unknown }) {
  const [est, setEst] = useState<{ usage: number; quota: number } | null>(null);
  const search = useSearchFootprint();
  useEffect(() => {
    let live = true;
    void navigator.storage
      ?.estimate?.()
      .then((e) => {
        if (live && typeof e.usage === 'number' && typeof e.quota === 'number')
          setEst({ usage: e.usage, quota: e.quota });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refreshKey]);
  if (!est && !search?.docs) return null;
  return (
    <div className="flex flex-col gap-0.5 text-sm text-muted">
      {est && (
        <p>
          Zan uses about {formatBytes(est.usage)} on this device;{' '}
          {formatBytes(Math.max(0, est.quota - est.usage))} free.
        </p>
      )}
      {!!search?.docs && <p>{searchIndexLine(search.bytes, search.docs)}</p>}
    </div>
  );
}

const searchIndexLine = (bytes: number, docs: number): string =>
  `Search index: about ${formatBytes(bytes)} of memory for ${docs.toLocaleString('en')} ${docs === 1 ? 'item' : 'items'} (built from what is stored here, not stored itself).`;

/** The keep button: disabled while offline (the reason shown under it) and while the job runs. */
export function KeepOfflineButton({ target, children }: { target: OfflineTarget; children: string }) {
  const online = useOnline();
  const { job, keep } = useOffline();
  const reasonId = useId();
  const busy = jobCovers(job, target) && job.status === 'running';
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        busy={busy}
        disabled={!online}
        aria-describedby={online ? undefined : reasonId}
        onClick={() => void keep(target)}
      >
        {children}
      </Button>
      {!online && (
        <p id={reasonId} className="text-xs text-muted">
          {OFFLINE_REASON}
        </p>
      )}
    </div>
  );
}

/** 'Stop keeping offline': forgets the choice (content already here stays, no longer refreshed). */
export function UnkeepOfflineButton({ target, children }: { target: OfflineTarget; children: string }) {
  const { job, unkeep } = useOffline();
  const running = jobCovers(job, target) && job.status === 'running';
  return (
    <Button variant="ghost" size="sm" disabled={running} onClick={() => void unkeep(target)}>
      {children}
    </Button>
  );
}
