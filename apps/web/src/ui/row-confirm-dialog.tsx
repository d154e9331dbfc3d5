// RowConfirmDialog: the confirmation of an admin list row's Archive / Delete — runs the action, shows
// a failure in the dialog (the list's own message) and a toast on success.
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useToast } from './toast.tsx';

type Props<T> = {
  /** The row asked about; null keeps the dialog closed. */
  row: T | null;
  onClose: () => void;
  title: ReactNode;
  body: ReactNode;
  confirmLabel: string;
  run: (row: T) => Promise<unknown>;
  /** The dialog's message when `run` fails. */
  failure: (err: unknown) => string;
  /** The toast after `run` succeeds. */
  success: (row: T) => string;
};

export function RowConfirmDialog<T>({ row, onClose, run, failure, success, ...texts }: Props<T>) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      {...texts}
      onConfirm={async () => {
        if (row === null) return;
        try {
          await run(row);
        } catch (err) {
          throw new Error(failure(err), { cause: err });
        }
        toast.success(success(row));
      }}
    />
  );
}
