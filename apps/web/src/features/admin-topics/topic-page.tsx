// /admin/topic/{topicId}: the topic's details (name, subject, module, scope, dates) with Edit and
// Archive as can() allows, then its resources: flashcards, MCQs and pages (components/topic-resources.tsx).
import { useQuery } from '@tanstack/react-query';
import { can, GLOBAL_YEAR_GROUP, MSG, type AdminTopic } from '@zan/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { ExportAllButton } from '../../lib/export/export-all-button.tsx';
import { failureText } from '../../lib/failure.ts';
import { topicQuery } from '../../lib/resources/topics.ts';
import { useActor } from '../../lib/use-actor.ts';
import { Alert, Badge, Breadcrumb, Button, Card, ConfirmDialog, Skeleton, useToast } from '../../ui/index.ts';
import { TopicFormModal } from './components/topic-form-modal.tsx';
import { TopicResources } from './components/topic-resources.tsx';
import { useTopicMutations } from './hooks/use-topics.ts';

const notFound = (err: unknown) => err instanceof ApiError && err.status === 404;
const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="text-sm text-muted sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 break-words text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

export function TopicPage() {
  const { topicId = '' } = useParams();
  const actor = useActor();
  const navigate = useNavigate();
  const toast = useToast();
  const q = useQuery({ ...topicQuery(topicId), retry: (n, err) => !notFound(err) && n < 1 });
  const { archive } = useTopicMutations();
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const t: AdminTopic | undefined = q.data;

  return (
    <div className="flex flex-col">
      <Breadcrumb
        items={[
          { label: 'Topics', to: '/dashboard/topics' },
          ...(t
            ? [
                { label: t.moduleName, to: `/admin/module/${encodeURIComponent(t.moduleId)}/subjects` },
                { label: t.subjectName, to: `/admin/subject/${encodeURIComponent(t.subjectId)}/topics` },
              ]
            : []),
          { label: t?.name ?? 'Topic' },
        ]}
      />
      {q.isPending && (
        <div role="status" aria-label="Loading topic" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-48 w-full rounded-2xl" />
        </div>
      )}
      {q.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{notFound(q.error) ? MSG.topicNotFound : MSG.loadTopicFailed}</span>
          {!notFound(q.error) && (
            <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
              Try Again
            </Button>
          )}
        </Alert>
      )}
      {t && (
        <>
          <header className="mb-6 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-bold tracking-[0.18em] text-primary">TOPIC</p>
              <h1 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
                <span className="break-words">{t.name}</span>
                {t.isGlobal && <Badge tone="accent">Global</Badge>}
                {t.isArchived && <Badge tone="danger">Archived</Badge>}
              </h1>
            </div>
            <div className="flex flex-wrap gap-2">
              <ExportAllButton scope={{ kind: 'topic', id: t.id, name: t.name }} />
              <Button
                variant="secondary"
                onClick={() => setEditing(true)}
                disabled={!can(actor, 'topic.edit', t)}
                title={can(actor, 'topic.edit', t) ? undefined : MSG.globalTopicDenied}
              >
                Edit
              </Button>
              {can(actor, 'topic.archive', t) && !t.isArchived && (
                <Button
                  variant="ghost"
                  className="text-danger! hover:bg-danger/10"
                  onClick={() => setArchiving(true)}
                >
                  Archive
                </Button>
              )}
            </div>
          </header>
          <Card className="p-5">
            <h2 className="mb-4 text-base font-semibold text-fg">Details</h2>
            <dl className="flex flex-col gap-3">
              <Detail term="Topic">{t.name}</Detail>
              <Detail term="Subject">
                <Link
                  className="text-primary hover:underline"
                  to={`/admin/subject/${encodeURIComponent(t.subjectId)}/topics`}
                >
                  {t.subjectName}
                </Link>
              </Detail>
              <Detail term="Module">
                <Link
                  className="text-primary hover:underline"
                  to={`/admin/module/${encodeURIComponent(t.moduleId)}/subjects`}
                >
                  {t.moduleName}
                </Link>
              </Detail>
              <Detail term="Year group">
                {t.isGlobal || t.yearGroup === GLOBAL_YEAR_GROUP
                  ? 'Global (every year group of the college)'
                  : t.yearGroup}
              </Detail>
              <Detail term="Created">{when(t.createdAt)}</Detail>
              <Detail term="Last updated">{when(t.updatedAt)}</Detail>
            </dl>
          </Card>
          {actor ? (
            <TopicResources topic={t} />
          ) : (
            <Alert tone="error" className="mt-6">
              {MSG.topicOrAdminMissing}
            </Alert>
          )}
          {editing && actor && <TopicFormModal actor={actor} topic={t} onClose={() => setEditing(false)} />}
          <ConfirmDialog
            open={archiving}
            onOpenChange={setArchiving}
            title="Archive topic?"
            body={
              <>
                <strong className="text-fg">{t.name}</strong> will be hidden from students. It can be restored
                later from Archived Content, and its flashcards, MCQs and HTML are not deleted.
              </>
            }
            confirmLabel="Archive"
            onConfirm={async () => {
              try {
                await archive.mutateAsync(t.id);
              } catch (err) {
                throw new Error(failureText(MSG.saveTopicFailed, err), { cause: err });
              }
              toast.success(`Topic "${t.name}" archived.`);
              void navigate(`/admin/subject/${encodeURIComponent(t.subjectId)}/topics`);
            }}
          />
        </>
      )}
    </div>
  );
}
