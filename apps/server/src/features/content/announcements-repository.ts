// Admin announcement queries: the paged list (newest event date first, search by title), single rows
// the caller may see, inserts and updates (inside withAnnouncementWrite only).
import { and, desc, eq, ilike, not, sql } from 'drizzle-orm';
import type { Actor } from '@zan/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { announcement, college } from '../../db/schema/index.ts';
import { announcementUniverseSql } from '../../domain/visibility-repository.ts';
import type { ListCursor } from './cursor.ts';
import { containsPattern } from './read-repository.ts';

const cols = {
  id: announcement.id,
  title: announcement.title,
  description: announcement.description,
  type: announcement.type,
  date: announcement.date,
  expiresAt: announcement.expiresAt,
  collegeId: announcement.collegeId,
  collegeName: college.name,
  yearGroup: announcement.yearGroup,
  isArchived: announcement.isArchived,
  createdBy: announcement.createdBy,
  createdAt: announcement.createdAt,
  updatedAt: announcement.updatedAt,
};
export type AnnouncementRow = Omit<
  typeof announcement.$inferSelect,
  'rowVersion' | 'archivedBy' | 'archivedAt'
> & { collegeName: string | null };
export type AnnouncementValues = typeof announcement.$inferInsert;

export const announcementsRepository = {
  /** Non-archived announcements of the caller's scope (its year group and the college's global ones). */
  list(db: DbOrTx, actor: Actor, a: { search?: string; cursor: ListCursor | null; limit: number }) {
    const after = a.cursor
      ? sql`(${announcement.date}, ${announcement.id}) < (${new Date(Number(a.cursor.k)).toISOString()}::timestamptz, ${a.cursor.i})`
      : undefined;
    return db
      .select(cols)
      .from(announcement)
      .leftJoin(college, eq(college.id, announcement.collegeId))
      .where(
        and(
          announcementUniverseSql(actor),
          not(announcement.isArchived),
          a.search ? ilike(announcement.title, containsPattern(a.search)) : undefined,
          after,
        ),
      )
      .orderBy(desc(announcement.date), desc(announcement.id))
      .limit(a.limit);
  },

  async get(db: DbOrTx, actor: Actor, id: string, opts: { lock?: boolean } = {}) {
    const q = db
      .select(cols)
      .from(announcement)
      .leftJoin(college, eq(college.id, announcement.collegeId))
      .where(and(eq(announcement.id, id), announcementUniverseSql(actor)));
    const [row] = opts.lock ? await q.for('update', { of: announcement }) : await q;
    return row;
  },

  async insert(tx: Tx, v: AnnouncementValues): Promise<string> {
    const [r] = await tx.insert(announcement).values(v).returning({ id: announcement.id });
    if (!r) throw new Error('insert returned no row');
    return r.id;
  },

  update: async (tx: Tx, id: string, v: Partial<AnnouncementValues>) => {
    await tx
      .update(announcement)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(announcement.id, id));
  },
};
