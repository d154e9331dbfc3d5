// Images (SPEC §4, §7 images, §8 Images): upload (checked by magic bytes, ≤ 10 MB, ≤ 50 MP, converted
// to webp with the 30 s fallback — platform/images.ts, image-store.ts) into a topic's college and year
// group, browse newest first (optionally by usedIn), and permanentlyDeleteImage with its files.
// Permission: can(actor, 'resource.edit', scope). The image table is not synced content: students get
// images through the pages and cards that link them.
import { and, arrayContains, desc, eq } from 'drizzle-orm';
import {
  can,
  GLOBAL_YEAR_GROUP,
  MSG,
  type Actor,
  type ImageDto,
  type ImageScopeQuery,
  type ImageUploadResponse,
} from '@zan/core';
import { image } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { deleteImageFiles, storeUploadedImage } from '../../platform/image-store.ts';
import { ImageRejectedError } from '../../platform/images.ts';
import type { StorageDriver } from '../../platform/storage.ts';
import { allow, type ContentDeps } from './deps.ts';
import { targetOf } from './dto.ts';
import { readRepository as read } from './read-repository.ts';

const IMAGE_LIST_LIMIT = 100;
const dto = (r: typeof image.$inferSelect): ImageDto => ({
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
const scopeTarget = (r: { collegeId: string; yearGroup: string }) => ({
  collegeId: r.collegeId,
  yearGroup: r.yearGroup,
  isGlobal: r.yearGroup === GLOBAL_YEAR_GROUP,
});

export function imagesService(deps: ContentDeps & { storage: StorageDriver }) {
  const { db, storage } = deps;
  const topicScope = async (actor: Actor, topicId: string) => {
    const t = await read.topic(db, actor, topicId);
    if (!t) throw notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND');
    allow(can(actor, 'resource.edit', targetOf(t)), MSG.imageUploadForbidden);
    return t;
  };
  return {
    async list(actor: Actor, q: ImageScopeQuery): Promise<ImageDto[]> {
      allow(can(actor, 'admin.area'));
      const t = await topicScope(actor, q.topicId);
      const rows = await db
        .select()
        .from(image)
        .where(
          and(
            eq(image.collegeId, t.collegeId),
            eq(image.yearGroup, t.yearGroup),
            q.usedIn ? arrayContains(image.usedIn, [q.usedIn]) : undefined,
          ),
        )
        .orderBy(desc(image.createdAt), desc(image.id))
        .limit(IMAGE_LIST_LIMIT);
      return rows.map(dto);
    },

    async upload(
      actor: Actor,
      q: ImageScopeQuery,
      file: { fileName: string; bytes: Uint8Array } | null,
    ): Promise<ImageUploadResponse> {
      allow(can(actor, 'admin.area'), MSG.imageUploadForbidden);
      const t = await topicScope(actor, q.topicId);
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
      const [row] = await db
        .insert(image)
        .values({
          fileName: file?.fileName ?? '',
          uploadedBy: actor.id,
          usedIn: q.usedIn ? [q.usedIn] : [],
          collegeId: t.collegeId,
          yearGroup: t.yearGroup,
          isOptimized: stored.isOptimized,
          storageUrl: stored.storageUrl,
          webpUrl: stored.webpUrl,
        })
        .returning();
      return { image: dto(row!), warning: stored.warning };
    },

    /** permanentlyDeleteImage: the row and both files. */
    async remove(actor: Actor, id: string): Promise<void> {
      allow(can(actor, 'admin.area'));
      const [row] = await db.select().from(image).where(eq(image.id, id));
      if (!row || !can(actor, 'resource.edit', scopeTarget(row)))
        throw notFound('Image not found.', 'IMAGE_NOT_FOUND');
      await db.delete(image).where(eq(image.id, id));
      try {
        await deleteImageFiles(storage, [row.storageUrl, row.webpUrl]);
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
