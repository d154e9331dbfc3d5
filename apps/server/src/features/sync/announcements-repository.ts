// Announcement-sync queries: changed announcements of the caller's universe and their tombstones.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { announcement, tombstone } from '../../db/schema/index.ts';
import { afterCursor } from './content-repository.ts';
import type { Cursor } from './cursor.ts';
import {
  announcementUniverseSql,
  announcementVisibleSql,
  tombstoneUniverseSql,
} from '../../domain/visibility-repository.ts';

export const ANNOUNCEMENT_RANK = { tombstone: 0, announcement: 1 } as const;

export const announcementsRepository = {
  changedAfter(db: DbOrTx, actor: Actor, c: Cursor | null, limit: number, now: Date) {
    return db
      .select({ row: announcement, visible: sql<boolean>`${announcementVisibleSql(actor, now)}` })
      .from(announcement)
      .where(
        and(
          announcementUniverseSql(actor),
          afterCursor(
            c,
            ANNOUNCEMENT_RANK.announcement,
            announcement.rowVersion,
            sql`${announcement.id} collate "C"`,
          ),
        ),
      )
      .orderBy(asc(announcement.rowVersion), asc(sql`${announcement.id} collate "C"`))
      .limit(limit);
  },

  tombstonesAfter(db: DbOrTx, actor: Actor, c: Cursor | null, limit: number) {
    return db
      .select({ seq: tombstone.id, entityId: tombstone.entityId, version: tombstone.rowVersion })
      .from(tombstone)
      .where(
        and(
          eq(tombstone.entity, 'announcement'),
          tombstoneUniverseSql(actor),
          afterCursor(c, ANNOUNCEMENT_RANK.tombstone, tombstone.rowVersion, sql`${tombstone.id}`),
        ),
      )
      .orderBy(asc(tombstone.rowVersion), asc(tombstone.id))
      .limit(limit);
  },
};
