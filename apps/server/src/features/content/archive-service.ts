// The archive tab and the Global Modules tab (superadmin; SPEC §2, §4 Content, §7 permanentlyDelete*):
// archived lists, restore, permanent delete of an archived item with every descendant (decks, cards,
// quizzes, questions, pages and the images only they use), and a global module's delete straight from
// its tab. Every write through withContentWrite; deletes tombstone each row (trigger).
import {
  ARCHIVE_PAGE_SIZE,
  ARCHIVE_TYPE_LABEL,
  can,
  MSG,
  type Actor,
  type ArchiveImpactResponse,
  type ArchiveKind,
  type ArchiveListResponse,
  type ArchivedItem,
  type PermanentDeleteResponse,
} from '@zan/core';
import { withContentWrite, type ContentUow } from '../../domain/content-write.ts';
import type { SubtreeRoot } from '../../domain/subtree-repository.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { archiveRepository as repo, type ArchivedRow } from './archive-repository.ts';
import { archiveAction, rootOf, setArchivedSubtree } from './archiving.ts';
import { page } from '../../domain/list-cursor.ts';
import { decodeListCursor } from './cursor.ts';
import { deletableBy, removeImagesLeftUnused } from './image-removal.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { targetOf } from './dto.ts';
import { moduleNotFound } from './modules-service.ts';
import { writeRepository as write } from './write-repository.ts';

const notFoundOf = (kind: ArchiveKind) =>
  notFound(MSG.resourceNotFound(ARCHIVE_TYPE_LABEL[kind]), 'NOT_FOUND');

const itemDto = (kind: ArchiveKind, r: ArchivedRow): ArchivedItem => ({
  id: r.id,
  kind,
  name: r.name,
  isGlobal: r.isGlobal,
  collegeId: r.collegeId,
  collegeName: r.collegeName,
  yearGroup: r.yearGroup,
  parentName: r.parentName,
  archivedAt: r.archivedAt?.getTime() ?? 0,
  archivedBy: r.archivedBy,
  archivedByName: r.archivedByName,
});

export function archiveService(deps: ContentDeps) {
  const { db } = deps;

  /**
   * The archived item, locked, that the actor may restore or delete: 404 when missing, 400 'This item
   * is not archived.' when live, 403 unless can() of the kind's `verb` action.
   */
  const archivedItem = (
    tx: Tx,
    actor: Actor,
    kind: ArchiveKind,
    id: string,
    verb: 'restore' | 'permanentDelete',
  ) =>
    requireAccess(actor, archiveAction(kind, verb), {
      load: async () => {
        await repo.lock(tx, kind, id);
        return repo.get(tx, kind, id);
      },
      notFound: () => notFoundOf(kind),
      check: (row) => {
        if (!row.isArchived) throw badRequest(MSG.notArchived, 'NOT_ARCHIVED');
      },
      target: targetOf,
    });

  /** The root and everything under it, with the images only it used that the actor may delete. */
  const deleteSubtree = async (
    uow: ContentUow,
    actor: Actor,
    root: SubtreeRoot,
  ): Promise<PermanentDeleteResponse> => {
    const counts = await write.subtreeCounts(uow.tx, root);
    const candidates = await write.subtreeImages(uow.tx, root, { lock: true });
    const images = await removeImagesLeftUnused(deps, uow, actor, candidates);
    await write.deleteSubtree(uow.tx, root);
    return { ok: true as const, deleted: { ...counts, images } };
  };

  return {
    async list(actor: Actor, kind: ArchiveKind, cursor: string | undefined): Promise<ArchiveListResponse> {
      allow(can(actor, 'archive.manage'));
      const rows = await repo.list(db, kind, decodeListCursor(cursor), ARCHIVE_PAGE_SIZE + 1);
      const p = page(rows, ARCHIVE_PAGE_SIZE, (r) => ({ k: r.archivedAt?.getTime() ?? 0, i: r.id }));
      return { items: p.items.map((r) => itemDto(kind, r)), nextCursor: p.nextCursor };
    },

    /** The item and what a permanent delete would remove (the confirmation names it). */
    async impact(actor: Actor, kind: ArchiveKind, id: string): Promise<ArchiveImpactResponse> {
      allow(can(actor, 'archive.manage'));
      const row = await repo.get(db, kind, id);
      if (!row || !row.isArchived) throw notFoundOf(kind);
      const root = rootOf(kind, id);
      const images = deletableBy(actor, await write.subtreeImages(db, root)).length;
      return { item: itemDto(kind, row), counts: { ...(await write.subtreeCounts(db, root)), images } };
    },

    /** Restore: students get the item and everything under it back at their next sync. */
    async restore(actor: Actor, kind: ArchiveKind, id: string): Promise<void> {
      allow(can(actor, 'archive.manage'));
      await withContentWrite(deps, async (uow) => {
        await archivedItem(uow.tx, actor, kind, id, 'restore');
        await setArchivedSubtree(uow, kind, id, { archived: false });
      });
    },

    /** permanentlyDeleteModule / Subject / Topic: only from the archive. */
    async permanentlyDelete(actor: Actor, kind: ArchiveKind, id: string): Promise<PermanentDeleteResponse> {
      allow(can(actor, 'archive.manage'));
      return withContentWrite(deps, async (uow) => {
        await archivedItem(uow.tx, actor, kind, id, 'permanentDelete');
        return deleteSubtree(uow, actor, rootOf(kind, id));
      });
    },

    /** The Global Modules tab's delete: a global module, archived or not, with everything under it. */
    async deleteGlobalModule(actor: Actor, id: string): Promise<PermanentDeleteResponse> {
      allow(can(actor, 'globalModules.manage'));
      return withContentWrite(deps, async (uow) => {
        await requireAccess(actor, 'module.permanentDelete', {
          load: async () => {
            await repo.lock(uow.tx, 'modules', id);
            return repo.get(uow.tx, 'modules', id);
          },
          notFound: moduleNotFound,
          check: (row) => {
            if (!row.isGlobal) throw badRequest(MSG.notGlobalModule, 'NOT_GLOBAL_MODULE');
          },
          target: targetOf,
        });
        return deleteSubtree(uow, actor, { module: id });
      });
    },
  };
}

export type ArchiveService = ReturnType<typeof archiveService>;
