// Modules tab (/dashboard/modules, the admin home): the modules of the caller's scope (every
// non-archived module for a superadmin), searched, 15 per page; Add, Edit, and Archive where can() allows.
import { can, MSG, TOPIC_SEARCH_DEBOUNCE_MS, type AdminModule } from '@zan/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useActor } from '../../lib/use-actor.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Button, EmptyState, ListHeader, RowActions, Table } from '../../ui/index.ts';
import { ArchiveModuleDialog } from './components/archive-module-dialog.tsx';
import { moduleColumns, subjectsPath } from './components/module-columns.tsx';
import { ModuleFormModal } from './components/module-form-modal.tsx';
import { useModuleList } from './hooks/use-modules.ts';

export function ModulesTab() {
  const actor = useActor();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), TOPIC_SEARCH_DEBOUNCE_MS);
  const q = useModuleList({ search: term });
  const [editing, setEditing] = useState<AdminModule | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AdminModule | null>(null);
  const modules = q.data?.pages.flatMap((p) => p.modules) ?? [];
  const failed = q.isError && !q.isFetchNextPageError;
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
    <section aria-labelledby="modules-title">
      <ListHeader
        id="modules-title"
        title="Modules"
        description={
          seesAll
            ? 'Every active module of every college. A module name opens its subjects.'
            : 'The modules of your college and year group. A module name opens its subjects.'
        }
        search={{
          label: 'Search modules',
          value: search,
          onChange: setSearch,
          placeholder: 'Module name',
          error: failed && term ? MSG.searchFailed : null,
        }}
        action={canAdd && <Button onClick={() => setEditing('new')}>Add Module</Button>}
      />
      <Table
        label="Modules"
        columns={columns}
        rows={modules}
        rowKey={(m) => m.id}
        loading={q.isPending}
        error={failed && !term ? MSG.loadModuleDataFailed : undefined}
        onRetry={() => void q.refetch()}
        busy={q.isFetching}
        onRowActivate={(m) => void navigate(subjectsPath(m))}
        empty={
          term ? (
            `No modules match “${term}”.`
          ) : (
            <EmptyState
              title="No modules yet"
              description="Add the first module; students of its year group see it after their next sync."
            />
          )
        }
        hasMore={q.hasNextPage}
        onLoadMore={() => void q.fetchNextPage()}
        loadingMore={q.isFetchingNextPage}
        loadMoreError={q.isFetchNextPageError ? MSG.loadMoreFailed('modules') : undefined}
      />
      {editing && actor && (
        <ModuleFormModal
          actor={actor}
          module={editing === 'new' ? null : editing}
          global={false}
          onClose={() => setEditing(null)}
        />
      )}
      <ArchiveModuleDialog module={archiving} onClose={() => setArchiving(null)} />
    </section>
  );
}
