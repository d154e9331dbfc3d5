// Paid-module access (SPEC §5 Users, §6): grant only a module that is not free, not archived, in the
// student's — and the admin's own — college and year group (or global), and not yet owned; revoke.
// The student's visible set changes with it, so their next pull answers `reset`; a live 'content'
// event makes an online student sync at once.
import {
  can,
  MSG,
  type Actor,
  type GrantableModule,
  type OwnedModule,
  type UserModulesResponse,
  type UserTarget,
} from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { targetOf } from './dto.ts';
import { grantsRepository as repo } from './grants-repository.ts';
import { moduleNotFound } from './modules-service.ts';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.user>>>;
type ModuleRow = NonNullable<Awaited<ReturnType<typeof repo.module>>>;
const userTarget = (u: UserRow): UserTarget => ({
  id: u.id,
  role: u.role,
  collegeId: u.collegeId,
  yearGroup: u.yearGroup,
});

export function grantsService(deps: ContentDeps) {
  const { db } = deps;

  const loadUser = (tx: DbOrTx, actor: Actor, id: string, lock = false) =>
    requireAccess(actor, 'grants.manage', {
      load: () => repo.user(tx, id, { lock }),
      notFound: () => notFound(MSG.userNotFound, 'USER_NOT_FOUND'),
      target: (u) => ({ user: userTarget(u) }),
    });
  /** The module to grant or revoke, judged with the student; `check` refuses one that cannot be granted. */
  const loadModule = (
    tx: DbOrTx,
    actor: Actor,
    u: UserRow,
    moduleId: string,
    check?: (m: ModuleRow) => void,
  ) =>
    requireAccess(actor, 'grants.manage', {
      load: () => repo.module(tx, moduleId),
      notFound: moduleNotFound,
      check,
      target: (m) => ({ user: userTarget(u), module: targetOf(m) }),
    });

  const modulesOf = async (tx: DbOrTx, actor: Actor, u: UserRow): Promise<UserModulesResponse> => {
    const owned: OwnedModule[] = (await repo.owned(tx, u.id)).map((m) => ({
      moduleId: m.moduleId,
      name: m.name,
      stage: m.stage,
      isGlobal: m.isGlobal,
      purchasedAt: m.purchasedAt.getTime(),
      grantedBy: m.grantedBy,
    }));
    const grantable: GrantableModule[] =
      u.collegeId && u.yearGroup
        ? (await repo.grantable(tx, u.id, { collegeId: u.collegeId, yearGroup: u.yearGroup }))
            .filter((m) => can(actor, 'grants.manage', { user: userTarget(u), module: targetOf(m) }))
            .map((m) => ({ id: m.id, name: m.name, stage: m.stage, isGlobal: m.isGlobal }))
        : [];
    return { owned, grantable };
  };

  /** After commit: the student's devices sync now (their visible set changed). */
  const tell = (userId: string) =>
    deps.events
      ?.publish(userId, 'content', { grants: true })
      .catch((err: unknown) => deps.log?.warn({ err }, 'could not publish the grant event'));

  return {
    async list(actor: Actor, userId: string): Promise<UserModulesResponse> {
      allow(can(actor, 'admin.area'));
      return modulesOf(db, actor, await loadUser(db, actor, userId));
    },

    async grant(actor: Actor, userId: string, moduleId: string): Promise<UserModulesResponse> {
      allow(can(actor, 'admin.area'));
      const out = await db.transaction(async (tx) => {
        const u = await loadUser(tx, actor, userId, true);
        const m = await loadModule(tx, actor, u, moduleId, (m) => {
          const inUserScope = m.collegeId === u.collegeId && (m.isGlobal || m.yearGroup === u.yearGroup);
          if (m.isFree || m.isArchived || !inUserScope)
            throw badRequest(MSG.moduleNotGrantable, 'MODULE_NOT_GRANTABLE');
        });
        const granted = await repo.grant(tx, {
          userId: u.id,
          moduleId: m.id,
          grantedBy: actor.id,
          generationId: u.yearGroup ?? '',
        });
        if (!granted) throw conflict(MSG.moduleAlreadyOwned, 'ALREADY_OWNED');
        return modulesOf(tx, actor, u);
      });
      await tell(userId);
      return out;
    },

    async revoke(actor: Actor, userId: string, moduleId: string): Promise<UserModulesResponse> {
      allow(can(actor, 'admin.area'));
      const out = await db.transaction(async (tx) => {
        const u = await loadUser(tx, actor, userId, true);
        const m = await loadModule(tx, actor, u, moduleId);
        if (!(await repo.revoke(tx, u.id, m.id))) throw notFound(MSG.moduleNotOwned, 'NOT_OWNED');
        return modulesOf(tx, actor, u);
      });
      await tell(userId);
      return out;
    },
  };
}

export type GrantsService = ReturnType<typeof grantsService>;
