// The sync clocks (ARCHITECTURE §5) and the helpers every content writer uses. A writer calls
// bumpVersion FIRST in its transaction: the clock row stays locked until commit, so writers are
// serialised and version order = commit order; a pull's cursor can then never skip a committed row.
//
// Rules for content writers (admin CRUD, seeds):
// - `const v = await stampContent(tx)` first; stamp `rowVersion: v` on every row written.
// - Writes to decks / cards / quizzes / questions / pages: `touchTopics(tx, v, [topicId])`.
// - Archive / restore / anything changing who may see a module or subject (isFree, scope, isGlobal):
//   `stampSubtree(tx, v, root)` so each caller re-evaluates the descendants on its next pull.
// - Archive / delete / visibility loss: `tombstoneSubtree(tx, v, root)` BEFORE deleting or moving the
//   rows (the tombstones carry the old scope, so callers of the old college still learn of it).
import { sql, type SQL } from 'drizzle-orm';
import type { EventBus } from '../platform/events.ts';
import type { DbOrTx } from './client.ts';

export type ClockScope = 'content' | 'announcements' | `progress:${string}`;

/** Advances the clock of `scope` (creating it at 1) and returns the new version; locks it until commit. */
export async function bumpVersion(tx: DbOrTx, scope: ClockScope): Promise<number> {
  const res = await tx.execute<{ version: string | number }>(sql`
    insert into sync_clock (scope, version) values (${scope}, 1)
    on conflict (scope) do update set version = sync_clock.version + 1
    returning version`);
  const row = res.rows[0];
  if (!row) throw new Error(`sync clock ${scope}: no version returned`);
  return Number(row.version);
}

/** The current version of a clock without advancing it (0 when it does not exist yet). */
export async function currentVersion(db: DbOrTx, scope: ClockScope): Promise<number> {
  const res = await db.execute<{ version: string | number }>(sql`select version from sync_clock where scope = ${scope}`);
  return Number(res.rows[0]?.version ?? 0);
}

/** The content writer's first call: the version to stamp on every row of this transaction. */
export const stampContent = (tx: DbOrTx): Promise<number> => bumpVersion(tx, 'content');
/** Same for announcements (their own clock). */
export const stampAnnouncements = (tx: DbOrTx): Promise<number> => bumpVersion(tx, 'announcements');
export const progressScope = (userId: string): ClockScope => `progress:${userId}`;

