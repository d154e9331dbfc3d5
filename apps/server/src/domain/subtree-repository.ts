// Subtree stamps and tombstones for the content unit of work (content-write.ts): re-stamping a
// subtree makes every caller re-evaluate its visibility; tombstones (written with the rows' CURRENT
// scope, so callers of the old scope still learn of it) remove rows that were archived, moved or
// otherwise lost. Deleted rows get their tombstones from the delete trigger (migration 0001).
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

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
    [
      'card',
      sql`select c.id, d.topic_id from card c join flashcard_deck d on d.id = c.deck_id where d.topic_id in (${topics})`,
    ],
    ['mcqQuiz', sql`select q.id, q.topic_id from mcq_quiz q where q.topic_id in (${topics})`],
    [
      'mcqQuestion',
      sql`select x.id, q.topic_id from mcq_question x join mcq_quiz q on q.id = x.quiz_id where q.topic_id in (${topics})`,
    ],
    ['htmlContent', sql`select h.id, h.topic_id from html_content h where h.topic_id in (${topics})`],
  ];
  for (const [entity, rows] of children) {
    await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group, module_id, topic_id)
      select ${entity}, r.id, ${version}, m.college_id, t.year_group, s.module_id, t.id
      from (${rows}) r(id, topic_id) join topic t on t.id = r.topic_id
      join subject s on s.id = t.subject_id join module m on m.id = s.module_id`);
  }
}

/** Tombstone of an announcement (hard delete or re-scope; call with its current scope). */
export async function tombstoneAnnouncement(tx: DbOrTx, version: number, id: string): Promise<void> {
  await tx.execute(sql`insert into tombstone (entity, entity_id, row_version, college_id, year_group)
    select 'announcement', id, ${version}, college_id, year_group from announcement where id = ${id}`);
}
