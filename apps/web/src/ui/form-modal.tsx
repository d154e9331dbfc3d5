// FormModal: an Add / Edit form in a modal — fields, the form's one message (spec text) announced,
// Cancel and a busy Save; closing is refused while saving. `form` is the lib/form helper's state.
import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

/** What the modal needs of a form (useSchemaForm's result fits). */
type FormModalForm = {
  handleSubmit: (e: FormEvent) => Promise<unknown>;
  submitting: boolean;
  message: string | null;
  messageId?: string;
};

type Props = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  form: FormModalForm;
  submitLabel?: string;
  children: ReactNode;
};

export function FormModal({
  open,
  onClose,
  title,
  description,
  form,
  submitLabel = 'Save',
  children,
}: Props) {
  const { submitting, message, messageId } = form;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !submitting && onClose()}
      title={title}
      description={description}
      className="max-w-lg"
    >
      <form onSubmit={(e) => void form.handleSubmit(e)} className="flex flex-col gap-4" noValidate>
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
