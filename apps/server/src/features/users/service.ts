// User-management rules (SPEC §4 User admin actions, §5 Users, §6): who may list whom, role changes
// with their scope rules, the last-superadmin guard, and deletion by typed email.
import {
  ADMIN_PAGE_SIZE,
  can,
  managesScope,
  MSG,
  otherSuperadmins,
  roleChangeAction,
  roleUnchanged,
  userListBounds,
  type Actor,
  type Role,
  type DeleteUserBody,
  type SetRoleBody,
  type UserListItem,
  type UserListQuery,
  type UserListResponse,
  type UserTarget,
} from '@zan/core';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, forbidden, NOT_PERMITTED, notFound } from '../../errors.ts';
import { requireAccess } from '../../domain/access.ts';
import { checkCollegeYear } from '../../domain/college-scope.ts';
import { decodeCursor, encodeCursor } from '../../domain/list-cursor.ts';
import { usersRepository as repo, type UserFilter, type UserRow } from './repository.ts';

/** Publishes a live 'profile' event to each user (wired to platform/events.ts by routes.ts). */
export type ProfileNotifier = (userIds: string[]) => Promise<void>;
export type UsersServiceDeps = { db: Database; notifyProfile: ProfileNotifier };

const displayNameOf = (r: Pick<UserRow, 'name' | 'firstName' | 'lastName' | 'email'>): string =>
  `${r.firstName} ${r.lastName}`.trim() || r.name.trim() || r.email;

const toListItem = (r: UserRow): UserListItem => ({
  uid: r.id,
  email: r.email,
  displayName: displayNameOf(r),
  role: r.role,
  emailVerified: r.emailVerified,
  collegeId: r.collegeId,
  collegeName: r.collegeName,
  yearGroup: r.yearGroup,
  adminCollegeId: r.adminCollegeId,
  adminCollegeName: r.adminCollegeName,
  adminYearGroup: r.adminYearGroup,
  createdAt: r.createdAt.toISOString(),
});

/** The user as can() judges role changes, deletion and grants. */
const userTarget = (r: Pick<UserRow, 'id' | 'role' | 'collegeId' | 'yearGroup'>): UserTarget => ({
  id: r.id,
  role: r.role,
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
});

/** The users list's cursor key: the email of the last row sent. */
const emailKey = (v: unknown): string | null =>
  v && typeof v === 'object' && 'e' in v && typeof v.e === 'string' ? v.e : null;

/** The actor with their role as locked (a concurrent change may have demoted them); null: not locked, so no superadmin. */
const asLocked = (actor: Actor, locked: readonly { id: string; role: Role }[]): Actor | null => {
  const row = locked.find((r) => r.id === actor.id);
  return row ? { ...actor, role: row.role } : null;
};

export function usersService({ db, notifyProfile }: UsersServiceDeps) {
  return {
    /**
     * A superadmin sees everyone; an admin only students (role user) of their own college + year
     * group, and an admin with no scope sees nobody (SPEC §6 "loads nothing").
     */
    async list(actor: Actor | null, q: UserListQuery): Promise<UserListResponse> {
      if (!actor || !can(actor, 'admin.area')) throw forbidden();
      const filter: UserFilter = { limit: ADMIN_PAGE_SIZE + 1 };
      const search = q.search?.trim();
      if (search) filter.search = search;
      const afterEmail = decodeCursor(q.cursor, emailKey);
      if (afterEmail !== null) filter.afterEmail = afterEmail;
      // An admin lists the students of their own scope; one without a scope lists nobody (core).
      const bounds = userListBounds(actor, q.role);
      if (!bounds) return { users: [], nextCursor: null };
      if (bounds.role) filter.role = bounds.role;
      if (bounds.scope) filter.scope = bounds.scope;
      const rows = await repo.list(db, filter);
      const page = rows.slice(0, ADMIN_PAGE_SIZE);
      const last = page.at(-1);
      return {
        users: page.map(toListItem),
        nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor({ e: last.email }) : null,
      };
    },

    /** Promote, update scope, demote, make superadmin (superadmin only). */
    async setRole(actor: Actor | null, targetId: string, body: SetRoleBody): Promise<UserListItem> {
      if (!actor || !can(actor, roleChangeAction('user', body.newRole))) throw forbidden();
      const takesScope = managesScope(body.newRole);
      if (takesScope && (!body.collegeId?.trim() || !body.yearGroup?.trim())) {
        throw badRequest(MSG.promoteNeedsScope, 'SCOPE_REQUIRED');
      }
      const updated = await db.transaction(async (tx) => {
        const locked = await repo.lockForRoleChange(tx, targetId);
        if (!can(asLocked(actor, locked), roleChangeAction('user', body.newRole))) throw forbidden();
        // The transition judged is the one from the loaded role. Demoting a student or making a
        // superadmin superadmin again changes nothing: returned as it is, no transition judged.
        const changeFrom = (t: UserRow) =>
          roleUnchanged(t.role, body.newRole) ? null : roleChangeAction(t.role, body.newRole);
        const target = await requireAccess(actor, changeFrom, {
          load: async () => (locked.some((r) => r.id === targetId) ? repo.get(tx, targetId) : undefined),
          notFound: () => notFound(MSG.userNotFound),
          target: userTarget,
          forbidden: NOT_PERMITTED,
        });
        const action = changeFrom(target);
        if (!action) return target;
        let adminCollegeId: string | null = null;
        let adminYearGroup: string | null = null;
        if (takesScope) {
          const collegeId = body.collegeId?.trim() ?? '';
          const yearGroup = body.yearGroup?.trim() ?? '';
          await checkCollegeYear(tx, collegeId, yearGroup, { allowGlobal: false, lock: true });
          adminCollegeId = collegeId;
          adminYearGroup = yearGroup;
        }
        // The last superadmin cannot step down: can() refuses users.revokeSuperadmin with no other one.
        const counted = { ...userTarget(target), otherSuperadmins: otherSuperadmins(locked, targetId) };
        if (!can(actor, action, counted)) throw conflict(MSG.lastSuperadmin, 'LAST_SUPERADMIN');
        await repo.setRole(tx, targetId, { role: body.newRole, adminCollegeId, adminYearGroup });
        const row = await repo.get(tx, targetId);
        if (!row) throw notFound(MSG.userNotFound);
        return row;
      });
      await notifyProfile([targetId]);
      return toListItem(updated);
    },

    /** Delete a user (superadmin only), never yourself, with the email typed exactly. */
    async remove(actor: Actor | null, targetId: string, body: DeleteUserBody): Promise<void> {
      if (!actor || !can(actor, 'users.delete')) throw forbidden();
      if (targetId === actor.id) throw badRequest(MSG.cannotDeleteSelf, 'CANNOT_DELETE_SELF');
      await db.transaction(async (tx) => {
        const locked = await repo.lockForRoleChange(tx, targetId);
        if (!can(asLocked(actor, locked), 'users.delete')) throw forbidden();
        const target = await requireAccess(actor, 'users.delete', {
          load: () => repo.get(tx, targetId),
          notFound: () => notFound(MSG.userNotFound),
          target: userTarget,
          forbidden: NOT_PERMITTED,
        });
        if (body.confirmEmail !== target.email)
          throw badRequest(MSG.confirmationMismatch, 'CONFIRMATION_MISMATCH');
        await repo.remove(tx, targetId);
      });
      await notifyProfile([targetId]);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
