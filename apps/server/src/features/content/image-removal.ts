// Images go with the content that used them only where the deleter could delete them directly (issue
// 38: a year-group admin's page took the college-wide image the superadmin uploaded). Deleted rows leave
// nothing behind: announced (live 'image' event) and their files removed once the transaction commits.
import { can, GLOBAL_YEAR_GROUP, type Actor, type ContentTarget } from '@zan/core';
import type { ContentUow } from '../../domain/content-write.ts';
import { deleteImageFiles } from '../../platform/image-store.ts';
import type { ContentDeps } from './deps.ts';
import type { ScopedImage } from '../../domain/image-uses-repository.ts';
import { imagesRepository } from './images-repository.ts';

/** What can() judges an image as: content of its college and year group, global when college-wide. */
export const imageTarget = (r: { collegeId: string; yearGroup: string }): ContentTarget => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isGlobal: r.yearGroup === GLOBAL_YEAR_GROUP,
});

/** Of `images`, those the actor may delete directly (the images screen's Delete). */
export const deletableBy = <T extends ScopedImage>(actor: Actor, images: readonly T[]): T[] =>
  images.filter((r) => can(actor, 'resource.edit', imageTarget(r)));

/**
 * Removes the candidates (locked rows that deleted content leaves unused) the actor may delete; the
 * others stay, unused, for who may. Returns how many went.
 */
export async function removeImagesLeftUnused(
  deps: ContentDeps,
  uow: Pick<ContentUow, 'tx' | 'imagesChanged' | 'afterCommit'>,
  actor: Actor,
  candidates: readonly ScopedImage[],
): Promise<number> {
  const rows = await imagesRepository.removeMany(
    uow.tx,
    deletableBy(actor, candidates).map((r) => r.id),
  );
  if (!rows.length) return 0;
  uow.imagesChanged(rows);
  const { storage } = deps;
  if (storage)
    uow.afterCommit(() =>
      deleteImageFiles(
        storage,
        rows.flatMap((r) => [r.storageUrl, r.webpUrl]),
      ),
    );
  return rows.length;
}
