// ConfirmDialog: asks before a destructive or important action; optionally the user must type an exact
// text (e.g. a college name) first — a mismatch shows MSG.confirmationMismatch and does not confirm.
import { MSG } from '@zan/core';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { TextField } from './field.tsx';
import { Modal } from './modal.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body?: ReactNode;
  /** When set, the user must type exactly this (case and spaces included) before confirming. */
  confirmText?: string;
  /** Label of the type-to-confirm field. Default: Type "{confirmText}" to confirm */
  confirmTextLabel?: string;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  confirmVariant?: 'primary' | 'danger';
  /** May return a promise: the button shows busy until it settles; the dialog closes on success. */
  onConfirm: () => void | Promise<void>;
  /** An error to show (e.g. from the server call); a thrown Error's message is shown too. */
  error?: ReactNode;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmText,
  confirmTextLabel,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  confirmVariant = 'danger',
  onConfirm,
  error,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A fresh start each time it opens.
  useEffect(() => {
    if (open) {
      setTyped('');
      setProblem(null);
      setBusy(false);
    }
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (confirmText !== undefined && typed !== confirmText) {
      setProblem(MSG.confirmationMismatch);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (err) {
      setProblem(err instanceof Error && err.message ? err.message : MSG.unexpected);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onOpenChange={(next) => !busy && onOpenChange(next)} title={title} description={body}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {confirmText !== undefined && (
          <TextField
            label={confirmTextLabel ?? `Type "${confirmText}" to confirm`}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setProblem(null);
            }}
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
        )}
        {(problem ?? error) && <Alert tone="error">{problem ?? error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={confirmVariant} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
