// Global Modules tab (superadmin): every global module — add, edit, and permanent delete straight
// from the tab ('{module} has been permanently deleted.').
import { can, MSG, NOTICE, type AdminModule } from '@zan/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { reasonOf } from '../../lib/failure.ts';
import { moduleListQuery } from '../../lib/resources/modules.ts';
import { useActor } from '../../lib/use-actor.ts';
import { usePagedAdminList } from '../../lib/use-paged-admin-list.ts';
import { Button, EmptyState, ListSection, RowActions, RowConfirmDialog } from '../../ui/index.ts';
import { moduleColumns, subjectsPath } from './components/module-columns.tsx';
import { ModuleFormModal } from './components/module-form-modal.tsx';
import { useModuleMutations } from './hooks/use-modules.ts';

export function GlobalModulesTab() {
  const actor = useActor();
  const navigate = useNavigate();
  const list = usePagedAdminList({
    query: (search) => moduleListQuery({ search, global: true }),
    rows: (p) => p.modules,
    noun: 'modules',
    matchNoun: 'global modules',
    empty: (
      <EmptyState
        title="No global modules"
        description="A global module reaches every year group of its college."
      />
    ),
  });
  const { deleteGlobal } = useModuleMutations();
  const [editing, setEditing] = useState<AdminModule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminModule | null>(null);
  const manage = can(actor, 'globalModules.manage');

  const columns = moduleColumns(
    (m) =>
      manage && (
        <RowActions
          name={m.name}
          actions={[
            { label: 'Edit', onClick: () => setEditing(m) },
            { label: 'Delete', danger: true, onClick: () => setDeleting(m) },
          ]}
        />
      ),
    true,
  );

  return (
    <ListSection
      id="global-modules-title"
      title="Global Modules"
      description="Modules offered to every year group of their college. Deleting one here removes it and everything under it for good."
      search={{ label: 'Search global modules', placeholder: 'Module name', ...list.search }}
      action={manage && <Button onClick={() => setEditing('new')}>Add Global Module</Button>}
      table={{
        label: 'Global modules',
        columns,
        onRowActivate: (m) => void navigate(subjectsPath(m)),
        ...list.table,
      }}
    >
      {editing && actor && (
        <ModuleFormModal
          actor={actor}
          module={editing === 'new' ? null : editing}
          global
          onClose={() => setEditing(null)}
        />
      )}
      <RowConfirmDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Permanently delete global module?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{deleting?.name}</strong> with all its
            subjects and topics and their flashcards, MCQs and pages, for every year group. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete Permanently"
        run={(m) => deleteGlobal.mutateAsync(m.id)}
        failure={(err) => MSG.deleteGlobalModuleFailed(reasonOf(err))}
        success={(m) => NOTICE.globalModuleDeleted(m.name)}
      />
    </ListSection>
  );
}
