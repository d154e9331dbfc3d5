// /admin/module/{moduleId}/subjects: one module's subjects with Add, Edit and Archive (SPEC §2), and
// 'Export all' (issue 21).
import { useQuery } from '@tanstack/react-query';
import { MSG, stageTitle } from '@zan/core';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { ExportAllButton } from '../../lib/export/export-all-button.tsx';
import { moduleQuery } from '../../lib/resources/modules.ts';
import { Alert, Badge, Breadcrumb, Button, Skeleton } from '../../ui/index.ts';
import { SubjectList } from './components/subject-list.tsx';

export function SubjectsPage() {
  const { moduleId = '' } = useParams();
  const q = useQuery({
    ...moduleQuery(moduleId),
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 1,
  });
  const m = q.data;
  return (
    <div className="flex flex-col">
      <Breadcrumb items={[{ label: 'Modules', to: '/dashboard/modules' }, { label: m?.name ?? 'Module' }]} />
      {q.isPending && (
        <div role="status" aria-label="Loading module" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      )}
      {q.isError && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {q.error instanceof ApiError && q.error.status === 404
              ? MSG.resourceNotFound('Module')
              : MSG.loadModuleDataFailed}
          </span>
          <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}
      {m && (
        <>
          <div className="mb-6 flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{m.name}</h1>
            <Badge>{stageTitle(m.stage)}</Badge>
            <Badge tone={m.isFree ? 'neutral' : 'primary'}>{m.isFree ? 'Free' : 'Paid'}</Badge>
            {m.isGlobal && <Badge tone="accent">Global</Badge>}
            <div className="ml-auto">
              <ExportAllButton scope={{ kind: 'module', id: m.id, name: m.name }} />
            </div>
          </div>
          <SubjectList
            module={m}
            title="Subjects"
            description={m.extraInfo ?? `The subjects of ${m.name}. A subject name opens its topics.`}
          />
        </>
      )}
    </div>
  );
}
