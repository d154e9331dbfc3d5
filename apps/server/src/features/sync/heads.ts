// The heads of the caller's other sync streams, sent with the last content page so that a client
// already at both heads skips the announcement and progress pulls (one request per idle delta sync).
// - announcements: the cursor the caller's announcement pull would end at ('' when its stream is
//   empty): the greater of its last announcement and last announcement tombstone, as the pull
//   orders them (row_version, rank, id).
// - progress: the highest row_version among the caller's progress records and study sessions, i.e.
//   the `version` a complete progress pull would return (0 when there is none).
import { sql } from 'drizzle-orm';
import type { Actor, SyncHeads } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { ANNOUNCEMENT_RANK } from './announcements-repository.ts';
import { compareKeys, encodeCursor, type StreamKey } from './cursor.ts';
import { announcementUniverseSql, tombstoneUniverseSql } from '../../domain/visibility-sql.ts';

type HeadsRow = {
  a_version: string | number | null;
  a_id: string | null;
  t_version: string | number | null;
  t_id: string | number | null;
  progress: string | number | null;
};

/** One round trip; run it inside the content pull's snapshot. */
export async function syncHeads(tx: DbOrTx, actor: Actor): Promise<SyncHeads> {
  const res = await tx.execute<HeadsRow>(sql`
    select a.row_version as a_version, a.id as a_id, t.row_version as t_version, t.id as t_id,
      greatest(
        (select max(row_version) from progress_record where user_id = ${actor.id}),
        (select max(row_version) from study_session where user_id = ${actor.id})
      ) as progress
    from (select 1) as one
    left join lateral (
      select announcement.row_version, announcement.id from announcement
      where ${announcementUniverseSql(actor)}
      order by announcement.row_version desc, announcement.id collate "C" desc limit 1
    ) as a on true
    left join lateral (
      select tombstone.row_version, tombstone.id from tombstone
      where tombstone.entity = 'announcement' and ${tombstoneUniverseSql(actor)}
      order by tombstone.row_version desc, tombstone.id desc limit 1
    ) as t on true`);
  const row = res.rows[0];
  const keys: StreamKey[] = [];
  if (row?.a_id != null && row.a_version != null) {
    keys.push({ version: Number(row.a_version), rank: ANNOUNCEMENT_RANK.announcement, id: row.a_id });
  }
  if (row?.t_id != null && row.t_version != null) {
    keys.push({
      version: Number(row.t_version),
      rank: ANNOUNCEMENT_RANK.tombstone,
      id: String(Number(row.t_id)),
      numericId: true,
    });
  }
  const last = keys.sort(compareKeys).at(-1);
  return { announcements: last ? encodeCursor(last) : '', progress: Number(row?.progress ?? 0) };
}
