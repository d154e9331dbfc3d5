// Modules tab (/dashboard/modules, the admin home): the modules of the caller's scope (every
// non-archived module for a superadmin), searched, 15 per page; Add, Edit, and Archive where can() allows.
import { can, type AdminModule } from '@zan/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { moduleListQuery } from '../../lib/resources/modules.ts';
import { useActor } from '../../lib/use-actor.ts';
import { usePagedAdminList } from '../../lib/use-paged-admin-list.ts';
import { Button, EmptyState, ListSection, RowActions } from '../../ui/index.ts';
import { ArchiveModuleDialog } from './components/archive-module-dialog.tsx';
import { moduleColumns, subjectsPath } from './components/module-columns.tsx';
import { ModuleFormModal } from './components/module-form-modal.tsx';

export function ModulesTab() {
  const actor = useActor();
  const navigate = useNavigate();
  const list = usePagedAdminList({
    query: (search) => moduleListQuery({ search }),
    rows: (p) => p.modules,
    noun: 'modules',
    empty: (
      <EmptyState
        title="No modules yet"
        description="Add the first module; students of its year group see it after their next sync."
      />
    ),
  });
  const [editing, setEditing] = useState<AdminModule | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AdminModule | null>(null);
  const canAdd = can(actor, 'module.create');
  const seesAll = can(actor, 'colleges.manage');

  const columns = moduleColumns(
    (m) => (
      <RowActions
        name={m.name}
        actions={[
          can(actor, 'module.edit', m) && { label: 'Edit', onClick: () => setEditing(m) },
          can(actor, 'module.archive', m) && {
            label: 'Archive',
            danger: true,
            onClick: () => setArchiving(m),
          },
        ]}
      />
    ),
    seesAll,
  );

  return (
    <ListSection
      id="modules-title"
      title="Modules"
      description={
        seesAll
          ? 'Every active module of every college. A module name opens its subjects.'
          : 'The modules of your college and year group. A module name opens its subjects.'
      }
      search={{ label: 'Search modules', placeholder: 'Module name', ...list.search }}
      action={canAdd && <Button onClick={() => setEditing('new')}>Add Module</Button>}
      table={{
        label: 'Modules',
        columns,
        onRowActivate: (m) => void navigate(subjectsPath(m)),
        ...list.table,
      }}
    >
      {editing && actor && (
        <ModuleFormModal
          actor={actor}
          module={editing === 'new' ? null : editing}
          global={false}
          onClose={() => setEditing(null)}
        />
      )}
      <ArchiveModuleDialog module={archiving} onClose={() => setArchiving(null)} />
    </ListSection>
  );
}
