// The sync clocks (ARCHITECTURE §5). A writer advances its clock FIRST in its transaction: the clock
// row stays locked until commit, so writers are serialised and version order = commit order; a pull's
// cursor can then never skip a committed row. Advancing the content or announcements clock also sets
// the transaction-local setting the database triggers (drizzle/0001) stamp every written row with;
// a content row written without it is refused. Content writers use withContentWrite (content-write.ts).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export type ClockScope = 'content' | 'announcements' | `progress:${string}`;

/** The transaction-local settings read by the row_version triggers (migration 0001). */
const VERSION_SETTING = {
  content: 'zan.content_version',
  announcements: 'zan.announcements_version',
} as const;

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
  const res = await db.execute<{ version: string | number }>(
    sql`select version from sync_clock where scope = ${scope}`,
  );
  return Number(res.rows[0]?.version ?? 0);
}

async function openStream(tx: DbOrTx, scope: 'content' | 'announcements'): Promise<number> {
  const v = await bumpVersion(tx, scope);
  await tx.execute(sql`select set_config(${VERSION_SETTING[scope]}, ${String(v)}, true)`);
  return v;
}

/**
 * The content clock's first call in a transaction: the version every content row of it carries
 * (the triggers stamp it). Only domain/ calls this — features go through withContentWrite.
 */
export const stampContent = (tx: DbOrTx): Promise<number> => openStream(tx, 'content');
/** Same for announcements (their own clock and setting). */
export const stampAnnouncements = (tx: DbOrTx): Promise<number> => openStream(tx, 'announcements');
export const progressScope = (userId: string): ClockScope => `progress:${userId}`;
