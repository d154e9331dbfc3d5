// Images (SPEC §4, §7 images, §8 Images): upload (checked by magic bytes, ≤ 10 MB, ≤ 50 MP, converted
// to webp with the 30 s fallback — platform/images.ts, image-store.ts) into a topic's or a chosen
// college and year group, browse newest first (optionally by usedIn, with what each is used in), and
// permanentlyDeleteImage with its files. Permission: can(actor, 'resource.edit', scope). Row changes go
// through the content-write path so the live 'image' event follows them; files go after the commit.
import {
  can,
  GLOBAL_YEAR_GROUP,
  MSG,
  type Actor,
  type ImageDto,
  type ImageScopeQuery,
  type ImageUploadResponse,
} from '@zan/core';
import { checkCollegeYear } from '../../domain/college-scope.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { deleteImageFiles, storeUploadedImage } from '../../platform/image-store.ts';
import { ImageRejectedError } from '../../platform/images.ts';
import type { StorageDriver } from '../../platform/storage.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { targetOf } from './dto.ts';
import { imageTarget } from './image-removal.ts';
import { imageUses, type ScopedImageUse } from './image-uses.ts';
import { imagesRepository as repo, type ImageRow } from './images-repository.ts';
import { readRepository as read } from './read-repository.ts';

const IMAGE_LIST_LIMIT = 100;
const dto = (r: ImageRow): ImageDto => ({
  id: r.id,
  fileName: r.fileName,
  usedIn: r.usedIn,
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isOptimized: r.isOptimized,
  storageUrl: r.storageUrl,
  webpUrl: r.webpUrl,
  createdAt: r.createdAt.getTime(),
});

export function imagesService(deps: ContentDeps & { storage: StorageDriver }) {
  const { db, storage } = deps;
  /** The college and year group the query names (through its topic, or directly), checked with can(). */
  const scopeOf = async (actor: Actor, q: ImageScopeQuery, forbidden?: string) => {
    if (q.topicId) {
      const topicId = q.topicId;
      const t = await requireAccess(actor, 'resource.edit', {
        load: () => read.topic(db, actor, topicId),
        notFound: () => notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND'),
        target: targetOf,
        forbidden,
      });
      return { collegeId: t.collegeId, yearGroup: t.yearGroup };
    }
    const scope = { collegeId: q.collegeId ?? '', yearGroup: q.yearGroup ?? '' };
    allow(can(actor, 'resource.edit', imageTarget(scope)), forbidden);
    await checkCollegeYear(db, scope.collegeId, scope.yearGroup, { allowGlobal: true });
    return scope;
  };
  return {
    /** Newest first, at most 100, each with the pages and cards it is used in. */
    async list(actor: Actor, q: ImageScopeQuery): Promise<ImageDto[]> {
      allow(can(actor, 'admin.area'));
      const s = await scopeOf(actor, q);
      const rows = await repo.list(db, { ...s, usedIn: q.usedIn, limit: IMAGE_LIST_LIMIT });
      const uses = await imageUses(
        db,
        rows.flatMap((r) => r.usedIn),
      );
      // A use names content only to who may see it: content the caller edits, or its college's global content.
      const shown = (u: ScopedImageUse) =>
        can(actor, 'resource.edit', { collegeId: u.collegeId, yearGroup: u.yearGroup, isGlobal: false }) ||
        (u.collegeId === s.collegeId && u.yearGroup === GLOBAL_YEAR_GROUP);
      return rows.map((r) => ({
        ...dto(r),
        uses: r.usedIn.flatMap((id) => {
          const u = uses.get(id);
          return u && shown(u) ? [u.use] : [];
        }),
      }));
    },

    async upload(
      actor: Actor,
      q: ImageScopeQuery,
      file: { fileName: string; bytes: Uint8Array } | null,
    ): Promise<ImageUploadResponse> {
      allow(can(actor, 'admin.area'), MSG.imageUploadForbidden);
      const s = await scopeOf(actor, q, MSG.imageUploadForbidden);
      // usedIn names a page or card of the image's own scope; anything else (another college's
      // content, a made-up id) is refused alike, before anything is stored.
      if (q.usedIn && !(await repo.contentInScope(db, q.usedIn, s)))
        throw badRequest(MSG.imageUsedInOutOfScope, 'VALIDATION');
      let stored;
      try {
        stored = await storeUploadedImage(storage, {
          uid: actor.id,
          fileName: file?.fileName ?? '',
          bytes: file?.bytes ?? null,
        });
      } catch (err) {
        if (err instanceof ImageRejectedError) throw badRequest(err.message, 'IMAGE_REJECTED');
        throw new AppError(500, 'IMAGE_UPLOAD_FAILED', MSG.imageUploadFailed);
      }
      try {
        // The row carries isOptimized and webpUrl already (the conversion ran during the upload), so
        // the one 'image' event after this commit is also the "optimised" notice.
        const row = await withContentWrite(deps, async (uow) => {
          const r = await repo.insert(uow.tx, {
            fileName: file?.fileName ?? '',
            uploadedBy: actor.id,
            usedIn: q.usedIn ? [q.usedIn] : [],
            collegeId: s.collegeId,
            yearGroup: s.yearGroup,
            isOptimized: stored.isOptimized,
            storageUrl: stored.storageUrl,
            webpUrl: stored.webpUrl,
          });
          uow.imagesChanged([r]);
          return r;
        });
        return { image: dto(row), warning: stored.warning };
      } catch (err) {
        // No row: the files would be orphans.
        await deleteImageFiles(storage, [stored.storageUrl, stored.webpUrl]).catch(() => {});
        throw err;
      }
    },

    /** permanentlyDeleteImage: the row, then (after the commit) both files. */
    async remove(actor: Actor, id: string): Promise<void> {
      allow(can(actor, 'admin.area'));
      const deleted = await withContentWrite(deps, async (uow) => {
        const row = await requireAccess(actor, 'resource.edit', {
          load: () => repo.lock(uow.tx, id),
          notFound: () => notFound(MSG.imageNotFound, 'IMAGE_NOT_FOUND'),
          target: imageTarget,
          hidden: true,
        });
        await repo.remove(uow.tx, id);
        uow.imagesChanged([row]);
        return row;
      });
      try {
        await deleteImageFiles(storage, [deleted.storageUrl, deleted.webpUrl]);
      } catch (err) {
        throw new AppError(
          500,
          'IMAGE_DELETE_FAILED',
          MSG.imageDeleteFailed(err instanceof Error ? err.message : 'storage error'),
        );
      }
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