/** Topic content (decks, cards, quizzes, questions, pages) changed: new contentVersion, row re-sent. */
export async function touchTopics(tx: DbOrTx, version: number, topicIds: readonly string[]): Promise<void> {
  const ids = [...new Set(topicIds)];
  if (!ids.length) return;
  await tx.execute(sql`update topic set content_version = ${version}, row_version = ${version}
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

export type SubtreeRoot = { module: string } | { subject: string } | { topic: string };

/** The ids of the topics under a root (as a SQL sub-select). */
const topicsUnder = (root: SubtreeRoot) =>
  'module' in root
    ? sql`select id from topic where module_id = ${root.module}
          union select t.id from topic t join subject s on s.id = t.subject_id where s.module_id = ${root.module}`
    : 'subject' in root
      ? sql`select id from topic where subject_id = ${root.subject}`
      : sql`select ${root.topic}::text`;

/** Re-stamps the root and its subjects and topics so every caller re-evaluates their visibility. */
export async function stampSubtree(tx: DbOrTx, version: number, root: SubtreeRoot): Promise<void> {
  if ('module' in root) {
    await tx.execute(sql`update module set row_version = ${version} where id = ${root.module}`);
    await tx.execute(sql`update subject set row_version = ${version} where module_id = ${root.module}`);
  } else if ('subject' in root) {
    await tx.execute(sql`update subject set row_version = ${version} where id = ${root.subject}`);
  }
  await tx.execute(sql`update topic set row_version = ${version} where id in (${topicsUnder(root)})`);
}

/**
 * One tombstone per row of the subtree (module → subjects → topics → decks → cards, quizzes →
 * questions, pages), with the rows' current scope. Call before deleting or re-scoping the rows.
 */
export async function tombstoneSubtree(tx: DbOrTx, version: number, root: SubtreeRoot): Promise<void> {
  const topics = topicsUnder(root);
  if ('module' in root) {
    await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group, module_id)
      select 'module', id, ${version}, college_id, year_group, id from module where id = ${root.module}`);
  }
  if (!('topic' in root)) {
    const where = 'module' in root ? sql`s.module_id = ${root.module}` : sql`s.id = ${root.subject}`;
    await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group, module_id)
      select 'subject', s.id, ${version}, m.college_id, s.year_group, s.module_id
      from subject s join module m on m.id = s.module_id where ${where}`);
  }
  await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group, module_id, topic_id)
    select 'topic', t.id, ${version}, m.college_id, t.year_group, s.module_id, t.id
    from topic t join subject s on s.id = t.subject_id join module m on m.id = s.module_id
    where t.id in (${topics})`);
  const children: [entity: string, query: SQL][] = [
    ['flashcardDeck', sql`select d.id, d.topic_id from flashcard_deck d where d.topic_id in (${topics})`],
    ['card', sql`select c.id, d.topic_id from card c join flashcard_deck d on d.id = c.deck_id where d.topic_id in (${topics})`],
    ['mcqQuiz', sql`select q.id, q.topic_id from mcq_quiz q where q.topic_id in (${topics})`],
    ['mcqQuestion', sql`select x.id, q.topic_id from mcq_question x join mcq_quiz q on q.id = x.quiz_id where q.topic_id in (${topics})`],
    ['htmlContent', sql`select h.id, h.topic_id from html_content h where h.topic_id in (${topics})`],
  ];
  for (const [entity, rows] of children) {
    await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group, module_id, topic_id)
      select ${entity}, r.id, ${version}, m.college_id, t.year_group, s.module_id, t.id
      from (${rows}) r(id, topic_id) join topic t on t.id = r.topic_id
      join subject s on s.id = t.subject_id join module m on m.id = s.module_id`);
  }
}

/** Tombstones for single topic-content rows (a deleted deck's cards, a deleted question …). */
export async function tombstoneTopicRows(
  tx: DbOrTx,
  version: number,
  topicId: string,
  rows: { entity: 'flashcardDeck' | 'card' | 'mcqQuiz' | 'mcqQuestion' | 'htmlContent'; id: string }[],
): Promise<void> {
  for (const r of rows) {
    await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group, module_id, topic_id)
      select ${r.entity}, ${r.id}, ${version}, m.college_id, t.year_group, s.module_id, t.id
      from topic t join subject s on s.id = t.subject_id join module m on m.id = s.module_id where t.id = ${topicId}`);
  }
}

/** Tombstone of an announcement (hard delete or re-scope; call with its current scope). */
export async function tombstoneAnnouncement(tx: DbOrTx, version: number, id: string): Promise<void> {
  await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group)
    select 'announcement', id, ${version}, college_id, year_group from announcement where id = ${id}`);
}

/** Above this many affected users one broadcast replaces per-user events (clients ignore what is not theirs). */
const BROADCAST_ABOVE = 200;

/**
 * After a content write commits: a live 'content' event ({ version }) to every user who may hold
 * the changed content — students and admins of the colleges, and superadmins. A lost event only
 * delays the client's next delta sync, so failures are logged by the caller, never thrown at it.
 */
export async function notifyContentChanged(
  events: Pick<EventBus, 'publish'>,
  db: DbOrTx,
  change: { collegeIds: readonly string[] | 'all'; version: number },
): Promise<void> {
  const data = { version: change.version };
  if (change.collegeIds === 'all') return events.publish('*', 'content', data);
  const colleges = [...new Set(change.collegeIds)];
  if (!colleges.length) return;
  const list = sql.join(
    colleges.map((c) => sql`${c}`),
    sql`, `,
  );
  const res = await db.execute<{ id: string }>(sql`select id from "user"
    where role = 'superadmin' or college_id in (${list}) or admin_college_id in (${list}) limit ${BROADCAST_ABOVE + 1}`);
  if (res.rows.length > BROADCAST_ABOVE) return events.publish('*', 'content', data);
  await Promise.all(res.rows.map((r) => events.publish(r.id, 'content', data)));
}
