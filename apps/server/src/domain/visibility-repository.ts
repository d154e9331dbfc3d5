// core's canSeeModule (packages/core/src/visibility.ts) as SQL: the fragments the repositories' queries
// compose (sync, access, reads). The same facts, switched on the same core visibleScope:
// visibility.test.ts checks that both agree on a generated matrix.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, visibleScope, type Actor } from '@zan/core';
import { announcement, module, subject, tombstone, topic } from '../db/schema/index.ts';

/** The caller may see the module row `module` (canSeeModule, switched on the same visibleScope). */
export function moduleVisibleSql(actor: Actor): SQL {
  const scope = visibleScope(actor);
  const isGlobal = sql`(${module.isGlobal} or ${module.yearGroup} = ${GLOBAL_YEAR_GROUP})`;
  switch (scope.kind) {
    case 'none':
      return sql`false`;
    case 'all':
      return sql`true`;
    case 'admin':
      return sql`(${module.collegeId} = ${scope.collegeId} and (${isGlobal} or ${module.yearGroup} = ${scope.yearGroup}))`;
    case 'student':
      return sql`(not ${module.isArchived} and ${module.collegeId} = ${scope.collegeId}
    and (${isGlobal} or ${module.yearGroup} = ${scope.yearGroup})
    and (${module.isFree} or exists (select 1 from purchased_module pm where pm.user_id = ${actor.id} and pm.module_id = ${module.id})))`;
  }
}

/** Students never see archived rows; anyone else sees what their module's visibility allows. */
const forStudents = (actor: Actor): boolean => visibleScope(actor).kind === 'student';

/** A subject (joined with its module) is visible: its module is, and for students it is not archived. */
export const subjectVisibleSql = (actor: Actor): SQL =>
  forStudents(actor)
    ? sql`(${moduleVisibleSql(actor)} and not ${subject.isArchived})`
    : moduleVisibleSql(actor);

/** A topic (joined with its subject and module) is visible: its subject is, and for students it is not archived. */
export const topicVisibleSql = (actor: Actor): SQL =>
  forStudents(actor)
    ? sql`(${subjectVisibleSql(actor)} and not ${topic.isArchived})`
    : subjectVisibleSql(actor);

/**
 * The caller's universe: the scope whose changes the caller hears about at all — rows of it that are
 * not visible go out as deleted ids. Students and admins: their college's rows of their year group
 * or global; superadmins: everything (visibleScope). Rows moving out of a scope leave tombstones with
 * their old scope (domain/content-write.ts), so narrowing the universe to the scope loses nothing,
 * and a caller of another year or college hears nothing of a change (issue 7 contract test).
 * universeOf: the rows of a table with college_id / year_group columns inside it.
 */
function universeOf(
  actor: Actor,
  cols: { collegeId: SQLWrapper; yearGroup: SQLWrapper; isGlobal?: SQLWrapper },
): SQL {
  const u = visibleScope(actor);
  if (u.kind === 'all') return sql`true`;
  if (u.kind === 'none') return sql`false`;
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
  const scope = visibleScope(actor);
  if (scope.kind === 'none') return sql`false`;
  if (scope.kind === 'all') return live;
  return sql`(${live} and ${announcement.collegeId} = ${scope.collegeId}
    and ${announcement.yearGroup} in (${scope.yearGroup}, ${GLOBAL_YEAR_GROUP}))`;
}

export const announcementUniverseSql = (actor: Actor): SQL => universeOf(actor, announcement);
