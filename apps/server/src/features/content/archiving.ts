// Archive, restore and permanent delete of a module, subject or topic, one path for all three kinds:
// the action can() judges per kind and verb, the subtree a change covers, and the archive flag set
// through the unit of work (tombstones for whoever loses the subtree, its rows re-stamped).
import type { Action, Actor, ArchiveKind } from '@zan/core';
import { requireAccess } from '../../domain/access.ts';
import type { ContentUow } from '../../domain/content-write.ts';
import type { SubtreeRoot } from '../../domain/subtree-repository.ts';
import { targetOf } from './dto.ts';
import { writeRepository as write } from './write-repository.ts';

type Verb = 'archive' | 'restore' | 'permanentDelete';
const ACTIONS = {
  modules: {
    archive: 'module.archive',
    restore: 'module.restore',
    permanentDelete: 'module.permanentDelete',
  },
  subjects: {
    archive: 'subject.archive',
    restore: 'subject.restore',
    permanentDelete: 'subject.permanentDelete',
  },
  topics: { archive: 'topic.archive', restore: 'topic.restore', permanentDelete: 'topic.permanentDelete' },
} as const satisfies Record<ArchiveKind, Record<Verb, Action>>;

export const archiveAction = <K extends ArchiveKind, V extends Verb>(kind: K, verb: V) => ACTIONS[kind][verb];

export const rootOf = (kind: ArchiveKind, id: string): SubtreeRoot =>
  kind === 'modules' ? { module: id } : kind === 'subjects' ? { subject: id } : { topic: id };

/**
 * Archives (`archivedBy`: who, null when no one is named) or restores the item and its subtree:
 * students lose it, or get it back, at their next sync.
 */
export async function setArchivedSubtree(
  uow: Pick<ContentUow, 'tx' | 'visibilityChange'>,
  kind: ArchiveKind,
  id: string,
  state: { archived: true; archivedBy: string | null } | { archived: false },
): Promise<void> {
  const root = rootOf(kind, id);
  const values = state.archived
    ? { isArchived: true, archivedBy: state.archivedBy, archivedAt: new Date() }
    : { isArchived: false, archivedBy: null, archivedAt: null };
  await uow.visibilityChange(root, () => write.setArchived(uow.tx, root, values));
}

type Archivable = { isArchived: boolean; collegeId: string; yearGroup: string; isGlobal: boolean };

/**
 * The archive action of the modules, subjects and topics services (superadmin): the item as the caller
 * sees it (404 `notFound`), can() of the kind's archive action (403), then archived with its subtree;
 * an item already archived stays as it is.
 */
export async function archiveItem(
  uow: Pick<ContentUow, 'tx' | 'visibilityChange'>,
  actor: Actor,
  kind: ArchiveKind,
  id: string,
  item: { load: () => Promise<Archivable | undefined>; notFound: () => Error },
): Promise<void> {
  const cur = await requireAccess(actor, archiveAction(kind, 'archive'), {
    ...item,
    target: targetOf,
  });
  if (!cur.isArchived) await setArchivedSubtree(uow, kind, id, { archived: true, archivedBy: actor.id });
}
