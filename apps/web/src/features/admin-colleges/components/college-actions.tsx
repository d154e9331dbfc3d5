// A college row's actions: Rename (small modal) and Delete (the college name typed exactly).
import { MSG, type College } from '@zan/core';
import { useState } from 'react';
import { Button, ConfirmDialog, useToast } from '../../../ui/index.ts';
import { collegeFailureText } from '../failure.ts';
import { useCollegeMutations } from '../hooks/use-colleges.ts';
import { RenameCollegeDialog } from './rename-college-dialog.tsx';

export function CollegeActions({ college }: { college: College }) {
  const { remove } = useCollegeMutations();
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    try {
      await remove.mutateAsync({ id: college.id, confirmName: college.name });
    } catch (err) {
      throw new Error(collegeFailureText(MSG.deleteCollegeFailed, err), { cause: err });
    }
    toast.success(`College "${college.name}" deleted.`);
  }

  return (
    <div className="flex flex-wrap gap-1 md:justify-end">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setRenaming(true)}
        aria-label={`Rename ${college.name}`}
      >
        Rename
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-danger! hover:bg-danger/10"
        onClick={() => setDeleting(true)}
        aria-label={`Delete ${college.name}`}
      >
        Delete
      </Button>
      {renaming && <RenameCollegeDialog college={college} onClose={() => setRenaming(false)} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete college?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{college.name}</strong>. Its students and
            admins keep their accounts but lose their college and year group. A college that still has modules
            or announcements cannot be deleted.
          </>
        }
        confirmText={college.name}
        confirmTextLabel="Type the college name to confirm"
        confirmLabel="Delete College"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
