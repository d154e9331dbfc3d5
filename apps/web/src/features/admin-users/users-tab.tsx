// 'User Management': search (debounced 500 ms), grouped sections Superadmins / Admins / Users — an
// admin sees only the students of their own college and year group — and the superadmin's actions.
import { can, MSG, USER_SEARCH_DEBOUNCE_MS, USER_GROUPS, type UserProfile } from '@zan/core';
import { useContext, useState } from 'react';
import { actorOf } from '../../lib/permissions.ts';
import { AuthContext } from '../../lib/session/index.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { Alert, EmptyState, SearchField, Spinner } from '../../ui/index.ts';
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
          <h2 id="users-title" className="text-xl font-semibold tracking-tight text-fg">
            User Management
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            {isSuper
              ? 'Everyone with an account. Promote students to admins of a college and year group, change scopes, or remove accounts.'
              : hasScope
                ? `Students of ${actor.adminCollegeName ?? 'your college'} · ${actor.adminYearGroup ?? ''}.`
                : 'Students of your college and year group.'}
          </p>
        </div>
        {hasScope && (
          <SearchField
            className="lg:w-80"
            label="Search users"
            value={search}
            onChange={setSearch}
            placeholder="Name or email"
          />
        )}
      </header>
      {!hasScope ? (
        <EmptyState
          title="No college or year group assigned"
          description="A superadmin needs to give you a college and a year group before you can see its students."
        />
      ) : (
        <div className="flex flex-col gap-8">
          {isSuper && colleges.isError && (
            <Alert tone="error">Could not load colleges for the scope selectors.</Alert>
          )}
          {groups.map((role) => (
            <UserGroup
              key={role}
              role={role}
              search={debounced}
              actor={me}
              manage={isSuper}
              colleges={colleges.data ?? []}
            />
          ))}
        </div>
      )}
    </section>
  );
}
