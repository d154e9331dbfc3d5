// The archive tab and the Global Modules tab (superadmin; SPEC §2, §4 Content, §7 permanentlyDelete*):
// archived lists, restore, permanent delete of an archived item with every descendant (decks, cards,
// quizzes, questions, pages and the images only they use), and a global module's delete straight from
// its tab. Every write through withContentWrite; deletes tombstone each row (trigger).
import {
  ARCHIVE_PAGE_SIZE,
  ARCHIVE_TYPE_LABEL,
  can,
  MSG,
  type Action,
  type Actor,
  type ArchiveImpactResponse,
  type ArchiveKind,
  type ArchiveListResponse,
  type ArchivedItem,
  type PermanentDeleteResponse,
} from '@zan/core';
import { withContentWrite } from '../../domain/content-write.ts';
import type { SubtreeRoot } from '../../domain/subtree.ts';
import { badRequest, notFound } from '../../errors.ts';
import { archiveRepository as repo, type ArchivedRow } from './archive-repository.ts';
import { decodeListCursor, page } from './cursor.ts';
import { removeImagesAfterCommit } from './image-removal.ts';
import { allow, type ContentDeps } from './deps.ts';
import { targetOf } from './dto.ts';
import { moduleNotFound } from './modules-service.ts';
import { writeRepository as write } from './write-repository.ts';

const rootOf = (kind: ArchiveKind, id: string): SubtreeRoot =>
  kind === 'modules' ? { module: id } : kind === 'subjects' ? { subject: id } : { topic: id };
const ACTIONS = {
  modules: { restore: 'module.restore', permanentDelete: 'module.permanentDelete' },
  subjects: { restore: 'subject.restore', permanentDelete: 'subject.permanentDelete' },
  topics: { restore: 'topic.restore', permanentDelete: 'topic.permanentDelete' },
} as const satisfies Record<ArchiveKind, Record<'restore' | 'permanentDelete', Action>>;
const action = (kind: ArchiveKind, verb: 'restore' | 'permanentDelete') => ACTIONS[kind][verb];
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

  /** The archived item, locked; 404 when missing, 400 'This item is not archived.' when live. */
  const archivedItem = async (tx: Parameters<typeof repo.get>[0], kind: ArchiveKind, id: string) => {
    await repo.lock(tx, kind, id);
    const row = await repo.get(tx, kind, id);
    if (!row) throw notFoundOf(kind);
    if (!row.isArchived) throw badRequest(MSG.notArchived, 'NOT_ARCHIVED');
    return row;
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
      return { item: itemDto(kind, row), counts: await write.subtreeCounts(db, rootOf(kind, id)) };
    },

    /** Restore: students get the item and everything under it back at their next sync. */
    async restore(actor: Actor, kind: ArchiveKind, id: string): Promise<void> {
      allow(can(actor, 'archive.manage'));
      await withContentWrite(deps, async (uow) => {
        const row = await archivedItem(uow.tx, kind, id);
        allow(can(actor, action(kind, 'restore'), targetOf(row)));
        const root = rootOf(kind, id);
        await uow.visibilityChange(root, () =>
          write.setArchived(uow.tx, root, { isArchived: false, archivedBy: null, archivedAt: null }),
        );
      });
    },

    /** permanentlyDeleteModule / Subject / Topic: only from the archive. */
    async permanentlyDelete(actor: Actor, kind: ArchiveKind, id: string): Promise<PermanentDeleteResponse> {
      allow(can(actor, 'archive.manage'));
      return withContentWrite(deps, async (uow) => {
        const row = await archivedItem(uow.tx, kind, id);
        allow(can(actor, action(kind, 'permanentDelete'), targetOf(row)));
        const root = rootOf(kind, id);
        const deleted = await write.subtreeCounts(uow.tx, root);
        removeImagesAfterCommit(deps, uow, await write.deleteSubtree(uow.tx, root));
        return { ok: true as const, deleted };
      });
    },

    /** The Global Modules tab's delete: a global module, archived or not, with everything under it. */
    async deleteGlobalModule(actor: Actor, id: string): Promise<PermanentDeleteResponse> {
      allow(can(actor, 'globalModules.manage'));
      return withContentWrite(deps, async (uow) => {
        await repo.lock(uow.tx, 'modules', id);
        const row = await repo.get(uow.tx, 'modules', id);
        if (!row) throw moduleNotFound();
        if (!row.isGlobal) throw badRequest(MSG.notGlobalModule, 'NOT_GLOBAL_MODULE');
        allow(can(actor, 'module.permanentDelete', targetOf(row)));
        const root = { module: id };
        const deleted = await write.subtreeCounts(uow.tx, root);
        removeImagesAfterCommit(deps, uow, await write.deleteSubtree(uow.tx, root));
        return { ok: true as const, deleted };
      });
    },
  };
}

export type ArchiveService = ReturnType<typeof archiveService>;
