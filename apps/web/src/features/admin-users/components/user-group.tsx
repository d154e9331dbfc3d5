// One section of the users tab (Superadmins / Admins / Users) on the shared Table: 15 per page with
// 'Load More', stacked rows on a phone.
import { can, MSG, roleLabel, type Actor, type College, type Role, type UserListItem } from '@zan/core';
import { useState } from 'react';
import { Badge, Button, Table, type BadgeTone, type TableColumn } from '../../../ui/index.ts';
import { useUserGroup } from '../hooks/use-users.ts';
import { scopeLine, userTarget } from '../role-rules.ts';
import { PaidModulesDialog } from './paid-modules-dialog.tsx';
import { UserActions } from './user-actions.tsx';

const TITLES: Record<Role, string> = { superadmin: 'Superadmins', admin: 'Admins', user: 'Users' };
const TONES: Record<Role, BadgeTone> = { superadmin: 'accent', admin: 'primary', user: 'neutral' };
/** The scope column's heading: what an admin manages, everyone else's own college and year. */
const SCOPE_HEADINGS: Record<Role, string> = {
  superadmin: 'College / year',
  admin: 'Manages',
  user: 'College / year',
};

type Props = {
  role: Role;
  search: string;
  actor: Actor;
  /** The actor manages roles: the Actions column shows. */
  manage: boolean;
  colleges: College[];
};

export function UserGroup({ role, search, actor, manage, colleges }: Props) {
  const q = useUserGroup(role, search);
  const users: UserListItem[] = q.data?.pages.flatMap((p) => p.users) ?? [];
  const headingId = `users-group-${role}`;
  const [grantsOf, setGrantsOf] = useState<UserListItem | null>(null);
  // May the actor grant this user a paid module of the user's own college and year group?
  const mayGrant = (u: UserListItem) =>
    can(actor, 'grants.manage', {
      user: userTarget(u),
      module: { collegeId: u.collegeId ?? '', yearGroup: u.yearGroup ?? '', isGlobal: false },
    });
  const grants = users.some(mayGrant);

  const columns: TableColumn<UserListItem>[] = [
    {
      id: 'name',
      header: 'Name',
      hideMobileLabel: true,
      className: manage ? 'md:w-[26%]' : 'md:w-1/2',
      cell: (u) => (
        <>
          <div className="flex min-w-0 items-start justify-between gap-2 md:justify-start">
            <span className="truncate font-medium text-fg">{u.displayName}</span>
            <Badge tone={TONES[u.role]} className="shrink-0">
              {roleLabel(u.role)}
            </Badge>
          </div>
          <div className="truncate text-muted">{u.email}</div>
        </>
      ),
    },
    {
      id: 'scope',
      header: SCOPE_HEADINGS[role],
      className: manage ? 'md:w-[18%]' : '',
      cell: (u) => <span className="text-fg">{scopeLine(u)}</span>,
    },
  ];
  if (grants) {
    columns.push({
      id: 'paid',
      header: 'Paid modules',
      className: 'md:w-40 md:whitespace-nowrap',
      cell: (u) =>
        mayGrant(u) && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setGrantsOf(u)}
            aria-label={`Paid modules of ${u.displayName || u.email}`}
          >
            Paid Modules
          </Button>
        ),
    });
  }
  if (manage) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      hideMobileLabel: true,
      className: 'border-t border-line pt-3 md:pt-3',
      cell: (u) => <UserActions user={u} actor={actor} colleges={colleges} />,
    });
  }

  return (
    <section aria-labelledby={headingId} aria-busy={q.isFetching} className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-fg">
          {TITLES[role]}
        </h2>
        {q.isSuccess && (
          <Badge aria-label={`${users.length}${q.hasNextPage ? ' or more' : ''} shown`}>
            {users.length}
            {q.hasNextPage ? '+' : ''}
          </Badge>
        )}
      </div>
      <Table
        label={TITLES[role]}
        columns={columns}
        rows={users}
        rowKey={(u) => u.uid}
        loading={q.isPending}
        error={
          q.isError && !q.isFetchNextPageError
            ? search
              ? MSG.loadUsersFailed
              : MSG.loadUsersFailedIndexes
            : undefined
        }
        onRetry={() => void q.refetch()}
        empty={
          search
            ? `No ${TITLES[role].toLowerCase()} match “${search}”.`
            : `No ${TITLES[role].toLowerCase()} yet.`
        }
        hasMore={q.hasNextPage}
        onLoadMore={() => void q.fetchNextPage()}
        loadingMore={q.isFetchingNextPage}
        loadMoreError={q.isFetchNextPageError ? MSG.loadMoreUsersFailed : undefined}
      />
      {grantsOf && <PaidModulesDialog user={grantsOf} onClose={() => setGrantsOf(null)} />}
    </section>
  );
}
