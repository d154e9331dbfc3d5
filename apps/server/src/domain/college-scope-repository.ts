// The query of college-scope.ts: a college's year groups.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { college } from '../db/schema/index.ts';

/**
 * The year groups of the college, or null when it does not exist. `lock` holds the college row
 * (FOR SHARE) until the transaction ends.
 */
export async function collegeYears(
  db: DbOrTx,
  collegeId: string,
  opts: { lock: boolean },
): Promise<string[] | null> {
  const q = db.select({ years: college.years }).from(college).where(eq(college.id, collegeId));
  const [row] = opts.lock ? await q.for('share') : await q;
  return row ? row.years : null;
}
