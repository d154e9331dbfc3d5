// The heads query (heads.ts): the caller's newest announcement and announcement tombstone, as the
// announcement pull orders them, and the highest row_version of their progress records and study
// sessions — one round trip, run inside the content pull's snapshot.
import { sql } from 'drizzle-orm';
import type { Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { announcementUniverseSql, tombstoneUniverseSql } from '../../domain/visibility-repository.ts';

type HeadsRow = {
  a_version: string | number | null;
  a_id: string | null;
  t_version: string | number | null;
  t_id: string | number | null;
  progress: string | number | null;
};

export type Heads = {
  /** The last announcement of the caller's universe (row_version desc, id desc). */
  announcement: { version: number; id: string } | null;
  /** The last announcement tombstone of the caller's universe; its id a number as text. */
  tombstone: { version: number; id: string } | null;
  /** The highest progress row_version (0 when there is none). */
  progress: number;
};

export const headsRepository = {
  async heads(tx: DbOrTx, actor: Actor): Promise<Heads> {
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
    return {
      announcement:
        row?.a_id != null && row.a_version != null ? { version: Number(row.a_version), id: row.a_id } : null,
      tombstone:
        row?.t_id != null && row.t_version != null
          ? { version: Number(row.t_version), id: String(Number(row.t_id)) }
          : null,
      progress: Number(row?.progress ?? 0),
    };
  },
};
