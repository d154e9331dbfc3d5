// The dashboard's 'Offline study' panel (issue 11): how many modules are fully on this device, the
// 'Download everything' action with its progress, and the storage the site uses on the device.
import {
  isFullyOffline,
  KeepOfflineButton,
  OfflineProgress,
  StorageEstimate,
  UnkeepOfflineButton,
  useOffline,
  type OfflineOverview,
} from '../../../sync/index.ts';

const DOWNLOAD_EVERYTHING = 'Download everything';

export function OfflinePanel({ overview }: { overview: OfflineOverview | undefined }) {
  const { job } = useOffline();
  if (!overview) return null;
  const modules = [...overview.modules.values()].filter((a) => a.topics > 0);
  const ready = modules.filter(isFullyOffline).length;
  const allKept = overview.keep.everything && ready === modules.length;
  return (
    <section
      aria-labelledby="offline-study"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="offline-study" className="text-lg font-bold tracking-tight text-fg">
            Offline study
          </h2>
          <p className="text-sm text-muted">
            {allKept
              ? 'Everything is on this device and is refreshed at every sync.'
              : `${ready} of ${modules.length} ${modules.length === 1 ? 'module' : 'modules'} available offline. Download them to study without a connection.`}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {!allKept && modules.length > 0 && (
            <KeepOfflineButton target={{ kind: 'everything' }}>{DOWNLOAD_EVERYTHING}</KeepOfflineButton>
          )}
          {overview.keep.everything && (
            <UnkeepOfflineButton target={{ kind: 'everything' }}>
              Stop keeping everything offline
            </UnkeepOfflineButton>
          )}
        </div>
      </div>
      <OfflineProgress job={job} label="Downloading for offline use" />
      <StorageEstimate refreshKey={job?.status} />
    </section>
  );
}
