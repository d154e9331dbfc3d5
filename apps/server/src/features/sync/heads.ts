// The heads of the caller's other sync streams, sent with the last content page so that a client
// already at both heads skips the announcement and progress pulls (one request per idle delta sync).
// - announcements: the cursor the caller's announcement pull would end at ('' when its stream is
//   empty): the greater of its last announcement and last announcement tombstone, as the pull
//   orders them (row_version, rank, id).
// - progress: the highest row_version among the caller's progress records and study sessions, i.e.
//   the `version` a complete progress pull would return (0 when there is none).
import type { Actor, SyncHeads } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { ANNOUNCEMENT_RANK } from './announcements-repository.ts';
import { compareKeys, encodeCursor, type StreamKey } from './cursor.ts';
import { headsRepository } from './heads-repository.ts';

/** One round trip (heads-repository.ts); run it inside the content pull's snapshot. */
export async function syncHeads(tx: DbOrTx, actor: Actor): Promise<SyncHeads> {
  const { announcement, tombstone, progress } = await headsRepository.heads(tx, actor);
  const keys: StreamKey[] = [];
  if (announcement) keys.push({ ...announcement, rank: ANNOUNCEMENT_RANK.announcement });
  if (tombstone) keys.push({ ...tombstone, rank: ANNOUNCEMENT_RANK.tombstone, numericId: true });
  const last = keys.sort(compareKeys).at(-1);
  return { announcements: last ? encodeCursor(last) : '', progress };
}
