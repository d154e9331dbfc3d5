// Subject rules (SPEC §5 Subject form, §6): name and parent module required; a subject under a global
// module (or made global) is global with yearGroup 'global' — superadmins only ('Only Super Admins can
// create Global Subjects.', 'Only Super Admins can edit global subjects'); moving a subject carries
// its topics along. Every write through withContentWrite.
import {
  ADMIN_PAGE_SIZE,
  can,
  GLOBAL_YEAR_GROUP,
  MSG,
  type Actor,
  type AdminSubject,
  type SubjectCreateBody,
  type SubjectListQuery,
  type SubjectListResponse,
  type SubjectUpdateBody,
} from '@zan/core';
import type { Tx } from '../../db/client.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { notFound } from '../../errors.ts';
import { page } from '../../domain/list-cursor.ts';
import { decodeListCursor } from './cursor.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { archiveItem } from './archiving.ts';
import { adminSubjectDto, targetOf } from './dto.ts';
import { moduleNotFound } from './modules-service.ts';
import { readRepository as read, type ModuleRow, type SubjectRow } from './read-repository.ts';
import { writeRepository as write } from './write-repository.ts';

export const subjectNotFound = () => notFound(MSG.resourceNotFound('Subject'), 'SUBJECT_NOT_FOUND');
const listKey = (r: SubjectRow) => ({ k: r.sortKey, i: r.id });

/** A live (non-archived) parent module the caller may see. */
async function parentModule(tx: Tx, actor: Actor, id: string): Promise<ModuleRow> {
  const m = await read.module(tx, actor, id);
  if (!m || m.isArchived) throw moduleNotFound();
  return m;
}

/** The parent may take this subject: an own module, or (superadmin) a global one. */
function checkParent(actor: Actor, m: ModuleRow, makeGlobal: boolean): void {
  const parent = targetOf(m);
  const global = parent.isGlobal || makeGlobal;
  if (global)
    allow(
      can(actor, 'subject.createGlobal', {
        collegeId: m.collegeId,
        yearGroup: GLOBAL_YEAR_GROUP,
        isGlobal: true,
      }),
      MSG.globalSubjectCreateDenied,
    );
  allow(
    can(actor, 'subject.create', parent),
    parent.isGlobal ? MSG.globalSubjectCreateDenied : MSG.outOfScope,
  );
}

export function subjectsService(deps: ContentDeps) {
  const { db } = deps;
  /** The subject as the caller sees it, locked (undefined: not there for them). */
  const locked = (tx: Tx, actor: Actor, id: string) => () => read.subject(tx, actor, id, { lock: true });
  const reload = async (tx: Tx, actor: Actor, id: string) => {
    const row = await locked(tx, actor, id)();
    if (!row) throw subjectNotFound();
    return adminSubjectDto(row);
  };

  return {
    async list(actor: Actor, q: SubjectListQuery): Promise<SubjectListResponse> {
      allow(can(actor, 'admin.area'));
      const rows = await read.listSubjects(db, actor, {
        search: q.search?.trim() || undefined,
        cursor: decodeListCursor(q.cursor),
        limit: ADMIN_PAGE_SIZE + 1,
        ...(q.moduleId ? { moduleId: q.moduleId } : {}),
      });
      const p = page(rows, ADMIN_PAGE_SIZE, listKey);
      return { subjects: p.items.map(adminSubjectDto), nextCursor: p.nextCursor };
    },

    async get(actor: Actor, id: string): Promise<AdminSubject> {
      allow(can(actor, 'admin.area'));
      const row = await read.subject(db, actor, id);
      if (!row) throw subjectNotFound();
      return adminSubjectDto(row);
    },

    async create(actor: Actor, body: SubjectCreateBody): Promise<AdminSubject> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async ({ tx }) => {
        const m = await parentModule(tx, actor, body.moduleId);
        const makeGlobal = body.isGlobal ?? false;
        checkParent(actor, m, makeGlobal);
        const global = targetOf(m).isGlobal || makeGlobal;
        const id = await write.insertSubject(tx, {
          name: body.name,
          moduleId: m.id,
          isGlobal: global,
          collegeId: m.collegeId,
          yearGroup: global ? GLOBAL_YEAR_GROUP : m.yearGroup,
          createdBy: actor.id,
        });
        return reload(tx, actor, id);
      });
    },

    /** Rename, or move under another module (its topics and their content follow). */
    async update(actor: Actor, id: string, body: SubjectUpdateBody): Promise<AdminSubject> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const cur = await requireAccess(actor, 'subject.edit', {
          load: locked(uow.tx, actor, id),
          notFound: subjectNotFound,
          target: targetOf,
          forbidden: (r) => (targetOf(r).isGlobal ? MSG.globalSubjectEditDenied : MSG.outOfScope),
        });
        const name = body.name !== undefined ? { name: body.name } : {};
        if (!body.moduleId || body.moduleId === cur.moduleId) {
          await write.updateSubject(uow.tx, id, name);
          return reload(uow.tx, actor, id);
        }
        const m = await parentModule(uow.tx, actor, body.moduleId);
        checkParent(actor, m, cur.isGlobal);
        const global = targetOf(m).isGlobal || cur.isGlobal;
        const root = { subject: id };
        await uow.visibilityChange(root, async () => {
          await write.updateSubject(uow.tx, id, {
            ...name,
            moduleId: m.id,
            isGlobal: global,
            collegeId: m.collegeId,
            yearGroup: global ? GLOBAL_YEAR_GROUP : m.yearGroup,
          });
          await write.propagateScope(uow.tx, root);
        });
        return reload(uow.tx, actor, id);
      });
    },

    async archive(actor: Actor, id: string): Promise<AdminSubject> {
      return withContentWrite(deps, async (uow) => {
        await archiveItem(uow, actor, 'subjects', id, {
          load: locked(uow.tx, actor, id),
          notFound: subjectNotFound,
        });
        return reload(uow.tx, actor, id);
      });
    },
  };
}

export type SubjectsService = ReturnType<typeof subjectsService>;
