// SPEC §2 Account page 'Troubleshooting': 'Perform Full Sync' reconciles everything from the start; it is
// disabled while a sync runs and shows how the sync ended. Progress changes the server refused (set
// aside on this device, never resent) are counted here.
import { MSG } from '@zan/core';
import { useState } from 'react';
import { Button, Card } from '../../../ui/index.ts';
import { useSync, type SyncOutcome } from '../../../sync/index.ts';
import { useOutboxState } from './use-outbox-state.ts';

const resultText = (outcome: SyncOutcome): string | null =>
  outcome === 'success'
    ? MSG.syncSuccess
    : outcome === 'unauthorized'
      ? MSG.syncLogin
      : outcome === 'locked'
        ? null
        : MSG.syncFailed;

export function TroubleshootingSection({ userId }: { userId: string }) {
  const { status, fullSync } = useSync();
  const outbox = useOutboxState(userId);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const syncing = status === 'syncing';

  return (
    <Card
      aria-labelledby="troubleshooting-title"
      className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 flex-1">
        <h2 id="troubleshooting-title" className="font-semibold text-fg">
          Troubleshooting
        </h2>
        <p className="text-sm text-muted">
          Content or progress looks out of date? A full sync downloads everything again.
        </p>
        {outbox && outbox.rejected > 0 && (
          <p role="status" className="mt-2 text-sm text-warning">
            {MSG.rejectedOps(outbox.rejected)}
          </p>
        )}
        {result && (
          <p
            aria-live="polite"
            className={
              result.ok ? 'mt-2 text-sm font-medium text-success' : 'mt-2 text-sm font-medium text-danger'
            }
          >
            {result.text}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        className="self-start sm:self-auto"
        disabled={syncing}
        busy={syncing}
        onClick={async () => {
          setResult(null);
          const outcome = await fullSync();
          const text = resultText(outcome);
          setResult(text ? { ok: outcome === 'success', text } : null);
        }}
      >
        Perform Full Sync
      </Button>
    </Card>
  );
}
