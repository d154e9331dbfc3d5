// Paid-module grant queries (SPEC §7 users/{uid}/purchasedModules): the student, the modules they own,
// the paid modules of their college and year group (or global) not yet owned, grant and revoke.
import { and, asc, eq, inArray, not, notExists, or, sql } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP } from '@zan/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { module, purchasedModule, user } from '../../db/schema/index.ts';

const isGlobal = sql<boolean>`(${module.isGlobal} or ${module.yearGroup} = ${GLOBAL_YEAR_GROUP})`;

export const grantsRepository = {
  async user(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
    const q = db
      .select({ id: user.id, role: user.role, collegeId: user.collegeId, yearGroup: user.yearGroup })
      .from(user)
      .where(eq(user.id, id));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },

  async module(db: DbOrTx, id: string) {
    const [row] = await db
      .select({
        id: module.id,
        name: module.name,
        isFree: module.isFree,
        isArchived: module.isArchived,
        isGlobal,
        collegeId: module.collegeId,
        yearGroup: module.yearGroup,
      })
      .from(module)
      .where(eq(module.id, id));
    return row;
  },

  owned(db: DbOrTx, userId: string) {
    return db
      .select({
        moduleId: module.id,
        name: module.name,
        stage: module.stage,
        isGlobal,
        purchasedAt: purchasedModule.purchasedAt,
        grantedBy: purchasedModule.grantedBy,
        collegeId: module.collegeId,
        yearGroup: module.yearGroup,
      })
      .from(purchasedModule)
      .innerJoin(module, eq(module.id, purchasedModule.moduleId))
      .where(eq(purchasedModule.userId, userId))
      .orderBy(asc(module.stage), asc(sql`lower(${module.name})`), asc(module.id));
  },

  /** Paid, live modules of the college in the year group or global, not owned by the user. */
  grantable(db: DbOrTx, userId: string, scope: { collegeId: string; yearGroup: string }) {
    return db
      .select({
        id: module.id,
        name: module.name,
        stage: module.stage,
        isGlobal,
        collegeId: module.collegeId,
        yearGroup: module.yearGroup,
      })
      .from(module)
      .where(
        and(
          not(module.isFree),
          not(module.isArchived),
          eq(module.collegeId, scope.collegeId),
          or(inArray(module.yearGroup, [scope.yearGroup, GLOBAL_YEAR_GROUP]), module.isGlobal),
          notExists(
            db
              .select({ x: sql`1` })
              .from(purchasedModule)
              .where(and(eq(purchasedModule.userId, userId), eq(purchasedModule.moduleId, module.id))),
          ),
        ),
      )
      .orderBy(asc(module.stage), asc(sql`lower(${module.name})`), asc(module.id));
  },

  /** true when a new grant was written (false: already owned). */
  async grant(
    tx: Tx,
    v: { userId: string; moduleId: string; grantedBy: string; generationId: string },
  ): Promise<boolean> {
    const rows = await tx
      .insert(purchasedModule)
      .values(v)
      .onConflictDoNothing()
      .returning({ id: purchasedModule.moduleId });
    return rows.length > 0;
  },

  /** true when a grant was removed. */
  async revoke(tx: Tx, userId: string, moduleId: string): Promise<boolean> {
    const rows = await tx
      .delete(purchasedModule)
      .where(and(eq(purchasedModule.userId, userId), eq(purchasedModule.moduleId, moduleId)))
      .returning({ id: purchasedModule.moduleId });
    return rows.length > 0;
  },
};
