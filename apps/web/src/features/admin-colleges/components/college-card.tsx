// One college: its name, rename and delete actions, and its year groups.
import { MSG, type College } from '@zan/core';
import { useState } from 'react';
import { Badge, Button, Card, ConfirmDialog, useToast } from '../../../ui/index.ts';
import { failureText } from '../failure.ts';
import { useCollegeMutations } from '../hooks/use-colleges.ts';
import { RenameCollegeDialog } from './rename-college-dialog.tsx';
import { YearGroups } from './year-groups.tsx';

export function CollegeCard({ college }: { college: College }) {
  const { remove } = useCollegeMutations();
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    try {
      await remove.mutateAsync({ id: college.id, confirmName: college.name });
    } catch (err) {
      throw new Error(failureText(MSG.deleteCollegeFailed, err), { cause: err });
    }
    toast.success(`College "${college.name}" deleted.`);
  }

  const count = college.years.length;
  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="break-words text-base font-semibold text-fg">{college.name}</h3>
          <Badge className="mt-1">{count === 1 ? '1 year group' : `${count} year groups`}</Badge>
        </div>
        <div className="-mr-2 -mt-1 flex shrink-0 gap-0.5">
          <Button size="sm" variant="ghost" onClick={() => setRenaming(true)} aria-label={`Rename ${college.name}`}>
            Rename
          </Button>
          <Button size="sm" variant="ghost" className="text-danger! hover:bg-danger/10" onClick={() => setDeleting(true)} aria-label={`Delete ${college.name}`}>
            Delete
          </Button>
        </div>
      </div>
      <YearGroups college={college} />
      {renaming && <RenameCollegeDialog college={college} onClose={() => setRenaming(false)} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete college?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{college.name}</strong>. Its students and admins keep their
            accounts but lose their college and year group. A college that still has modules or announcements cannot be deleted.
          </>
        }
        confirmText={college.name}
        confirmTextLabel="Type the college name to confirm"
        confirmLabel="Delete College"
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
