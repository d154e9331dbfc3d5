// "The college exists and has this year group", checked once for every write that names a scope (a
// module, an announcement, an image upload, an admin's scope), with the spec's 400s.
import { GLOBAL_YEAR_GROUP, MSG } from '@zan/core';
import type { DbOrTx } from '../db/client.ts';
import { badRequest } from '../errors.ts';
import { collegeYears } from './college-scope-repository.ts';

/**
 * 400 COLLEGE_NOT_FOUND unless the college exists, 400 YEAR_NOT_IN_COLLEGE unless it has the year
 * group ('global' passes where `allowGlobal`). `lock` holds the college row (FOR SHARE) until the
 * transaction ends, so its year groups cannot change under the write.
 */
export async function checkCollegeYear(
  db: DbOrTx,
  collegeId: string,
  yearGroup: string,
  opts: { allowGlobal: boolean; lock?: boolean },
): Promise<void> {
  const years = await collegeYears(db, collegeId, { lock: opts.lock === true });
  if (!years) throw badRequest(MSG.collegeNotFound, 'COLLEGE_NOT_FOUND');
  if (yearGroup === GLOBAL_YEAR_GROUP && opts.allowGlobal) return;
  if (!years.includes(yearGroup)) throw badRequest(MSG.yearGroupNotInCollege, 'YEAR_NOT_IN_COLLEGE');
}
