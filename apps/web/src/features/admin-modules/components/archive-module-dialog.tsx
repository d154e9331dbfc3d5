// Archive a module (superadmin): it and everything under it leave students' devices; it can be
// restored from Archived Content.
import { MSG, type AdminModule } from '@zan/core';
import { failureText } from '../../../lib/failure.ts';
import { ConfirmDialog, useToast } from '../../../ui/index.ts';
import { useModuleMutations } from '../hooks/use-modules.ts';

export function ArchiveModuleDialog({
  module,
  onClose,
}: {
  module: AdminModule | null;
  onClose: () => void;
}) {
  const { archive } = useModuleMutations();
  const toast = useToast();
  return (
    <ConfirmDialog
      open={module !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Archive module?"
      body={
        <>
          <strong className="text-fg">{module?.name}</strong> and its subjects and topics will be hidden from
          students. It can be restored later from Archived Content; nothing is deleted.
        </>
      }
      confirmLabel="Archive"
      onConfirm={async () => {
        if (!module) return;
        try {
          await archive.mutateAsync(module.id);
        } catch (err) {
          throw new Error(failureText(MSG.saveModuleFailed, err), { cause: err });
        }
        toast.success(`Module "${module.name}" archived.`);
      }}
    />
  );
}
