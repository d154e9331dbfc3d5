// The subjects list of the Subjects tab and of a module's subjects page: search, 15 per page, Add /
// Edit / Archive as can() allows; a subject name opens its topics.
import { can, MSG, type AdminSubject, type ContentTarget } from '@zan/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { reasonOf } from '../../../lib/failure.ts';
import { subjectListQuery } from '../../../lib/resources/subjects.ts';
import { useActor } from '../../../lib/use-actor.ts';
import { usePagedAdminList } from '../../../lib/use-paged-admin-list.ts';
import {
  actionsColumn,
  Badge,
  Button,
  EmptyState,
  ListSection,
  RowActions,
  RowConfirmDialog,
  type TableColumn,
} from '../../../ui/index.ts';
import { useSubjectMutations } from '../hooks/use-subjects.ts';
import { SubjectFormModal } from './subject-form-modal.tsx';

const topicsPath = (s: { id: string }) => `/admin/subject/${encodeURIComponent(s.id)}/topics`;

type Props = {
  /** A module's page: only its subjects, Add locked to it (hidden when can() refuses). */
  module?: ({ id: string; name: string } & ContentTarget) | undefined;
  title: string;
  description: string;
};

export function SubjectList({ module, title, description }: Props) {
  const actor = useActor();
  const navigate = useNavigate();
  const { archive } = useSubjectMutations();
  const [editing, setEditing] = useState<AdminSubject | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AdminSubject | null>(null);
  const canAdd = module ? can(actor, 'subject.create', module) : can(actor, 'subject.create');
  const list = usePagedAdminList({
    query: (search) => subjectListQuery({ search, moduleId: module?.id }),
    rows: (p) => p.subjects,
    noun: 'subjects',
    empty: (
      <EmptyState
        title="No subjects yet"
        description={
          canAdd
            ? 'Add a subject to start filling this module.'
            : 'Subjects added here show for students after their next sync.'
        }
      />
    ),
  });

  const columns: TableColumn<AdminSubject>[] = [
    {
      id: 'name',
      header: 'Subject',
      hideMobileLabel: true,
      cell: (s) => (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Link
            to={topicsPath(s)}
            className="font-medium text-fg underline-offset-2 hover:text-primary hover:underline"
          >
            {s.name}
          </Link>
          {s.isGlobal && <Badge tone="accent">Global</Badge>}
        </div>
      ),
    },
    ...(module
      ? []
      : [
          {
            id: 'module',
            header: 'Module',
            cell: (s: AdminSubject) => <span className="text-muted">{s.moduleName}</span>,
          },
        ]),
    actionsColumn((s) => (
      <RowActions
        name={s.name}
        actions={[
          can(actor, 'subject.edit', s) && { label: 'Edit', onClick: () => setEditing(s) },
          can(actor, 'subject.archive', s) && {
            label: 'Archive',
            danger: true,
            onClick: () => setArchiving(s),
          },
        ]}
      />
    )),
  ];

  return (
    <ListSection
      id="subjects-title"
      title={title}
      description={description}
      search={{ label: 'Search subjects', placeholder: 'Subject name', ...list.search }}
      action={canAdd && <Button onClick={() => setEditing('new')}>Add Subject</Button>}
      table={{
        label: 'Subjects',
        columns,
        onRowActivate: (s) => void navigate(topicsPath(s)),
        ...list.table,
      }}
    >
      {editing && actor && (
        <SubjectFormModal
          actor={actor}
          subject={editing === 'new' ? null : editing}
          moduleId={module?.id}
          onClose={() => setEditing(null)}
        />
      )}
      <RowConfirmDialog
        row={archiving}
        onClose={() => setArchiving(null)}
        title="Archive subject?"
        body={
          <>
            <strong className="text-fg">{archiving?.name}</strong> and its topics will be hidden from
            students. It can be restored later from Archived Content; nothing is deleted.
          </>
        }
        confirmLabel="Archive"
        run={(s) => archive.mutateAsync(s.id)}
        failure={(err) => MSG.saveSubjectFailed(reasonOf(err))}
        success={(s) => `Subject "${s.name}" archived.`}
      />
    </ListSection>
  );
}
