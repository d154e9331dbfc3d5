// What the content services receive: the database and the live-event bus (through the write deps of
// domain/content-write.ts) and the file storage.
import type { WriteDeps } from '../../domain/content-write.ts';
import type { StorageDriver } from '../../platform/storage.ts';

export type ContentDeps = WriteDeps & {
  /** Where image files live; without it (some tests) permanent deletes remove rows only. */
  storage?: StorageDriver;
};
