// Who hears of a content write (content-write.ts, notify.ts): the colleges a version touched and the
// users of those colleges. The unit of work's other queries are the clock (clock-repository.ts) and the
// stamps and tombstones (subtree-repository.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';

/** Colleges whose rows (or tombstones) carry this version: whose users hear of the change. */
export async function collegesAt(
  tx: Tx,
  version: number,
  tables: readonly string[],
  entities: readonly string[],
): Promise<string[]> {
  const parts = tables.map(
    (t) => sql`select college_id from ${sql.identifier(t)} where row_version = ${version}`,
  );
  parts.push(
    sql`select college_id from tombstone where row_version = ${version} and entity in (${sql.join(
      entities.map((e) => sql`${e}`),
      sql`, `,
    )}) and college_id is not null`,
  );
  const res = await tx.execute<{ college_id: string }>(
    sql`select distinct college_id from (${sql.join(parts, sql` union all `)}) c`,
  );
  return res.rows.map((r) => r.college_id);
}

/** The ids of every user of these colleges (student or admin) and every superadmin, at most `limit`. */
export async function usersOfColleges(
  db: DbOrTx,
  collegeIds: readonly string[],
  limit: number,
): Promise<string[]> {
  const list = sql.join(
    collegeIds.map((c) => sql`${c}`),
    sql`, `,
  );
  const res = await db.execute<{ id: string }>(sql`select id from "user"
    where role = 'superadmin' or college_id in (${list}) or admin_college_id in (${list}) limit ${limit}`);
  return res.rows.map((r) => r.id);
}
