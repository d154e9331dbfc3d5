// Every admin read of modules, subjects and topics: keyset-paged lists (by lower(name), id), single
// rows the caller may see, the select options and searchTopics. Visibility comes from domain/.
import { and, asc, eq, getTableColumns, ilike, not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP, type Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { college, module, subject, topic } from '../../db/schema/index.ts';
import { moduleVisibleSql, subjectVisibleSql, topicVisibleSql } from '../../domain/visibility-repository.ts';
import type { ListCursor } from './cursor.ts';

/** ILIKE pattern for "contains", wildcards taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const after = (key: SQL, id: SQL, c: ListCursor | null) =>
  c ? sql`(${key}, ${id}) > (${String(c.k)}, ${c.i})` : undefined;
const lowerName = (col: SQLWrapper) => sql`lower(${col})`;

export const isGlobalModuleSql = sql`(${module.isGlobal} or ${module.yearGroup} = ${GLOBAL_YEAR_GROUP})`;

/** sortKey: lower(name) as PostgreSQL computes it, so a page cursor compares exactly like the ORDER BY. */
const moduleCols = {
  ...getTableColumns(module),
  collegeName: college.name,
  sortKey: sql<string>`lower(${module.name})`,
};
const subjectCols = {
  ...getTableColumns(subject),
  moduleName: module.name,
  sortKey: sql<string>`lower(${subject.name})`,
};
const topicCols = { ...getTableColumns(topic), subjectName: subject.name, moduleName: module.name };

export type ModuleRow = typeof module.$inferSelect & { collegeName: string | null; sortKey: string };
export type SubjectRow = typeof subject.$inferSelect & { moduleName: string; sortKey: string };
export type TopicRow = typeof topic.$inferSelect & { subjectName: string; moduleName: string };

export type ListArgs = { search?: string; cursor: ListCursor | null; limit: number };

export const readRepository = {
  /** Non-archived modules the caller may see (`where` narrows further: global modules only …). */
  listModules(db: DbOrTx, actor: Actor, a: ListArgs & { where?: SQL }): Promise<ModuleRow[]> {
    return db
      .select(moduleCols)
      .from(module)
      .leftJoin(college, eq(college.id, module.collegeId))
      .where(
        and(
          moduleVisibleSql(actor),
          not(module.isArchived),
          a.where,
          a.search ? ilike(module.name, containsPattern(a.search)) : undefined,
          after(lowerName(module.name), sql`${module.id}`, a.cursor),
        ),
      )
      .orderBy(asc(lowerName(module.name)), asc(module.id))
      .limit(a.limit);
  },

  async module(
    db: DbOrTx,
    actor: Actor,
    id: string,
    opts: { lock?: boolean } = {},
  ): Promise<ModuleRow | undefined> {
    const q = db
      .select(moduleCols)
      .from(module)
      .leftJoin(college, eq(college.id, module.collegeId))
      .where(and(eq(module.id, id), moduleVisibleSql(actor)));
    const [row] = opts.lock ? await q.for('update', { of: module }) : await q;
    return row;
  },

  listSubjects(db: DbOrTx, actor: Actor, a: ListArgs & { moduleId?: string }): Promise<SubjectRow[]> {
    return db
      .select(subjectCols)
      .from(subject)
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(
        and(
          subjectVisibleSql(actor),
          not(subject.isArchived),
          not(module.isArchived),
          a.moduleId ? eq(subject.moduleId, a.moduleId) : undefined,
          a.search ? ilike(subject.name, containsPattern(a.search)) : undefined,
          after(lowerName(subject.name), sql`${subject.id}`, a.cursor),
        ),
      )
      .orderBy(asc(lowerName(subject.name)), asc(subject.id))
      .limit(a.limit);
  },

  async subject(
    db: DbOrTx,
    actor: Actor,
    id: string,
    opts: { lock?: boolean } = {},
  ): Promise<SubjectRow | undefined> {
    const q = db
      .select(subjectCols)
      .from(subject)
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(eq(subject.id, id), subjectVisibleSql(actor)));
    const [row] = opts.lock ? await q.for('update', { of: subject }) : await q;
    return row;
  },

  /** searchTopics: `search` matches the topic, subject or module name. */
  listTopics(db: DbOrTx, actor: Actor, a: ListArgs & { subjectId?: string }): Promise<TopicRow[]> {
    const p = a.search ? containsPattern(a.search) : null;
    return db
      .select(topicCols)
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(
        and(
          topicVisibleSql(actor),
          not(topic.isArchived),
          not(subject.isArchived),
          not(module.isArchived),
          a.subjectId ? eq(topic.subjectId, a.subjectId) : undefined,
          p ? or(ilike(topic.name, p), ilike(subject.name, p), ilike(module.name, p)) : undefined,
          after(sql`${topic.nameLowercase}`, sql`${topic.id}`, a.cursor),
        ),
      )
      .orderBy(asc(topic.nameLowercase), asc(topic.id))
      .limit(a.limit);
  },

  async topic(
    db: DbOrTx,
    actor: Actor,
    id: string,
    opts: { lock?: boolean } = {},
  ): Promise<TopicRow | undefined> {
    const q = db
      .select(topicCols)
      .from(topic)
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(eq(topic.id, id), topicVisibleSql(actor)));
    const [row] = opts.lock ? await q.for('update', { of: topic }) : await q;
    return row;
  },

  /** The selects' options: every non-archived module and subject the caller may see, by name. */
  async options(db: DbOrTx, actor: Actor) {
    const modules = await db
      .select({
        id: module.id,
        name: module.name,
        isGlobal: sql<boolean>`${isGlobalModuleSql}`,
        collegeId: module.collegeId,
        yearGroup: module.yearGroup,
      })
      .from(module)
      .where(and(moduleVisibleSql(actor), not(module.isArchived)))
      .orderBy(asc(lowerName(module.name)), asc(module.id));
    const subjects = await db
      .select({
        id: subject.id,
        name: subject.name,
        moduleId: subject.moduleId,
        isGlobal: sql<boolean>`(${subject.isGlobal} or ${subject.yearGroup} = ${GLOBAL_YEAR_GROUP})`,
      })
      .from(subject)
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(subjectVisibleSql(actor), not(subject.isArchived), not(module.isArchived)))
      .orderBy(asc(lowerName(subject.name)), asc(subject.id));
    return { modules, subjects };
  },
};
