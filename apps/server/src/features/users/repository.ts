// Every user-management query: the keyset-paged list (by email), single rows, the superadmin lock
// used by the last-superadmin rule, role / scope writes and deletion.
import { and, asc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { college, user } from '../../db/schema/index.ts';

export type UserRow = {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: Role;
  emailVerified: boolean;
  collegeId: string | null;
  collegeName: string | null;
  yearGroup: string | null;
  adminCollegeId: string | null;
  adminCollegeName: string | null;
  adminYearGroup: string | null;
  createdAt: Date;
};

export type UserFilter = {
  role?: Role;
  /** Only students of this college + year group (an admin's view). */
  scope?: { collegeId: string; yearGroup: string };
  search?: string;
  /** Keyset: emails strictly after this one. */
  afterEmail?: string;
  limit: number;
};

const adminCollege = alias(college, 'admin_college');

const selectRows = (db: DbOrTx) =>
  db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      emailVerified: user.emailVerified,
      collegeId: user.collegeId,
      collegeName: college.name,
      yearGroup: user.yearGroup,
      adminCollegeId: user.adminCollegeId,
      adminCollegeName: adminCollege.name,
      adminYearGroup: user.adminYearGroup,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(college, eq(college.id, user.collegeId))
    .leftJoin(adminCollege, eq(adminCollege.id, user.adminCollegeId));

/** ILIKE pattern for "contains", with the wildcards and the escape character taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const usersRepository = {
  list(db: DbOrTx, f: UserFilter): Promise<UserRow[]> {
    const where: (SQL | undefined)[] = [];
    if (f.role) where.push(eq(user.role, f.role));
    if (f.scope) where.push(eq(user.collegeId, f.scope.collegeId), eq(user.yearGroup, f.scope.yearGroup));
    if (f.search) {
      const p = containsPattern(f.search);
      where.push(
        or(
          ilike(user.email, p),
          ilike(user.name, p),
          sql`(${user.firstName} || ' ' || ${user.lastName}) ilike ${p}`,
        ),
      );
    }
    if (f.afterEmail !== undefined) where.push(gt(user.email, f.afterEmail));
    return selectRows(db)
      .where(and(...where))
      .orderBy(asc(user.email))
      .limit(f.limit);
  },

  async get(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const rows = await selectRows(db).where(eq(user.id, id));
    return rows[0];
  },

  /**
   * Locks the target row and every superadmin row (in id order) so role changes serialise; returns
   * the locked rows with their roles as locked (the service judges them with core).
   */
  async lockForRoleChange(db: DbOrTx, targetId: string): Promise<{ id: string; role: Role }[]> {
    return db
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(or(eq(user.role, 'superadmin'), eq(user.id, targetId)))
      .orderBy(asc(user.id))
      .for('update');
  },

  setRole: async (
    db: DbOrTx,
    id: string,
    values: { role: Role; adminCollegeId: string | null; adminYearGroup: string | null },
  ): Promise<void> => {
    await db
      .update(user)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(user.id, id));
  },

  remove: async (db: DbOrTx, id: string): Promise<void> => {
    await db.delete(user).where(eq(user.id, id));
  },
};
