// 'College Management' (superadmin): add colleges, rename them, manage their year groups, delete them.
import { MSG } from '@zan/core';
import { Alert, Button, Card, EmptyState, Skeleton } from '../../ui/index.ts';
import { AddCollegeForm } from './components/add-college-form.tsx';
import { CollegeCard } from './components/college-card.tsx';
import { useColleges } from './hooks/use-colleges.ts';

export function CollegesTab() {
  const colleges = useColleges();

  return (
    <section aria-labelledby="colleges-title">
      <header className="mb-5">
        <h1 id="colleges-title" className="text-xl font-semibold tracking-tight text-fg">
          College Management
        </h1>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          Colleges and their year groups are what students choose at sign-up and what admins are scoped to.
        </p>
      </header>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
        <div className="lg:sticky lg:top-4">
          <AddCollegeForm />
        </div>
        <div className="flex flex-col gap-4" aria-busy={colleges.isPending}>
          {colleges.isPending && (
            <>
              <span className="sr-only" role="status">
                Loading colleges
              </span>
              {[0, 1, 2].map((i) => (
                <Card key={i} className="flex flex-col gap-3 p-5">
                  <Skeleton className="h-5 w-1/2" />
                  <Skeleton className="h-4 w-24" />
                  <div className="flex gap-2">
                    <Skeleton className="h-7 w-32 rounded-full" />
                    <Skeleton className="h-7 w-28 rounded-full" />
                  </div>
                </Card>
              ))}
            </>
          )}
          {colleges.isError && (
            <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
              <span>{MSG.fetchCollegeFailed}</span>
              <Button size="sm" variant="secondary" onClick={() => void colleges.refetch()}>
                Try Again
              </Button>
            </Alert>
          )}
          {colleges.data?.length === 0 && (
            <EmptyState title="No colleges yet" description="Add the first college — students pick it, and a year group, when they sign up." />
          )}
          {colleges.data && colleges.data.length > 0 && (
            <>
              <p className="text-sm text-muted">
                {colleges.data.length === 1 ? '1 college' : `${colleges.data.length} colleges`}, sorted by name
              </p>
              <ul className="grid gap-4 xl:grid-cols-2">
                {colleges.data.map((c) => (
                  <li key={c.id} className="min-w-0">
                    <CollegeCard college={c} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
