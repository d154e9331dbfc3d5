// review_log: append-only log of every uploaded review / answer; opId makes uploads idempotent. A card's
// progress is the replay of its rows in review-time order (issue 18); what replay and the optimizer need
// is kept per row (older rows have none of it: they replay with SM-2).
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
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
    /** The scheduler that scheduled this review (core ReviewScheduler); null: SM-2 (older rows). */
    scheduler: jsonb('scheduler'),
    /** The card's state before the review (core CardStateDto); null: new, or not recorded. */
    stateBefore: jsonb('state_before'),
    /** Ms since the card's previous review; null: its first, or not recorded. */
    elapsedMs: bigint('elapsed_ms', { mode: 'number' }),
    /** Ms from showing the card to rating it. */
    durationMs: integer('duration_ms'),
    /** Taken back by an undo op: left out of the replay and the optimizer. */
    undone: boolean('undone').notNull().default(false),
  },
  (t) => [
    index('review_log_user_idx').on(t.userId, t.reviewedAt),
    index('review_log_user_item_idx').on(t.userId, t.itemId),
    unique('review_log_user_op_unique').on(t.userId, t.opId),
  ],
);
