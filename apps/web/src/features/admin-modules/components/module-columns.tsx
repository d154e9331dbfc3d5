// The modules table's columns: name (opens the module's subjects), stage, access, scope, actions.
import { GLOBAL_YEAR_GROUP, stageTitle, type AdminModule } from '@zan/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { actionsColumn, Badge, type TableColumn } from '../../../ui/index.ts';

export const subjectsPath = (m: { id: string }) => `/admin/module/${encodeURIComponent(m.id)}/subjects`;

const scopeText = (m: AdminModule) =>
  [m.collegeName, m.isGlobal || m.yearGroup === GLOBAL_YEAR_GROUP ? 'All years' : m.yearGroup]
    .filter(Boolean)
    .join(' · ');

export function moduleColumns(
  actions: (m: AdminModule) => ReactNode,
  showScope: boolean,
): TableColumn<AdminModule>[] {
  const cols: TableColumn<AdminModule>[] = [
    {
      id: 'name',
      header: 'Module',
      hideMobileLabel: true,
      cell: (m) => (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Link
            to={subjectsPath(m)}
            className="font-medium text-fg underline-offset-2 hover:text-primary hover:underline"
          >
            {m.name}
          </Link>
          {m.isGlobal && <Badge tone="accent">Global</Badge>}
        </div>
      ),
    },
    {
      id: 'stage',
      header: 'Stage',
      mobileHalf: true,
      className: 'md:w-24',
      cell: (m) => stageTitle(m.stage),
    },
    {
      id: 'access',
      header: 'Access',
      mobileHalf: true,
      className: 'md:w-24',
      cell: (m) => <Badge tone={m.isFree ? 'neutral' : 'primary'}>{m.isFree ? 'Free' : 'Paid'}</Badge>,
    },
  ];
  if (showScope)
    cols.push({
      id: 'scope',
      header: 'College / year',
      cell: (m) => <span className="text-muted">{scopeText(m)}</span>,
    });
  cols.push(actionsColumn(actions));
  return cols;
}
