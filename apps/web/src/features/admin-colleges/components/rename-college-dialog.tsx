// Rename a college in a small modal; an empty name is refused with the spec's message.
import { MSG, type College } from '@zan/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Modal, TextField, useToast } from '../../../ui/index.ts';
import { collegeFailureText } from '../failure.ts';
import { useCollegeMutations } from '../hooks/use-colleges.ts';

export function RenameCollegeDialog({ college, onClose }: { college: College; onClose: () => void }) {
  const { update } = useCollegeMutations();
  const toast = useToast();
  const [name, setName] = useState(college.name);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = name.trim();
    if (!next) return setError(MSG.collegeNameEmpty);
    if (next === college.name) return onClose();
    try {
      await update.mutateAsync({ id: college.id, body: { name: next } });
      toast.success(`College renamed to "${next}".`);
      onClose();
    } catch (err) {
      setError(collegeFailureText(MSG.updateCollegeFailed, err));
    }
  }

  return (
    <Modal open onOpenChange={(open) => !open && !update.isPending && onClose()} title="Rename college">
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
        <TextField
          label="College name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          maxLength={200}
          autoFocus
        />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
