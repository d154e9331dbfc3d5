// The header's SYNC button (SPEC §2 Shells): runs a delta sync, spins and is disabled while any sync
// runs; the result appears in the polite live region of SyncStatus.
import { cx } from '../ui/index.ts';
import { useSync } from './use-sync.ts';
import { SyncIcon } from '../ui/icons.tsx';

export function SyncButton({ className }: { className?: string }) {
  const { status, syncNow, lastSyncedAt } = useSync();
  const syncing = status === 'syncing';
  return (
    <button
      type="button"
      onClick={() => void syncNow()}
      disabled={syncing}
      aria-busy={syncing || undefined}
      title={lastSyncedAt ? `Last synced ${new Date(lastSyncedAt).toLocaleString()}` : 'Sync'}
      className={cx(
        'inline-flex h-9 items-center gap-1.5 rounded-lg border border-line bg-surface px-3 text-xs font-semibold tracking-wider text-fg transition hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
    >
      <SyncIcon className={cx('size-4', syncing && 'animate-spin')} />
      SYNC
    </button>
  );
}

/** The sync message (SPEC §8 Sync) in a polite live region, floating under the header. */
export function SyncStatus() {
  const { message } = useSync();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-40 flex justify-center px-4"
    >
      {message && (
        <p className="rounded-full border border-line bg-surface px-4 py-1.5 text-sm font-medium text-fg shadow-md">
          {message}
        </p>
      )}
    </div>
  );
}
