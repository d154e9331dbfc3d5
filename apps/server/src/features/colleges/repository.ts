// Every college query: the name lock of writers, the list, single rows (locked for update), usage counts of a college or of
// its year groups, and clearing the scope of users left without a college.
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { announcement, college, module, user } from '../../db/schema/index.ts';

export type CollegeRow = { id: string; name: string; years: string[] };
const columns = { id: college.id, name: college.name, years: college.years };

export const collegesRepository = {
  /** Serialises writers that check name uniqueness (no unique index: names are compared case-insensitively). */
  lockNames: async (tx: DbOrTx): Promise<void> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zan:college-names'))`);
  },

  list: (db: DbOrTx): Promise<CollegeRow[]> =>
    db
      .select(columns)
      .from(college)
      .orderBy(asc(sql`lower(${college.name})`), asc(college.name), asc(college.id)),

  async get(db: DbOrTx, id: string, opts: { forUpdate?: boolean } = {}): Promise<CollegeRow | undefined> {
    const q = db.select(columns).from(college).where(eq(college.id, id));
    const rows = opts.forUpdate ? await q.for('update') : await q;
    return rows[0];
  },

  /** Another college already called `name` (case-insensitive, trimmed)? */
  async nameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<boolean> {
    const same = sql`lower(${college.name}) = lower(${name})`;
    const rows = await db
      .select({ id: college.id })
      .from(college)
      .where(exceptId ? and(same, ne(college.id, exceptId)) : same)
      .limit(1);
    return rows.length > 0;
  },

  async insert(db: DbOrTx, values: { name: string; years: string[] }): Promise<CollegeRow> {
    const [row] = await db.insert(college).values(values).returning(columns);
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: DbOrTx, id: string, values: { name?: string; years?: string[] }): Promise<CollegeRow> {
    const [row] = await db
      .update(college)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(college.id, id))
      .returning(columns);
    if (!row) throw new Error('update returned no row');
    return row;
  },

  remove: async (db: DbOrTx, id: string): Promise<void> => {
    await db.delete(college).where(eq(college.id, id));
  },

  /** Modules (archived included) and announcements that belong to the college. */
  async contentCounts(db: DbOrTx, collegeId: string): Promise<{ modules: number; announcements: number }> {
    const [m] = await db.select({ n: count() }).from(module).where(eq(module.collegeId, collegeId));
    const [a] = await db
      .select({ n: count() })
      .from(announcement)
      .where(eq(announcement.collegeId, collegeId));
    return { modules: m?.n ?? 0, announcements: a?.n ?? 0 };
  },

  /** Per year group: users scoped to it (students or admins) and modules / announcements in it. */
  async yearUsage(
    db: DbOrTx,
    collegeId: string,
    years: string[],
  ): Promise<Map<string, { users: number; items: number }>> {
    const usage = new Map(years.map((y) => [y, { users: 0, items: 0 }]));
    if (years.length === 0) return usage;
    const students = await db
      .select({ y: user.yearGroup, n: count() })
      .from(user)
      .where(and(eq(user.collegeId, collegeId), inArray(user.yearGroup, years)))
      .groupBy(user.yearGroup);
    const admins = await db
      .select({ y: user.adminYearGroup, n: count() })
      .from(user)
      .where(and(eq(user.adminCollegeId, collegeId), inArray(user.adminYearGroup, years)))
      .groupBy(user.adminYearGroup);
    const modules = await db
      .select({ y: module.yearGroup, n: count() })
      .from(module)
      .where(and(eq(module.collegeId, collegeId), inArray(module.yearGroup, years)))
      .groupBy(module.yearGroup);
    const notices = await db
      .select({ y: announcement.yearGroup, n: count() })
      .from(announcement)
      .where(and(eq(announcement.collegeId, collegeId), inArray(announcement.yearGroup, years)))
      .groupBy(announcement.yearGroup);
    for (const r of [...students, ...admins]) {
      const u = r.y === null ? undefined : usage.get(r.y);
      if (u) u.users += r.n;
    }
    for (const r of [...modules, ...notices]) {
      const u = usage.get(r.y);
      if (u) u.items += r.n;
    }
    return usage;
  },

  /**
   * Before a college is deleted: its students lose college and year group, its admins lose their
   * scope (they stay admins with no scope, which loads nothing). Returns the ids touched.
   */
  async clearScopeOfCollege(db: DbOrTx, collegeId: string): Promise<string[]> {
    const students = await db
      .update(user)
      .set({ collegeId: null, yearGroup: null, updatedAt: new Date() })
      .where(eq(user.collegeId, collegeId))
      .returning({ id: user.id });
    const admins = await db
      .update(user)
      .set({ adminCollegeId: null, adminYearGroup: null, updatedAt: new Date() })
      .where(eq(user.adminCollegeId, collegeId))
      .returning({ id: user.id });
    return [...new Set([...students, ...admins].map((r) => r.id))];
  },
};
