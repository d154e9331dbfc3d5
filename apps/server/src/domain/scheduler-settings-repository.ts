// The scheduler_settings queries (issue 18): one row per student, the latest `updatedAt` wins. Shared by
// the settings routes (features/scheduler) and the progress pull, which carries them on the user's
// progress clock (features/progress). A stored value that no longer validates reads as none.
import { sql } from 'drizzle-orm';
import { schedulerSettingsSchema, type SchedulerSettings } from '@zan/core';
import type { DbOrTx } from '../db/client.ts';

export const validSettings = (v: unknown): SchedulerSettings | null => {
  const parsed = schedulerSettingsSchema.safeParse(v);
  return parsed.success ? parsed.data : null;
};

export const schedulerSettingsRepository = {
  async get(db: DbOrTx, userId: string): Promise<unknown> {
    const res = await db.execute<{ settings: unknown }>(
      sql`select settings from scheduler_settings where user_id = ${userId}`,
    );
    return res.rows[0]?.settings ?? null;
  },

  /**
   * Stores the settings unless the stored ones are as new or newer, stamped with the user's progress
   * clock (pulled with the progress); returns what is stored after and whether it changed.
   */
  async put(
    db: DbOrTx,
    userId: string,
    settings: unknown,
    updatedAt: number,
    version: number,
  ): Promise<{ settings: unknown; changed: boolean }> {
    const res = await db.execute<{ settings: unknown }>(sql`
      insert into scheduler_settings (user_id, settings, updated_at, row_version)
      values (${userId}, ${JSON.stringify(settings)}::jsonb, ${updatedAt}, ${version})
      on conflict (user_id) do update set settings = excluded.settings, updated_at = excluded.updated_at,
        row_version = excluded.row_version
        where scheduler_settings.updated_at < excluded.updated_at
      returning settings`);
    const row = res.rows[0];
    return row
      ? { settings: row.settings, changed: true }
      : { settings: await this.get(db, userId), changed: false };
  },

  /** The settings when they changed after `since` (and at most at `upTo`), with their version. */
  async after(
    db: DbOrTx,
    userId: string,
    since: number,
    upTo?: number,
  ): Promise<{ settings: unknown; rowVersion: number } | null> {
    const res = await db.execute<{ settings: unknown; row_version: string | number }>(sql`
      select settings, row_version from scheduler_settings where user_id = ${userId} and row_version > ${since}
        ${upTo === undefined ? sql`` : sql`and row_version <= ${upTo}`}`);
    const row = res.rows[0];
    return row ? { settings: row.settings, rowVersion: Number(row.row_version) } : null;
  },
};
