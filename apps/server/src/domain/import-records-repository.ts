// What an import writes besides its cards or questions, for both importers (issue 21's bulk imports in
// features/content, issue 20's Anki import in features/anki): the image rows of the pictures it stored
// (import-images.ts), in its topic's scope, and its content_import record, which 'Undo import' reads.
// Writes run inside withContentWrite (content-write.ts) only.
import type { Tx } from '../db/client.ts';
import { contentImport, image } from '../db/schema/index.ts';
import type { StoredFile } from './import-images.ts';

type ImageRow = typeof image.$inferSelect;
type ImportRow = typeof contentImport.$inferSelect;

export const importRecordsRepository = {
  /** An image row per stored picture, uploaded by `uploadedBy` into the scope, in order; used by nothing yet. */
  async insertPictures(
    tx: Tx,
    to: { uploadedBy: string; collegeId: string; yearGroup: string },
    stored: readonly StoredFile[],
  ): Promise<ImageRow[]> {
    const rows: ImageRow[] = [];
    for (const s of stored) {
      const [row] = await tx
        .insert(image)
        .values({
          fileName: s.name,
          uploadedBy: to.uploadedBy,
          usedIn: [],
          collegeId: to.collegeId,
          yearGroup: to.yearGroup,
          isOptimized: s.stored.isOptimized,
          storageUrl: s.stored.storageUrl,
          webpUrl: s.stored.webpUrl,
        })
        .returning();
      rows.push(row!);
    }
    return rows;
  },

  /** The import's record: the set it wrote, what it added and changed, and the pictures it stored. */
  async insert(tx: Tx, v: typeof contentImport.$inferInsert): Promise<ImportRow> {
    const [row] = await tx.insert(contentImport).values(v).returning();
    return row!;
  },
};
