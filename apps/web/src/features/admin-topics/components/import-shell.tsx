// The frame Bulk Add and Import Questions / Cards share: the modal and its form, the set name with the
// note when it names an existing set, a file picker, and the foot (the message, the upload's progress,
// Cancel and the submit button). Closing is refused while the upload runs.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Modal, Spinner, TextField } from '../../../ui/index.ts';

export function ImportShell({
  title,
  onSubmit,
  onClose,
  pending,
  pendingText,
  message,
  submitLabel,
  submitDisabled,
  stop,
  children,
}: {
  title: string;
  onSubmit: () => void;
  onClose: () => void;
  pending: boolean;
  pendingText: string;
  message: string | null;
  submitLabel: string;
  submitDisabled: boolean;
  /** While pending, a way to stop the work (a queued or running job, issue 32) in place of Cancel. */
  stop?: { label: string; onStop: () => void } | undefined;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => (e.preventDefault(), onSubmit());
  return (
    <Modal open onOpenChange={(open) => !open && !pending && onClose()} title={title} className="max-w-3xl!">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {children}
        {message && <Alert tone="error">{message}</Alert>}
        {pending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {pendingText}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {pending && stop ? (
            <Button variant="secondary" onClick={stop.onStop}>
              {stop.label}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" busy={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function SetNameField({
  label,
  value,
  onChange,
  target,
}: {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** The topic's set of that name, which the import adds to. */
  target: { name: string } | undefined;
}) {
  return (
    <>
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoFocus
        maxLength={200}
      />
      {target && (
        <p className="-mt-2 text-sm text-muted">{`Adds to the existing “${target.name}”; items it already has are flagged below.`}</p>
      )}
    </>
  );
}

export function FilePicker({
  label,
  accept,
  hint,
  onFile,
}: {
  label: string;
  accept: string;
  /** What files it takes, read out with the picker. */
  hint?: string;
  onFile: (file: File | undefined) => void;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-wrap items-center gap-2 text-sm text-fg">
        <span className="font-medium">{label}</span>
        <input
          type="file"
          accept={accept}
          aria-describedby={hint ? hintId : undefined}
          onChange={(e) => onFile(e.target.files?.[0])}
          className="text-sm text-muted file:mr-2 file:rounded-lg file:border file:border-line file:bg-surface-2 file:px-3 file:py-1.5 file:text-fg"
        />
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
