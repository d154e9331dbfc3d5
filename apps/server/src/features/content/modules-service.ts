// Module rules (SPEC §5 Module form, §6): the admin's scope or, for a superadmin, a chosen college and
// year group — or global mode (isGlobal forced, yearGroup 'global'); stage ≥ 1; archive superadmin-only;
// scope and isFree changes re-evaluate who sees the subtree. Every write through withContentWrite.
import {
  ADMIN_PAGE_SIZE,
  adminScope,
  can,
  GLOBAL_YEAR_GROUP,
  MSG,
  type Actor,
  type AdminModule,
  type ContentOptionsResponse,
  type ModuleCreateBody,
  type ModuleListQuery,
  type ModuleListResponse,
  type ModuleUpdateBody,
} from '@zan/core';
import { withContentWrite } from '../../domain/content-write.ts';
import { badRequest, notFound } from '../../errors.ts';
import { page } from '../../domain/list-cursor.ts';
import { decodeListCursor } from './cursor.ts';
import { checkCollegeYear } from '../../domain/college-scope.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { archiveItem } from './archiving.ts';
import { adminModuleDto, targetOf } from './dto.ts';
import { isGlobalModuleSql, readRepository as read, type ModuleRow } from './read-repository.ts';
import { writeRepository as write } from './write-repository.ts';
import type { Tx } from '../../db/client.ts';

export const moduleNotFound = () => notFound(MSG.resourceNotFound('Module'), 'MODULE_NOT_FOUND');
const listKey = (r: ModuleRow) => ({ k: r.sortKey, i: r.id });

export function modulesService(deps: ContentDeps) {
  const { db } = deps;
  /** The module as the caller sees it, locked (undefined: not there for them). */
  const locked = (tx: Tx, actor: Actor, id: string) => () => read.module(tx, actor, id, { lock: true });
  const reload = async (tx: Tx, actor: Actor, id: string): Promise<AdminModule> => {
    const row = await locked(tx, actor, id)();
    if (!row) throw moduleNotFound();
    return adminModuleDto(row);
  };

  return {
    async list(
      actor: Actor,
      q: ModuleListQuery,
      opts: { globalOnly?: boolean } = {},
    ): Promise<ModuleListResponse> {
      allow(can(actor, opts.globalOnly ? 'globalModules.manage' : 'admin.area'));
      const rows = await read.listModules(db, actor, {
        search: q.search?.trim() || undefined,
        cursor: decodeListCursor(q.cursor),
        limit: ADMIN_PAGE_SIZE + 1,
        ...(opts.globalOnly ? { where: isGlobalModuleSql } : {}),
      });
      const p = page(rows, ADMIN_PAGE_SIZE, listKey);
      return { modules: p.items.map(adminModuleDto), nextCursor: p.nextCursor };
    },

    async get(actor: Actor, id: string): Promise<AdminModule> {
      allow(can(actor, 'admin.area'));
      const row = await read.module(db, actor, id);
      if (!row) throw moduleNotFound();
      return adminModuleDto(row);
    },

    async options(actor: Actor): Promise<ContentOptionsResponse> {
      allow(can(actor, 'admin.area'));
      return read.options(db, actor);
    },

    async create(actor: Actor, body: ModuleCreateBody): Promise<AdminModule> {
      const scope = adminScope(actor);
      const isGlobal = body.isGlobal ?? false;
      const collegeId = body.collegeId?.trim() || scope?.collegeId;
      const yearGroup = isGlobal ? GLOBAL_YEAR_GROUP : body.yearGroup?.trim() || scope?.yearGroup;
      if (!collegeId || !yearGroup) throw badRequest(MSG.moduleRequired, 'MODULE_REQUIRED');
      const target = { collegeId, yearGroup, isGlobal };
      allow(can(actor, 'module.create', target), isGlobal ? MSG.globalModuleDenied : MSG.outOfScope);
      return withContentWrite(deps, async ({ tx }) => {
        await checkCollegeYear(tx, collegeId, yearGroup, { allowGlobal: isGlobal });
        const id = await write.insertModule(tx, {
          name: body.name,
          stage: body.stage,
          isFree: body.isFree ?? true,
          isGlobal,
          extraInfo: body.extraInfo || null,
          collegeId,
          yearGroup,
          createdBy: actor.id,
        });
        return reload(tx, actor, id);
      });
    },

    /** Edit; moving college / year group or changing isFree re-evaluates the whole subtree. */
    async update(actor: Actor, id: string, body: ModuleUpdateBody): Promise<AdminModule> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const cur = await requireAccess(actor, 'module.edit', {
          load: locked(uow.tx, actor, id),
          notFound: moduleNotFound,
          target: targetOf,
          forbidden: (r) => (targetOf(r).isGlobal ? MSG.globalModuleDenied : MSG.outOfScope),
        });
        const global = targetOf(cur).isGlobal;
        const collegeId = body.collegeId?.trim() || cur.collegeId;
        const yearGroup = global ? GLOBAL_YEAR_GROUP : body.yearGroup?.trim() || cur.yearGroup;
        allow(
          can(actor, 'module.edit', { collegeId, yearGroup, isGlobal: global }),
          global ? MSG.globalModuleDenied : MSG.outOfScope,
        );
        const moved = collegeId !== cur.collegeId || yearGroup !== cur.yearGroup;
        if (moved) await checkCollegeYear(uow.tx, collegeId, yearGroup, { allowGlobal: global });
        const values = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.stage !== undefined ? { stage: body.stage } : {}),
          ...(body.isFree !== undefined ? { isFree: body.isFree } : {}),
          ...(body.extraInfo !== undefined ? { extraInfo: body.extraInfo || null } : {}),
          collegeId,
          yearGroup,
        };
        const root = { module: id };
        if (moved || (body.isFree !== undefined && body.isFree !== cur.isFree)) {
          await uow.visibilityChange(root, async () => {
            await write.updateModule(uow.tx, id, values);
            if (moved) await write.propagateScope(uow.tx, root);
          });
        } else {
          await write.updateModule(uow.tx, id, values);
        }
        return reload(uow.tx, actor, id);
      });
    },

    /** Archive (superadmin): students lose the module and everything under it at their next sync. */
    async archive(actor: Actor, id: string): Promise<AdminModule> {
      return withContentWrite(deps, async (uow) => {
        await archiveItem(uow, actor, 'modules', id, {
          load: locked(uow.tx, actor, id),
          notFound: moduleNotFound,
        });
        return reload(uow.tx, actor, id);
      });
    },
  };
}

export type ModulesService = ReturnType<typeof modulesService>;
