// Announcements tab (/dashboard/announcements): search by title, 'Add Announcement', a table of Title,
// Type, Event Date, Expires At and Actions (Edit, Delete — a soft archive, worded as permanent).
import { can, MSG, type AdminAnnouncement } from '@zan/core';
import { useState } from 'react';
import { failureText } from '../../lib/failure.ts';
import { announcementListQuery } from '../../lib/resources/announcements.ts';
import { useActor } from '../../lib/use-actor.ts';
import { usePagedAdminList } from '../../lib/use-paged-admin-list.ts';
import {
  actionsColumn,
  Badge,
  Button,
  EmptyState,
  ListSection,
  RowActions,
  RowConfirmDialog,
  type TableColumn,
} from '../../ui/index.ts';
import { AnnouncementFormModal } from './components/announcement-form-modal.tsx';
import { showDate } from './dates.ts';
import { useAnnouncementMutations } from './hooks/use-announcements.ts';

export function AnnouncementsTab() {
  const actor = useActor();
  const list = usePagedAdminList({
    query: announcementListQuery,
    rows: (p) => p.announcements,
    noun: 'announcements',
    empty: (
      <EmptyState
        title="No announcements yet"
        description="Add one: students see it on their Announcements page after a sync."
      />
    ),
  });
  const { remove } = useAnnouncementMutations();
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);
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
    actionsColumn(
      (a) => (
        <RowActions
          name={a.title}
          actions={[
            can(actor, 'announcement.edit', { ...a, isGlobal: false }) && {
              label: 'Edit',
              onClick: () => setEditing(a),
            },
            can(actor, 'announcement.archive', { ...a, isGlobal: false }) && {
              label: 'Delete',
              danger: true,
              onClick: () => setDeleting(a),
            },
          ]}
        />
      ),
      'md:w-44 md:text-right',
    ),
  ];

  return (
    <ListSection
      id="announcements-title"
      title="Announcements"
      description="News, exams, holidays and events for your students, shown until they expire."
      search={{ label: 'Search announcements', placeholder: 'Title', ...list.search }}
      action={
        can(actor, 'announcement.create') && (
          <Button onClick={() => setEditing('new')}>Add Announcement</Button>
        )
      }
      table={{ label: 'Announcements', columns, ...list.table }}
    >
      {editing && actor && (
        <AnnouncementFormModal
          actor={actor}
          announcement={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <RowConfirmDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        title="Delete announcement?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{deleting?.title}</strong>. Students will no
            longer see it.
          </>
        }
        confirmLabel="Delete"
        run={(a) => remove.mutateAsync(a.id)}
        failure={(err) => failureText(MSG.deleteItemFailed, err)}
        success={() => 'Announcement deleted.'}
      />
    </ListSection>
  );
}
