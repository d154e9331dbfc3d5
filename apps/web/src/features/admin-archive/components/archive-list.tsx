// One archived list (modules, subjects or topics): newest archivedAt first, 10 per page with 'Load
// More', Restore, and permanent delete after a confirmation naming everything that goes.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ARCHIVE_TYPE_LABEL,
  GLOBAL_YEAR_GROUP,
  MSG,
  NOTICE,
  type ArchiveKind,
  type ArchivedItem,
} from '@zan/core';
import { useState } from 'react';
import { reasonOf } from '../../../lib/failure.ts';
import {
  archiveImpactQuery,
  archiveListQuery,
  deleteArchived,
  restoreArchived,
} from '../../../lib/resources/archive.ts';
import { keys } from '../../../lib/resources/keys.ts';
import { usePagedAdminList } from '../../../lib/use-paged-admin-list.ts';
import {
  actionsColumn,
  Badge,
  RowActions,
  RowConfirmDialog,
  Table,
  useToast,
  type TableColumn,
} from '../../../ui/index.ts';
import { impactText } from '../impact.ts';

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const scope = (i: ArchivedItem) =>
  [i.collegeName, i.isGlobal || i.yearGroup === GLOBAL_YEAR_GROUP ? 'Global' : i.yearGroup]
    .filter(Boolean)
    .join(' · ');

function ImpactLine({ kind, item }: { kind: ArchiveKind; item: ArchivedItem }) {
  const q = useQuery(archiveImpactQuery(kind, item.id));
  if (q.isPending) return <span className="text-muted">Counting what goes with it…</span>;
  if (q.isError) return <span className="text-danger">{MSG.errorReason(reasonOf(q.error))}</span>;
  const under = { ...q.data.counts, [kind]: Math.max(0, q.data.counts[kind] - 1) };
  return (
    <span>
      {Object.values(under).some((n) => n > 0)
        ? `Also deleted: ${impactText(under)}.`
        : 'Nothing else is stored under it.'}
    </span>
  );
}

export function ArchiveList({ kind }: { kind: ArchiveKind }) {
  const type = ARCHIVE_TYPE_LABEL[kind];
  const qc = useQueryClient();
  const toast = useToast();
  const list = usePagedAdminList({
    query: () => archiveListQuery(kind),
    rows: (p) => p.items,
    noun: kind,
    empty: `No archived ${kind}.`,
    loadError: MSG.archivedLoadFailed(kind),
  });
  const [deleting, setDeleting] = useState<ArchivedItem | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  // Restoring or deleting changes every list: a module brings its subjects back, etc.
  const refresh = () =>
    Promise.all(
      [keys.archive(), keys.modules(), keys.subjects(), keys.topics(), keys.options()].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  const restore = useMutation({ mutationFn: (id: string) => restoreArchived(kind, id), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: string) => deleteArchived(kind, id), onSuccess: refresh });
  const headingId = `archive-${kind}`;

  async function doRestore(item: ArchivedItem) {
    setRestoring(item.id);
    try {
      await restore.mutateAsync(item.id);
      toast.success(NOTICE.restored(type));
    } catch (err) {
      toast.error(`${MSG.restoreFailed(type.toLowerCase())} ${reasonOf(err)}`);
    } finally {
      setRestoring(null);
    }
  }

  const columns: TableColumn<ArchivedItem>[] = [
    {
      id: 'name',
      header: type,
      hideMobileLabel: true,
      cell: (i) => (
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-fg">{i.name}</span>
            {i.isGlobal && <Badge tone="accent">Global</Badge>}
          </div>
          {i.parentName && <div className="text-muted">{i.parentName}</div>}
        </div>
      ),
    },
    { id: 'scope', header: 'College / year', cell: (i) => <span className="text-muted">{scope(i)}</span> },
    {
      id: 'archived',
      header: 'Archived',
      cell: (i) => (
        <span className="text-muted">
          {when(i.archivedAt)}
          {i.archivedByName ? ` by ${i.archivedByName}` : ''}
        </span>
      ),
    },
    actionsColumn(
      (i) => (
        <RowActions
          name={i.name}
          actions={[
            {
              label: 'Restore',
              busy: restoring === i.id,
              disabled: restoring !== null,
              onClick: () => void doRestore(i),
            },
            { label: 'Delete Permanently', danger: true, onClick: () => setDeleting(i) },
          ]}
        />
      ),
      'md:w-[19rem] md:text-right md:whitespace-nowrap',
    ),
  ];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold text-fg">
        Archived {kind}
      </h3>
      <Table label={`Archived ${kind}`} columns={columns} {...list.table} />
      <RowConfirmDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title={`Permanently delete ${type.toLowerCase()}?`}
        body={
          deleting && (
            <>
              This permanently deletes <strong className="text-fg">{deleting.name}</strong>.{' '}
              <ImpactLine kind={kind} item={deleting} /> This cannot be undone.
            </>
          )
        }
        confirmLabel="Delete Permanently"
        run={(i) => remove.mutateAsync(i.id)}
        failure={(err) => MSG.errorReason(reasonOf(err))}
        success={() => NOTICE.permanentlyDeleted(type)}
      />
    </section>
  );
}
