// A row's superadmin actions: college + year-group selectors with Promote / Update scope, Demote,
// Make Superadmin, and Delete (the user's email typed exactly).
import {
  managesScope,
  MSG,
  NOTICE,
  scopeOf,
  sortedYears,
  type Actor,
  type College,
  type Role,
  type UserListItem,
} from '@zan/core';
import { useState } from 'react';
import { Button, ConfirmDialog, useToast } from '../../../ui/index.ts';
import { useUserMutations } from '../hooks/use-users.ts';
import { reasonOf, rowActions, scopeProblem } from '../role-rules.ts';

// Wide enough for a college or year-group name at 1280 px (they were cut off at a fixed 9 rem).
const selectCls =
  'h-9 w-full min-w-0 rounded-lg border border-muted bg-surface px-2 text-sm text-fg focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60 sm:min-w-[13rem] sm:flex-1';

type Props = { user: UserListItem; actor: Actor; colleges: College[] };
type Pending = 'scope' | 'user' | 'superadmin' | null;

export function UserActions({ user, actor, colleges }: Props) {
  const actions = rowActions(user, actor);
  const { setRole, remove } = useUserMutations();
  const toast = useToast();
  // The selectors start at the scope the user has: an admin's managed one, a student's own.
  const scope = scopeOf(user);
  const initialCollege = (scope.kind === 'all' ? user.collegeId : scope.collegeId) ?? '';
  const initialYear = (scope.kind === 'all' ? user.yearGroup : scope.yearGroup) ?? '';
  const [collegeId, setCollegeId] = useState(initialCollege);
  const [yearGroup, setYearGroup] = useState(initialYear);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [confirm, setConfirm] = useState<'promote' | 'demote' | 'superadmin' | 'delete' | null>(null);
  const college = colleges.find((c) => c.id === collegeId);
  const years = college ? sortedYears(college.years) : [];
  const name = user.displayName || user.email;

  async function change(newRole: Role, kind: Exclude<Pending, null>) {
    setError(null);
    if (managesScope(newRole)) {
      const problem = scopeProblem(collegeId, yearGroup);
      if (problem) return setError(problem);
    }
    setPending(kind);
    try {
      const body = managesScope(newRole) ? { newRole, collegeId, yearGroup } : { newRole };
      await setRole.mutateAsync({ uid: user.uid, body });
      toast.success(NOTICE.roleUpdated(newRole));
    } catch (err) {
      // The confirm dialog shows it and stays open.
      throw new Error(MSG.updateRoleFailed(reasonOf(err)), { cause: err });
    } finally {
      setPending(null);
    }
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync({ uid: user.uid, confirmEmail: user.email });
    } catch (err) {
      throw new Error(MSG.deleteUserFailed(reasonOf(err)), { cause: err });
    }
    toast.success(NOTICE.userDeleted);
  }

  /** Promote and Update Scope check the scope first, then ask like every other role change. */
  function askScopeChange() {
    setError(null);
    const problem = scopeProblem(collegeId, yearGroup);
    if (problem) return setError(problem);
    setConfirm('promote');
  }

  if (!actions.scope && !actions.demote && !actions.makeSuperadmin && !actions.delete) {
    return <span className="text-sm text-muted">{user.uid === actor.id ? 'You' : '—'}</span>;
  }
  const scopeChanged = collegeId !== (user.adminCollegeId ?? '') || yearGroup !== (user.adminYearGroup ?? '');

  return (
    <div className="flex flex-col gap-2">
      {actions.scope && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <select
            aria-label={`College for ${name}`}
            value={collegeId}
            onChange={(e) => {
              setCollegeId(e.target.value);
              setYearGroup('');
              setError(null);
            }}
            title={college?.name}
            className={selectCls}
          >
            <option value="">Select college</option>
            {colleges.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            aria-label={`Year group for ${name}`}
            value={yearGroup}
            onChange={(e) => {
              setYearGroup(e.target.value);
              setError(null);
            }}
            disabled={!college}
            title={yearGroup || undefined}
            className={selectCls}
          >
            <option value="">Select year group</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant={actions.scope === 'promote' ? 'primary' : 'secondary'}
            busy={pending === 'scope'}
            disabled={pending !== null || (actions.scope === 'update' && !scopeChanged)}
            onClick={askScopeChange}
            className="shrink-0"
          >
            {actions.scope === 'promote' ? 'Promote' : 'Update Scope'}
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {actions.demote && (
          <Button
            size="sm"
            variant="secondary"
            disabled={pending !== null}
            onClick={() => setConfirm('demote')}
          >
            Demote
          </Button>
        )}
        {actions.makeSuperadmin && (
          <Button
            size="sm"
            variant="secondary"
            disabled={pending !== null}
            onClick={() => setConfirm('superadmin')}
          >
            Make Superadmin
          </Button>
        )}
        {actions.delete && (
          <Button
            size="sm"
            variant="ghost"
            className="text-danger! hover:bg-danger/10"
            disabled={pending !== null}
            onClick={() => setConfirm('delete')}
          >
            Delete
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirm === 'promote'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={actions.scope === 'promote' ? 'Promote to admin?' : 'Update admin scope?'}
        body={`${name} will manage ${college?.name ?? 'the college'} · ${yearGroup}: its modules, subjects, topics, announcements and students.`}
        confirmLabel={actions.scope === 'promote' ? 'Promote' : 'Update Scope'}
        confirmVariant="primary"
        onConfirm={() => change('admin', 'scope')}
      />
      <ConfirmDialog
        open={confirm === 'demote'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Demote to student?"
        body={`${name} will no longer manage ${user.adminCollegeName ?? 'their college'}${user.adminYearGroup ? ` · ${user.adminYearGroup}` : ''}.`}
        confirmLabel="Demote"
        onConfirm={() => change('user', 'user')}
      />
      <ConfirmDialog
        open={confirm === 'superadmin'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Make superadmin?"
        body={`${name} will see all content and manage colleges, every user, global modules and the archive.`}
        confirmLabel="Make Superadmin"
        confirmVariant="primary"
        onConfirm={() => change('superadmin', 'superadmin')}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete user?"
        body={
          <>
            This permanently deletes <strong className="text-fg">{name}</strong> and their study progress.
            Type their email to confirm.
          </>
        }
        confirmText={user.email}
        confirmTextLabel={`Type "${user.email}" to confirm`}
        confirmLabel="Delete User"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
