// Every content write of the structure side: inserts and updates of modules, subjects and topics, the
// scope propagated down a subtree, archive flags, permanent deletes (the FKs cascade; the delete
// trigger tombstones each row) and the subtree counts a delete confirmation names. Callers run these
// inside withContentWrite (domain/content-write.ts) only.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { SubtreeCounts } from '@zan/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { module, subject, topic } from '../../db/schema/index.ts';
import type { SubtreeRoot } from '../../domain/subtree-repository.ts';
import type { ScopedImage } from '../../domain/image-uses-repository.ts';

export type ModuleValues = typeof module.$inferInsert;
export type SubjectValues = typeof subject.$inferInsert;
export type TopicValues = typeof topic.$inferInsert;
/** An image row a permanent delete removed: its files are removed after the commit. */
export type DeletedImage = { id: string; collegeId: string; storageUrl: string; webpUrl: string | null };
type Archived = { isArchived: boolean; archivedBy: string | null; archivedAt: Date | null };

const TABLES = { module, subject, topic } as const;
const rootEntity = (root: SubtreeRoot) =>
  ('module' in root ? 'module' : 'subject' in root ? 'subject' : 'topic') as keyof typeof TABLES;
const rootId = (root: SubtreeRoot) =>
  'module' in root ? root.module : 'subject' in root ? root.subject : root.topic;

/** Topic ids under a root, as a sub-select. */
/** An image of the subtree's own college (another college's image is never the subtree's to delete). */
const ownCollege = (topics: SQL): SQL =>
  sql`i.college_id in (select t.college_id from topic t where t.id in (${topics}))`;
/** The ids that count as uses of an image (pages, cards and questions) under these topics, as a text[] array. */
const imageUsersUnder = (topics: SQL): SQL =>
  sql`array(select id from html_content where topic_id in (${topics})
    union all select c.id from card c join flashcard_deck d on d.id = c.deck_id where d.topic_id in (${topics})
    union all select q.id from mcq_question q join mcq_quiz z on z.id = q.quiz_id where z.topic_id in (${topics}))`;

const topicsUnder = (root: SubtreeRoot): SQL =>
  'module' in root
    ? sql`select id from topic where module_id = ${root.module}`
    : 'subject' in root
      ? sql`select id from topic where subject_id = ${root.subject}`
      : sql`select ${root.topic}::text`;

