// core's canSeeModule (packages/core/src/visibility.ts) as SQL, for the sync queries. The same facts,
// the same rule: visibility.test.ts checks that both agree on a generated matrix.
import { sql, type SQL } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, type Actor } from '@zan/core';
import { announcement, module, subject, topic } from '../../db/schema/index.ts';

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
  isStudent(actor) ? sql`(${moduleVisibleSql(actor)} and not ${subject.isArchived})` : moduleVisibleSql(actor);

/** A topic (joined with its subject and module) is visible: its subject is, and for students it is not archived. */
export const topicVisibleSql = (actor: Actor): SQL =>
  isStudent(actor) ? sql`(${subjectVisibleSql(actor)} and not ${topic.isArchived})` : subjectVisibleSql(actor);

/**
 * The caller's universe: the modules (and their subtrees) whose changes the caller hears about at
 * all — rows of it that are not visible go out as deleted ids. A college's content for its
 * students and admins; everything for superadmins.
 */
export function universeSql(actor: Actor): SQL {
  const college = universeCollege(actor);
  if (college === 'all') return sql`true`;
  if (college === null) return sql`false`;
  return sql`${module.collegeId} = ${college}`;
}

/** The college whose changes (and tombstones) reach the caller: 'all' for superadmins, null for none. */
export function universeCollege(actor: Actor): string | 'all' | null {
  if (!actor.emailVerified) return null;
  if (actor.role === 'superadmin') return 'all';
  if (actor.role === 'admin') return actor.adminCollegeId && actor.adminYearGroup ? actor.adminCollegeId : null;
  return actor.collegeId && actor.yearGroup ? actor.collegeId : null;
}

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

export const announcementUniverseSql = (actor: Actor): SQL => {
  const college = universeCollege(actor);
  if (college === 'all') return sql`true`;
  if (college === null) return sql`false`;
  return sql`${announcement.collegeId} = ${college}`;
};
