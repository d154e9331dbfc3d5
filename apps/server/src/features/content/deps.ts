// What the content services receive: the database and the live-event bus (through the write deps of
// domain/content-write.ts) and the file storage, plus the shared checks every service makes.
import { MSG } from '@zan/core';
import type { WriteDeps } from '../../domain/content-write.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { readRepository as read } from './read-repository.ts';
import type { Tx } from '../../db/client.ts';
import type { StorageDriver } from '../../platform/storage.ts';

export type ContentDeps = WriteDeps & {
  /** Where image files live; without it (some tests) permanent deletes remove rows only. */
  storage?: StorageDriver;
};

/** Throws 403 with `message` unless `allowed` (the result of a can() call). */
export function allow(allowed: boolean, message: string = MSG.outOfScope): void {
  if (!allowed) throw forbidden(message);
}

/** The college exists and (unless 'global') has the year group; else the spec's reason, 400. */
export async function checkScope(
  tx: Tx,
  collegeId: string,
  yearGroup: string,
  opts: { allowGlobal: boolean },
): Promise<void> {
  const years = await read.collegeYears(tx, collegeId);
  if (!years) throw badRequest(MSG.collegeNotFound, 'COLLEGE_NOT_FOUND');
  if (yearGroup === 'global' && opts.allowGlobal) return;
  if (!years.includes(yearGroup)) throw badRequest(MSG.yearGroupNotInCollege, 'YEAR_NOT_IN_COLLEGE');
}
