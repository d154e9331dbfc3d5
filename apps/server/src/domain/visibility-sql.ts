// core's canSeeModule (packages/core/src/visibility.ts) as SQL, for the sync queries. The same facts,
// the same rule: visibility.test.ts checks that both agree on a generated matrix.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, type Actor } from '@zan/core';
import { announcement, module, subject, tombstone, topic } from '../db/schema/index.ts';

const isStudent = (actor: Actor) => actor.role !== 'admin' && actor.role !== 'superadmin';

/** The caller may see the module row `module` (canSeeModule). */
export function moduleVisibleSql(actor: Actor): SQL {
  if (!actor.emailVerified) return sql`false`;
  if (actor.role === 'superadmin') return sql`true`;
  const isGlobal = sql`(${module.isGlobal} or ${module.yearGroup} = ${GLOBAL_YEAR_GROUP})`;
  if (actor.role === 'admin') {
    if (!actor.adminCollegeId || !actor.adminYearGroup) return sql`false`;
    return sql`(${module.collegeId} = ${actor.adminCollegeId} and (${isGlobal} or ${module.yearGroup} = ${actor.adminYearGroup}))`;
  }
  if (!actor.collegeId || !actor.yearGroup) return sql`false`;
  return sql`(not ${module.isArchived} and ${module.collegeId} = ${actor.collegeId}
    and (${isGlobal} or ${module.yearGroup} = ${actor.yearGroup})
    and (${module.isFree} or exists (select 1 from purchased_module pm where pm.user_id = ${actor.id} and pm.module_id = ${module.id})))`;
}

/** A subject (joined with its module) is visible: its module is, and for students it is not archived. */
export const subjectVisibleSql = (actor: Actor): SQL =>
  isStudent(actor)
    ? sql`(${moduleVisibleSql(actor)} and not ${subject.isArchived})`
    : moduleVisibleSql(actor);

/** A topic (joined with its subject and module) is visible: its subject is, and for students it is not archived. */
export const topicVisibleSql = (actor: Actor): SQL =>
  isStudent(actor)
    ? sql`(${subjectVisibleSql(actor)} and not ${topic.isArchived})`
    : subjectVisibleSql(actor);

/**
 * The caller's universe: the scope whose changes the caller hears about at all — rows of it that are
 * not visible go out as deleted ids. Students and admins: their college's rows of their year group
 * or global; superadmins: everything. Rows moving out of a scope leave tombstones with their old
 * scope (domain/content-write.ts), so narrowing the universe to the scope loses nothing, and a
 * caller of another year or college hears nothing of a change (issue 7 contract test).
 */
export type Universe = 'all' | null | { collegeId: string; yearGroup: string };

export function universe(actor: Actor): Universe {
  if (!actor.emailVerified) return null;
  if (actor.role === 'superadmin') return 'all';
  if (actor.role === 'admin') {
    return actor.adminCollegeId && actor.adminYearGroup
      ? { collegeId: actor.adminCollegeId, yearGroup: actor.adminYearGroup }
      : null;
  }
  return actor.collegeId && actor.yearGroup
    ? { collegeId: actor.collegeId, yearGroup: actor.yearGroup }
    : null;
}

/** Rows of a table with college_id / year_group columns inside the caller's universe. */
export function universeOf(
  actor: Actor,
  cols: { collegeId: SQLWrapper; yearGroup: SQLWrapper; isGlobal?: SQLWrapper },
): SQL {
  const u = universe(actor);
  if (u === 'all') return sql`true`;
  if (u === null) return sql`false`;
  const years = sql`${cols.yearGroup} in (${u.yearGroup}, ${GLOBAL_YEAR_GROUP})`;
  return sql`(${cols.collegeId} = ${u.collegeId} and ${cols.isGlobal ? sql`(${cols.isGlobal} or ${years})` : years})`;
}

/** The modules (and so their subtrees) of the caller's universe. */
export const universeSql = (actor: Actor): SQL => universeOf(actor, module);

/** Tombstones of the caller's universe (they carry the scope the row had when it went). */
export const tombstoneUniverseSql = (actor: Actor): SQL => universeOf(actor, tombstone);

/** Announcements the caller may see: their college and year group (or 'global'), live and not expired. */
export function announcementVisibleSql(actor: Actor, now: Date): SQL {
  const live = sql`(not ${announcement.isArchived} and ${announcement.expiresAt} > ${now.toISOString()})`;
  if (!actor.emailVerified) return sql`false`;
  if (actor.role === 'superadmin') return live;
  const scope =
    actor.role === 'admin'
      ? actor.adminCollegeId && actor.adminYearGroup
        ? { collegeId: actor.adminCollegeId, yearGroup: actor.adminYearGroup }
        : null
      : actor.collegeId && actor.yearGroup
        ? { collegeId: actor.collegeId, yearGroup: actor.yearGroup }
        : null;
  if (!scope) return sql`false`;
  return sql`(${live} and ${announcement.collegeId} = ${scope.collegeId}
    and ${announcement.yearGroup} in (${scope.yearGroup}, ${GLOBAL_YEAR_GROUP}))`;
}

export const announcementUniverseSql = (actor: Actor): SQL => universeOf(actor, announcement);
