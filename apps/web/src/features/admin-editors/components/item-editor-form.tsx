// The frame of both item editors' form (heading, the form's message, the Ctrl/Cmd+Enter hint and
// Add / Save) and their dialogs: delete, discard changes before opening another item, leave without
// saving; the deck / quiz fields go inside.
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Alert, Button, ConfirmDialog, LeaveDialog } from '../../../ui/index.ts';
import { isSaveAndNext } from './item-editor-layout.tsx';

/** What the frame needs of useItemEditor. */
type Flow = {
  word: string;
  selected: string;
  position: number;
  nextIsExisting: boolean;
  next: RefObject<boolean>;
  form: {
    handleSubmit: (e?: FormEvent) => Promise<boolean>;
    message: string | null;
    messageId: string;
    submitting: boolean;
  };
};

export function ItemEditorForm({
  flow,
  className,
  children,
}: {
  flow: Flow;
  className: string;
  children: ReactNode;
}) {
  const { form, next, word } = flow;
  const lower = word.toLowerCase();
  return (
    <form
      noValidate
      onSubmit={(e) => ((next.current = false), void form.handleSubmit(e))}
      onKeyDown={(e) => {
        if (!isSaveAndNext(e)) return;
        e.preventDefault();
        next.current = true;
        void form.handleSubmit();
      }}
      className={className}
    >
      <h2 className="text-base font-semibold text-fg">
        {flow.selected === 'new' ? `New ${lower}` : `${word} ${flow.position}`}
      </h2>
      {children}
      {form.message && (
        <div id={form.messageId}>
          <Alert tone="error">{form.message}</Alert>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted">
          {`Ctrl/⌘ + Enter saves and opens ${flow.nextIsExisting ? 'the next' : 'a new'} ${lower}`}
        </p>
        <Button type="submit" busy={form.submitting}>
          {flow.selected === 'new' ? `Add ${word}` : `Save ${word}`}
        </Button>
      </div>
    </form>
  );
}

export function ItemEditorDialogs({
  flow,
}: {
  flow: {
    word: string;
    doomed: unknown;
    closeDelete: () => void;
    confirmDelete: () => Promise<void>;
    switching: { open: boolean; stay: () => void; discard: () => void };
    guard: { asking: boolean; stay: () => void; leave: () => void };
  };
}) {
  const lower = flow.word.toLowerCase();
  return (
    <>
      <ConfirmDialog
        open={flow.switching.open}
        onOpenChange={(o) => !o && flow.switching.stay()}
        title="Discard unsaved changes?"
        body={<>{`The changes to this ${lower} are not saved.`}</>}
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={flow.switching.discard}
      />
      <LeaveDialog guard={flow.guard} />
      <DeleteItemDialog flow={flow} />
    </>
  );
}

function DeleteItemDialog({
  flow,
}: {
  flow: { word: string; doomed: unknown; closeDelete: () => void; confirmDelete: () => Promise<void> };
}) {
  const lower = flow.word.toLowerCase();
  return (
    <ConfirmDialog
      open={flow.doomed !== null}
      onOpenChange={(o) => !o && flow.closeDelete()}
      title={`Delete ${lower}?`}
      body={<>{`This ${lower} and every student's progress on it will be deleted permanently.`}</>}
      confirmLabel="Delete"
      onConfirm={flow.confirmDelete}
    />
  );
}
