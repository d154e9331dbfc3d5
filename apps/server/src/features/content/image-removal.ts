// Deleted image rows leave nothing behind: inside a content write, the rows that really went are
// announced (live 'image' event) and their files removed from storage once the transaction commits.
import type { ContentUow } from '../../domain/content-write.ts';
import { deleteImageFiles } from '../../platform/image-store.ts';
import type { ContentDeps } from './deps.ts';
import type { DeletedImage } from './write-repository.ts';

export function removeImagesAfterCommit(
  deps: ContentDeps,
  uow: Pick<ContentUow, 'imagesChanged' | 'afterCommit'>,
  rows: readonly DeletedImage[],
): void {
  if (!rows.length) return;
  uow.imagesChanged(rows);
  const { storage } = deps;
  if (!storage) return;
  uow.afterCommit(() =>
    deleteImageFiles(
      storage,
      rows.flatMap((r) => [r.storageUrl, r.webpUrl]),
    ),
  );
}
