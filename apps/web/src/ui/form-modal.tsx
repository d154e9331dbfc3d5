// FormModal: an Add / Edit form in a modal — fields, the form's one message (spec text) announced,
// Cancel and a busy Save; closing is refused while saving.
import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

type Props = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  onSubmit: (e: FormEvent) => void;
  submitting: boolean;
  message: string | null;
  messageId?: string;
  submitLabel?: string;
  children: ReactNode;
};

export function FormModal({
  open,
  onClose,
  title,
  description,
  onSubmit,
  submitting,
  message,
  messageId,
  submitLabel = 'Save',
  children,
}: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !submitting && onClose()}
      title={title}
      description={description}
      className="max-w-lg"
    >
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {children}
        {message && (
          <div id={messageId}>
            <Alert tone="error">{message}</Alert>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" busy={submitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
