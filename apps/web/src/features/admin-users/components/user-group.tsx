// One section of the users tab (Superadmins / Admins / Users): a table on desktop, cards on a phone,
// 15 per page with 'Load More'.
import { MSG, roleLabel, type College, type Role, type UserListItem } from '@zan/core';
import { Alert, Badge, Button, Skeleton, type BadgeTone } from '../../../ui/index.ts';
import { useUserGroup } from '../hooks/use-users.ts';
import { scopeLine } from '../role-rules.ts';
import { UserActions } from './user-actions.tsx';

const TITLES: Record<Role, string> = { superadmin: 'Superadmins', admin: 'Admins', user: 'Users' };
const TONES: Record<Role, BadgeTone> = { superadmin: 'accent', admin: 'primary', user: 'neutral' };

type Props = {
  role: Role;
  search: string;
  actor: { uid: string; role: Role };
  colleges: College[];
};

const cell = 'block md:table-cell md:border-t md:border-line md:px-4 md:py-3 md:align-top';
const mobileLabel = 'mb-0.5 block text-xs font-medium uppercase tracking-wide text-muted md:hidden';

export function UserGroup({ role, search, actor, colleges }: Props) {
  const q = useUserGroup(role, search);
  const users: UserListItem[] = q.data?.pages.flatMap((p) => p.users) ?? [];
  const manage = actor.role === 'superadmin';
  const headingId = `users-group-${role}`;
  const loadFailed = q.isError && !q.isFetchNextPageError;
  const scopeHeading = role === 'admin' ? 'Manages' : 'College / year';

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

      {q.isPending && (
        <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4" role="status" aria-label={`Loading ${TITLES[role]}`}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-16" />
              <Skeleton className="h-4 w-1/4" />
            </div>
          ))}
        </div>
      )}
      {loadFailed && users.length === 0 && (
        <Alert tone="error" className="flex flex-wrap items-center justify-between gap-2">
          <span>{search ? MSG.loadUsersFailed : MSG.loadUsersFailedIndexes}</span>
          <Button size="sm" variant="secondary" onClick={() => void q.refetch()}>
            Try Again
          </Button>
        </Alert>
      )}
      {q.isSuccess && users.length === 0 && (
        <p className="rounded-2xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          {search ? `No ${TITLES[role].toLowerCase()} match “${search}”.` : `No ${TITLES[role].toLowerCase()} yet.`}
        </p>
      )}

      {users.length > 0 && (
        <div className="md:overflow-hidden md:rounded-2xl md:border md:border-line md:bg-surface md:shadow-sm">
          <table role="table" className="block w-full text-left text-sm md:table md:table-fixed md:border-collapse">
            <thead role="rowgroup" className="hidden md:table-header-group">
              <tr role="row" className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                <th role="columnheader" scope="col" className={`px-4 py-2.5 font-semibold ${manage ? 'w-[24%]' : 'w-1/2'}`}>
                  Name
                </th>
                <th role="columnheader" scope="col" className={`px-4 py-2.5 font-semibold ${manage ? 'w-[19%]' : ''}`}>
                  {scopeHeading}
                </th>
                {manage && (
                  <th role="columnheader" scope="col" className="px-4 py-2.5 font-semibold">
                    Actions
                  </th>
                )}
              </tr>
            </thead>
            <tbody role="rowgroup" className="flex flex-col gap-3 md:table-row-group">
              {users.map((u) => (
                <tr
                  role="row"
                  key={u.uid}
                  className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm md:table-row md:rounded-none md:border-0 md:bg-transparent md:p-0 md:shadow-none"
                >
                  <td role="cell" className={`${cell} min-w-0`}>
                    <div className="flex min-w-0 items-start justify-between gap-2 md:justify-start">
                      <span className="truncate font-medium text-fg">{u.displayName}</span>
                      <Badge tone={TONES[u.role]} className="shrink-0">
                        {roleLabel(u.role)}
                      </Badge>
                    </div>
                    <div className="truncate text-muted">{u.email}</div>
                  </td>
                  <td role="cell" className={cell}>
                    <span className={mobileLabel}>{scopeHeading}</span>
                    <span className="text-fg">{scopeLine(u)}</span>
                  </td>
                  {manage && (
                    <td role="cell" className={`${cell} border-t border-line pt-3`}>
                      <UserActions user={u} actor={actor} colleges={colleges} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {q.isFetchNextPageError && (
        <Alert tone="error">{MSG.loadMoreUsersFailed}</Alert>
      )}
      {q.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" busy={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            Load More
          </Button>
        </div>
      )}
    </section>
  );
}
