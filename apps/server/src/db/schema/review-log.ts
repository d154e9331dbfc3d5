// review_log: append-only log of every uploaded review / answer; opId makes uploads idempotent.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { user } from './user.ts';

export const reviewLog = pgTable(
  'review_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Unique per user (another user's op id never collides). */
    opId: text('op_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    type: text('type', { enum: ['flashcard', 'mcq'] }).notNull(),
    rating: integer('rating'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    deviceId: text('device_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    index('review_log_user_idx').on(t.userId, t.reviewedAt),
    unique('review_log_user_op_unique').on(t.userId, t.opId),
  ],
);
