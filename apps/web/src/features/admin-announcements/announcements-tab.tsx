// Announcements tab (/dashboard/announcements): search by title, 'Add Announcement', a table of Title,
// Type, Event Date, Expires At and Actions (Edit, Delete — a soft archive, worded as permanent).
import { can, MSG, TOPIC_SEARCH_DEBOUNCE_MS, type AdminAnnouncement } from '@zan/core';
import { useState } from 'react';
import { failureText } from '../../lib/failure.ts';
import { useActor } from '../../lib/use-actor.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ListHeader,
  Table,
  useToast,
  type TableColumn,
} from '../../ui/index.ts';
import { AnnouncementFormModal } from './components/announcement-form-modal.tsx';
import { showDate } from './dates.ts';
import { useAnnouncementList, useAnnouncementMutations } from './hooks/use-announcements.ts';

export function AnnouncementsTab() {
  const actor = useActor();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), TOPIC_SEARCH_DEBOUNCE_MS);
  const q = useAnnouncementList(term);
  const { remove } = useAnnouncementMutations();
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);
  const rows = q.data?.pages.flatMap((p) => p.announcements) ?? [];
  const failed = q.isError && !q.isFetchNextPageError;
  const now = Date.now();

  const columns: TableColumn<AdminAnnouncement>[] = [
    {
      id: 'title',
      header: 'Title',
      hideMobileLabel: true,
      cell: (a) => <span className="font-medium text-fg">{a.title}</span>,
    },
    { id: 'type', header: 'Type', className: 'md:w-28', cell: (a) => <Badge tone="primary">{a.type}</Badge> },
    {
      id: 'date',
      header: 'Event Date',
      mobileHalf: true,
      className: 'md:w-36',
      cell: (a) => showDate(a.date),
    },
    {
      id: 'expires',
      header: 'Expires At',
      mobileHalf: true,
      className: 'md:w-48',
      cell: (a) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {showDate(a.expiresAt)}
          {a.expiresAt < now && <Badge tone="danger">Expired</Badge>}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideMobileLabel: true,
      className: 'md:w-44 md:text-right',
      cell: (a) => (
        <div className="flex flex-wrap gap-1 md:justify-end">
          {can(actor, 'announcement.edit', { ...a, isGlobal: false }) && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditing(a)}
              aria-label={`Edit ${a.title}`}
            >
              Edit
            </Button>
          )}
          {can(actor, 'announcement.archive', { ...a, isGlobal: false }) && (
            <Button
              size="sm"
              variant="ghost"
              className="text-danger! hover:bg-danger/10"
              onClick={() => setDeleting(a)}
              aria-label={`Delete ${a.title}`}
            >
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="announcements-title">
      <ListHeader
        id="announcements-title"
        title="Announcements"
        description="News, exams, holidays and events for your students, shown until they expire."
        search={{
          label: 'Search announcements',
          value: search,
          onChange: setSearch,
          placeholder: 'Title',
          error: failed && term ? MSG.searchFailed : null,
        }}
        action={
          can(actor, 'announcement.create') && (
            <Button onClick={() => setEditing('new')}>Add Announcement</Button>
          )
        }
      />
      <Table
        label="Announcements"
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        loading={q.isPending}
        error={failed && !term ? MSG.loadModuleDataFailed : undefined}
        onRetry={() => void q.refetch()}
        busy={q.isFetching}
        empty={
          term ? (
            `No announcements match “${term}”.`
          ) : (
            <EmptyState
              title="No announcements yet"
              description="Add one: students see it on their Announcements page after a sync."
            />
          )
        }
        hasMore={q.hasNextPage}
        onLoadMore={() => void q.fetchNextPage()}
        loadingMore={q.isFetchingNextPage}
        loadMoreError={q.isFetchNextPageError ? MSG.loadMoreFailed('announcements') : undefined}
      />
      {editing && actor && (
        <AnnouncementFormModal
          actor={actor}
          announcement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete announcement?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{deleting?.title}</strong>. Students will no
            longer see it.
          </>
        }
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
          } catch (err) {
            throw new Error(failureText(MSG.deleteItemFailed, err), { cause: err });
          }
          toast.success('Announcement deleted.');
        }}
      />
    </section>
  );
}