export const writeRepository = {
  async insertModule(tx: Tx, v: ModuleValues): Promise<string> {
    const [r] = await tx.insert(module).values(v).returning({ id: module.id });
    if (!r) throw new Error('insert returned no row');
    return r.id;
  },
  updateModule: async (tx: Tx, id: string, v: Partial<ModuleValues>) => {
    await tx
      .update(module)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(module.id, id));
  },
  async insertSubject(tx: Tx, v: SubjectValues): Promise<string> {
    const [r] = await tx.insert(subject).values(v).returning({ id: subject.id });
    if (!r) throw new Error('insert returned no row');
    return r.id;
  },
  updateSubject: async (tx: Tx, id: string, v: Partial<SubjectValues>) => {
    await tx
      .update(subject)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(subject.id, id));
  },
  async insertTopic(tx: Tx, v: TopicValues): Promise<string> {
    const [r] = await tx.insert(topic).values(v).returning({ id: topic.id });
    if (!r) throw new Error('insert returned no row');
    return r.id;
  },
  updateTopic: async (tx: Tx, id: string, v: Partial<TopicValues>) => {
    await tx
      .update(topic)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(topic.id, id));
  },

  /** Archive or restore the root row (module, subject or topic). */
  async setArchived(tx: Tx, root: SubtreeRoot, archived: Archived): Promise<void> {
    const table = TABLES[rootEntity(root)];
    await tx
      .update(table)
      .set({ ...archived, updatedAt: new Date() })
      .where(eq(table.id, rootId(root)));
  },

  /**
   * After the root moved or changed scope: every descendant takes its scope (and module) from its
   * parent — subjects from the module ('global' under a global module or when global themselves),
   * topics from the subject, decks / quizzes / pages from the topic, cards and questions from theirs.
   */
  async propagateScope(tx: Tx, root: SubtreeRoot): Promise<void> {
    if ('module' in root) {
      await tx.execute(sql`update subject s set college_id = m.college_id,
        year_group = case when s.is_global or m.is_global or m.year_group = 'global' then 'global' else m.year_group end
        from module m where m.id = s.module_id and m.id = ${root.module}`);
    }
    if (!('topic' in root)) {
      const where = 'module' in root ? sql`s.module_id = ${root.module}` : sql`s.id = ${root.subject}`;
      await tx.execute(sql`update topic t set college_id = s.college_id, module_id = s.module_id,
        year_group = case when t.is_global or s.year_group = 'global' then 'global' else s.year_group end
        from subject s where s.id = t.subject_id and ${where}`);
    }
    const topics = topicsUnder(root);
    for (const table of ['flashcard_deck', 'mcq_quiz', 'html_content']) {
      await tx.execute(sql`update ${sql.identifier(table)} x set college_id = t.college_id, year_group = t.year_group
        from topic t where t.id = x.topic_id and t.id in (${topics})`);
    }
    await tx.execute(sql`update card c set college_id = d.college_id, year_group = d.year_group
      from flashcard_deck d where d.id = c.deck_id and d.topic_id in (${topics})`);
    await tx.execute(sql`update mcq_question q set college_id = z.college_id, year_group = z.year_group
      from mcq_quiz z where z.id = q.quiz_id and z.topic_id in (${topics})`);
  },

  /** What deleting the root removes, but the images (subtreeImages, as the deleter may remove them). */
  async subtreeCounts(db: DbOrTx, root: SubtreeRoot): Promise<Omit<SubtreeCounts, 'images'>> {
    const topics = topicsUnder(root);
    const pages = sql`select id from html_content where topic_id in (${topics})`;
    const res = await db.execute<Record<Exclude<keyof SubtreeCounts, 'images'>, number>>(sql`select
      ${'module' in root ? sql`1` : sql`0`}::int as modules,
      ${'module' in root ? sql`(select count(*) from subject where module_id = ${root.module})` : 'subject' in root ? sql`1` : sql`0`}::int as subjects,
      (select count(*) from (${topics}) t)::int as topics,
      (select count(*) from flashcard_deck where topic_id in (${topics}))::int as decks,
      (select count(*) from card c join flashcard_deck d on d.id = c.deck_id where d.topic_id in (${topics}))::int as cards,
      (select count(*) from mcq_quiz where topic_id in (${topics}))::int as quizzes,
      (select count(*) from mcq_question q join mcq_quiz z on z.id = q.quiz_id where z.topic_id in (${topics}))::int as questions,
      (select count(*) from (${pages}) p)::int as pages`);
    const row = res.rows[0];
    if (!row) throw new Error('no counts');
    return row;
  },

  /**
   * The images used only by the subtree's pages, cards and questions (of its own college), locked:
   * candidates to go with it (the service keeps those the deleter may not delete).
   */
  async subtreeImages(db: DbOrTx, root: SubtreeRoot, opts: { lock?: boolean } = {}): Promise<ScopedImage[]> {
    const topics = topicsUnder(root);
    const res = await db.execute<ScopedImage>(
      sql`select i.id, i.college_id as "collegeId", i.year_group as "yearGroup" from image i
        where cardinality(i.used_in) > 0 and i.used_in <@ ${imageUsersUnder(topics)} and ${ownCollege(topics)}
        ${opts.lock ? sql`for update` : sql``}`,
    );
    return res.rows;
  },

  /** permanentlyDelete*: the subtree's uses of images dropped, then the root (FKs cascade). */
  async deleteSubtree(tx: Tx, root: SubtreeRoot): Promise<void> {
    const gone = imageUsersUnder(topicsUnder(root));
    await tx.execute(sql`update image set used_in = array(select u from unnest(used_in) u where u <> all(${gone}))
      where used_in && ${gone}`);
    const table = TABLES[rootEntity(root)];
    await tx.delete(table).where(eq(table.id, rootId(root)));
  },
};
