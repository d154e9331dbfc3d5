// scheduler_settings: each student's scheduler settings (issue 18: core SchedulerSettings, latest
// `updatedAt` wins), pulled with the progress by every device of theirs.
import { bigint, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './user.ts';

export const schedulerSettings = pgTable('scheduler_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
  /** Epoch ms the device stamped on the change. */
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  /** The user's progress clock at the last change: pulled with the progress (ARCHITECTURE §5). */
  rowVersion: bigint('row_version', { mode: 'number' }).notNull().default(0),
});
