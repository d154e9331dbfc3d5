// 'College Management' (superadmin): add colleges, rename them, manage their year groups, delete them.
import { MSG, type College } from '@zan/core';
import { Badge, EmptyState, Table, type TableColumn } from '../../ui/index.ts';
import { AddCollegeForm } from './components/add-college-form.tsx';
import { CollegeActions } from './components/college-actions.tsx';
import { YearGroups } from './components/year-groups.tsx';
import { useColleges } from './hooks/use-colleges.ts';

const COLUMNS: TableColumn<College>[] = [
  {
    id: 'name',
    header: 'College',
    hideMobileLabel: true,
    className: 'md:w-[30%] md:align-top',
    cell: (c) => (
      <>
        <h3 className="break-words text-base font-semibold text-fg">{c.name}</h3>
        <Badge className="mt-1">
          {c.years.length === 1 ? '1 year group' : `${c.years.length} year groups`}
        </Badge>
      </>
    ),
  },
  { id: 'years', header: 'Year groups', className: 'md:align-top', cell: (c) => <YearGroups college={c} /> },
  {
    id: 'actions',
    header: 'Actions',
    hideMobileLabel: true,
    className: 'md:w-44 md:text-right md:align-top',
    cell: (c) => <CollegeActions college={c} />,
  },
];

export function CollegesTab() {
  const colleges = useColleges();

  return (
    <section aria-labelledby="colleges-title">
      <header className="mb-5">
        <h2 id="colleges-title" className="text-xl font-semibold tracking-tight text-fg">
          College Management
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">
          Colleges and their year groups are what students choose at sign-up and what admins are scoped to.
        </p>
      </header>
      <div className="grid gap-5 xl:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] xl:items-start">
        <div className="xl:sticky xl:top-4">
          <AddCollegeForm />
        </div>
        <Table
          label="Colleges"
          columns={COLUMNS}
          rows={colleges.data ?? []}
          rowKey={(c) => c.id}
          loading={colleges.isPending}
          error={colleges.isError ? MSG.fetchCollegeFailed : undefined}
          onRetry={() => void colleges.refetch()}
          busy={colleges.isFetching}
          empty={
            <EmptyState
              title="No colleges yet"
              description="Add the first college — students pick it, and a year group, when they sign up."
            />
          }
        />
      </div>
    </section>
  );
}
