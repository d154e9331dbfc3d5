// The topics list of the Topics tab and of a subject's topics page: search by topic, subject or module
// (debounced 300 ms, the server's searchTopics), a table of Topic / Subject / Module; a row opens the
// topic; Edit (disabled on global topics for admins) and Archive (superadmins) per row.
import { can, MSG, type AdminTopic, type ContentTarget } from '@zan/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../../../lib/failure.ts';
import { topicListQuery } from '../../../lib/resources/topics.ts';
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
import { useTopicMutations } from '../hooks/use-topics.ts';
import { TopicFormModal } from './topic-form-modal.tsx';

const topicPath = (t: { id: string }) => `/admin/topic/${encodeURIComponent(t.id)}`;

type Props = {
  subject?: ({ id: string; name: string } & ContentTarget) | undefined;
  title: string;
  description: string;
};

export function TopicList({ subject, title, description }: Props) {
  const actor = useActor();
  const navigate = useNavigate();
  const list = usePagedAdminList({
    query: (search) => topicListQuery({ search, subjectId: subject?.id }),
    rows: (p) => p.topics,
    noun: 'topics',
    empty: (
      <EmptyState
        title="No topics yet"
        description="Topics hold the flashcards, MCQs and lecture pages students study."
      />
    ),
  });
  const { archive } = useTopicMutations();
  const [editing, setEditing] = useState<AdminTopic | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AdminTopic | null>(null);
  const canAdd = subject ? can(actor, 'topic.create', subject) : can(actor, 'topic.create');

  const columns: TableColumn<AdminTopic>[] = [
    {
      id: 'name',
      header: 'Topic',
      hideMobileLabel: true,
      cell: (t) => (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium text-fg">{t.name}</span>
          {t.isGlobal && <Badge tone="accent">Global</Badge>}
        </div>
      ),
    },
    { id: 'subject', header: 'Subject', cell: (t) => <span className="text-muted">{t.subjectName}</span> },
    { id: 'module', header: 'Module', cell: (t) => <span className="text-muted">{t.moduleName}</span> },
    actionsColumn((t) => (
      <RowActions
        name={t.name}
        actions={[
          {
            label: 'Edit',
            onClick: () => setEditing(t),
            disabledReason: can(actor, 'topic.edit', t) ? undefined : MSG.globalTopicDenied,
          },
          can(actor, 'topic.archive', t) && {
            label: 'Archive',
            danger: true,
            onClick: () => setArchiving(t),
          },
        ]}
      />
    )),
  ];

  return (
    <ListSection
      id="topics-title"
      title={title}
      description={description}
      search={{ label: 'Search topics', placeholder: 'Topic, subject or module', ...list.search }}
      action={canAdd && <Button onClick={() => setEditing('new')}>Add Topic</Button>}
      table={{
        label: 'Topics',
        columns,
        onRowActivate: (t) => void navigate(topicPath(t)),
        rowActionLabel: (t) => `${t.name} — ${t.subjectName} · ${t.moduleName}`,
        ...list.table,
      }}
    >
      {editing && actor && (
        <TopicFormModal
          actor={actor}
          topic={editing === 'new' ? null : editing}
          subjectId={subject?.id}
          onClose={() => setEditing(null)}
        />
      )}
      <RowConfirmDialog
        row={archiving}
        onClose={() => setArchiving(null)}
        title="Archive topic?"
        body={
          <>
            <strong className="text-fg">{archiving?.name}</strong> will be hidden from students. It can be
            restored later from Archived Content, and its flashcards, MCQs and HTML are not deleted.
          </>
        }
        confirmLabel="Archive"
        run={(t) => archive.mutateAsync(t.id)}
        failure={(err) => failureText(MSG.saveTopicFailed, err)}
        success={(t) => `Topic "${t.name}" archived.`}
      />
    </ListSection>
  );
}
