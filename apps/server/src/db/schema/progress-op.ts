// progress_op: every progress operation applied, per user (an upload retried after a lost answer is
// applied once); progress_reset: the deck resets and study-data imports older reviews lose against;
// progress_quota: how many ops each user has stored (the bound of features/progress/progress-quota.ts).
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './user.ts';

export const progressOp = pgTable(
  'progress_op',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    opId: text('op_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.opId] })],
);

/** scope: `deck:<deckId>` (a deck reset) or `all` (a study data import). */
export const progressReset = pgTable(
  'progress_reset',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
    deviceId: text('device_id').notNull(),
    /**
     * Where the reset falls among the review log's ids (issue 18 replay): the same device's reviews
     * logged before it are cut by it, those logged after it stand.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope] })],
);

/** The count of a user's progress_op rows, kept as ops are stored (a count(*) would grow with them). */
export const progressQuota = pgTable('progress_quota', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  ops: bigint('ops', { mode: 'number' }).notNull().default(0),
});
