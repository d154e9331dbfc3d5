// Global Modules tab (superadmin): every global module — add, edit, and permanent delete straight
// from the tab ('{module} has been permanently deleted.').
import { can, MSG, NOTICE, TOPIC_SEARCH_DEBOUNCE_MS, type AdminModule } from '@zan/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { reasonOf } from '../../lib/failure.ts';
import { useActor } from '../../lib/use-actor.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ListHeader,
  RowActions,
  Table,
  useToast,
} from '../../ui/index.ts';
import { moduleColumns, subjectsPath } from './components/module-columns.tsx';
import { ModuleFormModal } from './components/module-form-modal.tsx';
import { useModuleList, useModuleMutations } from './hooks/use-modules.ts';

export function GlobalModulesTab() {
  const actor = useActor();
  const navigate = useNavigate();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), TOPIC_SEARCH_DEBOUNCE_MS);
  const q = useModuleList({ search: term, global: true });
  const { deleteGlobal } = useModuleMutations();
  const [editing, setEditing] = useState<AdminModule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminModule | null>(null);
  const modules = q.data?.pages.flatMap((p) => p.modules) ?? [];
  const failed = q.isError && !q.isFetchNextPageError;
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

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteGlobal.mutateAsync(deleting.id);
    } catch (err) {
      throw new Error(MSG.deleteGlobalModuleFailed(reasonOf(err)), { cause: err });
    }
    toast.success(NOTICE.globalModuleDeleted(deleting.name));
  }

  return (
    <section aria-labelledby="global-modules-title">
      <ListHeader
        id="global-modules-title"
        title="Global Modules"
        description="Modules offered to every year group of their college. Deleting one here removes it and everything under it for good."
        search={{
          label: 'Search global modules',
          value: search,
          onChange: setSearch,
          placeholder: 'Module name',
          error: failed && term ? MSG.searchFailed : null,
        }}
        action={manage && <Button onClick={() => setEditing('new')}>Add Global Module</Button>}
      />
      <Table
        label="Global modules"
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
            `No global modules match “${term}”.`
          ) : (
            <EmptyState
              title="No global modules"
              description="A global module reaches every year group of its college."
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
          global
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Permanently delete global module?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{deleting?.name}</strong> with all its
            subjects and topics and their flashcards, MCQs and pages, for every year group. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete Permanently"
        onConfirm={confirmDelete}
      />
    </section>
  );
}
