// A deck row's 'Export my progress (.apkg)' (issue 20): the server writes the student's own progress on the
// deck as an Anki package (scheduling and review log) — what it holds, so this device's outbox is sent
// first (bounded, as at sign-out); what still waits afterwards is said, beside the saved file.
import { ANKI_PROGRESS_MESSAGES as T } from '@zan/core';
import { useContext, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { safeFileName } from '../../../lib/export/download.ts';
import { downloadServerFile } from '../../../lib/export/file-download.ts';
import { SyncContext } from '../../../sync/use-sync.ts';
import { cx, useToast } from '../../../ui/index.ts';
import { ExportIcon } from '../../../ui/icons.tsx';

export function ExportProgressButton({
  deckId,
  title,
  className,
}: {
  deckId: string;
  title: string;
  className?: string;
}) {
  const toast = useToast();
  const sync = useContext(SyncContext);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const waiting = (await sync?.flushProgress().catch(() => 0)) ?? 0;
      await downloadServerFile(
        `/api/decks/${encodeURIComponent(deckId)}/apkg`,
        `${safeFileName(title, 'deck')}.apkg`,
      );
      toast.success(T.exportDone(title));
      if (waiting > 0) toast.show(T.exportPending(waiting), { durationMs: 10_000 });
    } catch (err) {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
      toast.error(refused ? `${T.exportFailed} ${err.message}` : T.exportFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      aria-label={`${T.exportButton}: ${title}`}
      title={T.exportButton}
      className={cx(
        'inline-flex h-8 items-center gap-1 rounded-lg border border-line px-2 text-xs font-medium text-muted transition hover:bg-surface-2 hover:text-fg disabled:cursor-wait disabled:opacity-60',
        className,
      )}
    >
      <ExportIcon className="size-3.5" />
      <span className="hidden sm:inline">.apkg</span>
    </button>
  );
}
