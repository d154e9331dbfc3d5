// 'User Management': search (debounced 500 ms), grouped sections Superadmins / Admins / Users — an
// admin sees only the students of their own college and year group — and the superadmin's actions.
import { can, MSG, USER_SEARCH_DEBOUNCE_MS, USER_GROUPS, type UserProfile } from '@zan/core';
import { useContext, useState } from 'react';
import { actorOf } from '../../lib/permissions.ts';
import { AuthContext } from '../../lib/session/index.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Alert, EmptyState, Spinner } from '../../ui/index.ts';
import { UserGroup } from './components/user-group.tsx';
import { useCollegeOptions } from './hooks/use-users.ts';

/** `actor` is the signed-in user's profile; without it the tab reads the session's profile. */
export function UsersTab({ actor: given }: { actor?: UserProfile }) {
  const sessionProfile = useContext(AuthContext)?.profile ?? null;
  const actor = given ?? sessionProfile;
  if (!actor) return <Spinner label={MSG.loadingProfile} />;
  return <UsersTabFor actor={actor} />;
}

function UsersTabFor({ actor }: { actor: UserProfile }) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const me = actorOf(actor);
  // Who manages roles sees every group with their actions; an admin sees the students of their scope.
  const isSuper = can(me, 'users.promote');
  const colleges = useCollegeOptions(isSuper);
  const groups = isSuper ? USER_GROUPS : (['user'] as const);
  const hasScope = can(me, 'users.list');

  return (
    <section aria-labelledby="users-title">
      <header className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 id="users-title" className="text-xl font-semibold tracking-tight text-fg">
            User Management
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            {isSuper
              ? 'Everyone with an account. Promote students to admins of a college and year group, change scopes, or remove accounts.'
              : hasScope
                ? `Students of ${actor.adminCollegeName ?? 'your college'} · ${actor.adminYearGroup ?? ''}.`
                : 'Students of your college and year group.'}
          </p>
        </div>
        {hasScope && (
          <div className="w-full lg:w-80">
            <label htmlFor="user-search" className="text-sm font-medium text-fg">
              Search users
            </label>
            <div className="relative mt-1">
              <svg viewBox="0 0 20 20" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <circle cx="9" cy="9" r="6" />
                <path d="M14 14l4 4" strokeLinecap="round" />
              </svg>
              <input
                id="user-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Name or email"
                autoComplete="off"
                maxLength={200}
                className="w-full rounded-lg border border-muted bg-surface py-2 pl-9 pr-3 text-sm text-fg placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
              />
            </div>
          </div>
        )}
      </header>
      {!hasScope ? (
        <EmptyState
          title="No college or year group assigned"
          description="A superadmin needs to give you a college and a year group before you can see its students."
        />
      ) : (
        <div className="flex flex-col gap-8">
          {isSuper && colleges.isError && <Alert tone="error">Could not load colleges for the scope selectors.</Alert>}
          {groups.map((role) => (
            <UserGroup key={role} role={role} search={debounced} actor={me} manage={isSuper} colleges={colleges.data ?? []} />
          ))}
        </div>
      )}
    </section>
  );
}
