// Archive queries (SPEC §7 "Archived lists": isArchived true, archivedAt descending, 10 per page):
// archived modules, subjects and topics with the names the archive tab shows, and single rows by id.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { GLOBAL_YEAR_GROUP, type ArchiveKind } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { college, module, subject, topic, user } from '../../db/schema/index.ts';
import type { ListCursor } from './cursor.ts';

export type ArchivedRow = {
  id: string;
  name: string;
  isGlobal: boolean;
  collegeId: string;
  collegeName: string | null;
  yearGroup: string;
  parentName: string | null;
  isArchived: boolean;
  archivedAt: Date | null;
  archivedBy: string | null;
  archivedByName: string | null;
};

const archiver = alias(user, 'archiver');
const archiverName = sql<
  string | null
>`nullif(trim(${archiver.firstName} || ' ' || ${archiver.lastName}), '')`;
const globalOf = (t: { isGlobal: unknown; yearGroup: unknown }) =>
  sql<boolean>`(${t.isGlobal} or ${t.yearGroup} = ${GLOBAL_YEAR_GROUP})`;

function select(db: DbOrTx, kind: ArchiveKind) {
  if (kind === 'modules') {
    return db
      .select({
        id: module.id,
        name: module.name,
        isGlobal: globalOf(module),
        collegeId: module.collegeId,
        collegeName: college.name,
        yearGroup: module.yearGroup,
        parentName: sql<string | null>`null`,
        isArchived: module.isArchived,
        archivedAt: module.archivedAt,
        archivedBy: module.archivedBy,
        archivedByName: archiverName,
      })
      .from(module)
      .leftJoin(college, eq(college.id, module.collegeId))
      .leftJoin(archiver, eq(archiver.id, module.archivedBy))
      .$dynamic();
  }
  if (kind === 'subjects') {
    return db
      .select({
        id: subject.id,
        name: subject.name,
        isGlobal: globalOf(subject),
        collegeId: subject.collegeId,
        collegeName: college.name,
        yearGroup: subject.yearGroup,
        parentName: sql<string | null>`${module.name}`,
        isArchived: subject.isArchived,
        archivedAt: subject.archivedAt,
        archivedBy: subject.archivedBy,
        archivedByName: archiverName,
      })
      .from(subject)
      .innerJoin(module, eq(module.id, subject.moduleId))
      .leftJoin(college, eq(college.id, subject.collegeId))
      .leftJoin(archiver, eq(archiver.id, subject.archivedBy))
      .$dynamic();
  }
  return db
    .select({
      id: topic.id,
      name: topic.name,
      isGlobal: globalOf(topic),
      collegeId: topic.collegeId,
      collegeName: college.name,
      yearGroup: topic.yearGroup,
      parentName: sql<string | null>`${subject.name} || ' · ' || ${module.name}`,
      isArchived: topic.isArchived,
      archivedAt: topic.archivedAt,
      archivedBy: topic.archivedBy,
      archivedByName: archiverName,
    })
    .from(topic)
    .innerJoin(subject, eq(subject.id, topic.subjectId))
    .innerJoin(module, eq(module.id, subject.moduleId))
    .leftJoin(college, eq(college.id, topic.collegeId))
    .leftJoin(archiver, eq(archiver.id, topic.archivedBy))
    .$dynamic();
}

const TABLE = { modules: module, subjects: subject, topics: topic } as const;

export const archiveRepository = {
  /** Newest archivedAt first (ties by id), keyset after `cursor` (archivedAt ms, id). */
  list(db: DbOrTx, kind: ArchiveKind, cursor: ListCursor | null, limit: number): Promise<ArchivedRow[]> {
    const t = TABLE[kind];
    const at = sql`coalesce(${t.archivedAt}, 'epoch'::timestamptz)`;
    const after: SQL | undefined = cursor
      ? sql`(${at}, ${t.id}) < (${new Date(Number(cursor.k)).toISOString()}::timestamptz, ${cursor.i})`
      : undefined;
    return select(db, kind)
      .where(and(eq(t.isArchived, true), after))
      .orderBy(desc(at), desc(t.id))
      .limit(limit);
  },

  async get(db: DbOrTx, kind: ArchiveKind, id: string): Promise<ArchivedRow | undefined> {
    const t = TABLE[kind];
    const [row] = await select(db, kind).where(eq(t.id, id));
    return row;
  },

  /** Locks the row for a restore or delete. */
  async lock(db: DbOrTx, kind: ArchiveKind, id: string): Promise<void> {
    const t = TABLE[kind];
    await db.select({ id: t.id }).from(t).where(eq(t.id, id)).for('update');
  },
};
