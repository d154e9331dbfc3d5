// Archive a module (superadmin): it and everything under it leave students' devices; it can be
// restored from Archived Content.
import { MSG, type AdminModule } from '@zan/core';
import { failureText } from '../../../lib/failure.ts';
import { RowConfirmDialog } from '../../../ui/index.ts';
import { useModuleMutations } from '../hooks/use-modules.ts';

export function ArchiveModuleDialog({
  module,
  onClose,
}: {
  module: AdminModule | null;
  onClose: () => void;
}) {
  const { archive } = useModuleMutations();
  return (
    <RowConfirmDialog
      row={module}
      onClose={onClose}
      title="Archive module?"
      body={
        <>
          <strong className="text-fg">{module?.name}</strong> and its subjects and topics will be hidden from
          students. It can be restored later from Archived Content; nothing is deleted.
        </>
      }
      confirmLabel="Archive"
      run={(m) => archive.mutateAsync(m.id)}
      failure={(err) => failureText(MSG.saveModuleFailed, err)}
      success={(m) => `Module "${m.name}" archived.`}
    />
  );
}
