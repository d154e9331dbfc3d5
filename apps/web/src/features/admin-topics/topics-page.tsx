// /admin/subject/{subjectId}/topics: one subject's topics with Add, Edit and Archive (SPEC §2), and
// 'Export all' (issue 21).
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@zan/core';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { ExportAllButton } from '../../lib/export/export-all-button.tsx';
import { subjectQuery } from '../../lib/resources/subjects.ts';
import { Alert, Badge, Breadcrumb, Button, Skeleton } from '../../ui/index.ts';
import { TopicList } from './components/topic-list.tsx';

const notFound = (err: unknown) => err instanceof ApiError && err.status === 404;

export function TopicsPage() {
  const { subjectId = '' } = useParams();
  const q = useQuery({ ...subjectQuery(subjectId), retry: (n, err) => !notFound(err) && n < 1 });
  const s = q.data;
  return (
    <div className="flex flex-col">
      <Breadcrumb
        items={[
          { label: 'Modules', to: '/dashboard/modules' },
          ...(s
            ? [{ label: s.moduleName, to: `/admin/module/${encodeURIComponent(s.moduleId)}/subjects` }]
            : []),
          { label: s?.name ?? 'Subject' },
        ]}
      />
      {q.isPending && (
        <div role="status" aria-label="Loading subject" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      )}
      {q.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{notFound(q.error) ? MSG.resourceNotFound('Subject') : MSG.loadModuleDataFailed}</span>
          <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}
      {s && (
        <>
          <div className="mb-6 flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{s.name}</h1>
            {s.isGlobal && <Badge tone="accent">Global</Badge>}
            <div className="ml-auto">
              <ExportAllButton scope={{ kind: 'subject', id: s.id, name: s.name }} />
            </div>
          </div>
          <TopicList
            subject={s}
            title="Topics"
            description={`The topics of ${s.name} (${s.moduleName}). A row opens the topic.`}
          />
        </>
      )}
    </div>
  );
}
