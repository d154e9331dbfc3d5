// What the editors show about unsaved work (issue 22): the draft found on this device with 'Restore
// draft' / 'Discard', and the question asked before leaving with unsaved changes ('Stay' / 'Leave').
import { useRef } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const savedWhen = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function DraftNotice({
  savedAt,
  what,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  /** 'this page', 'this deck'… */
  what: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <Alert tone="info" className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <span>{`An unsaved draft of ${what} from ${savedWhen(savedAt)} is kept on this device.`}</span>
      <span className="flex gap-2">
        <Button size="sm" onClick={onRestore}>
          Restore draft
        </Button>
        <Button size="sm" variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
      </span>
    </Alert>
  );
}

/** Asks before a navigation leaves unsaved changes (lib/use-leave-guard.ts drives it). */
export function LeaveDialog({ guard }: { guard: { asking: boolean; stay: () => void; leave: () => void } }) {
  const leaving = useRef(false);
  return (
    <ConfirmDialog
      open={guard.asking}
      onOpenChange={(open) => {
        if (!open && !leaving.current) guard.stay();
        leaving.current = false;
      }}
      title="Leave without saving?"
      body="Your changes are not saved. A draft stays on this device and is offered when you open this editor again."
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => {
        leaving.current = true;
        guard.leave();
      }}
    />
  );
}
