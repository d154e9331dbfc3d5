// progress_record: the latest SRS / MCQ state per user and item (id = userId_itemId); a flashcard's is
// the replay of its review history (issue 18), with the FSRS memory state when known.
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './user.ts';

export const progressRecord = pgTable(
  'progress_record',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    cardId: text('card_id'),
    questionId: text('question_id'),
    subjectId: text('subject_id'),
    deckId: text('deck_id'),
    type: text('type', { enum: ['flashcard', 'mcq'] }).notNull(),
    easeFactor: real('ease_factor').notNull().default(2.5),
    /** Seconds. */
    interval: integer('interval').notNull().default(0),
    dueDate: timestamp('due_date', { withTimezone: true }),
    isSuspended: boolean('is_suspended').notNull().default(false),
    /** Latest-wins key: (reviewedAt, deviceId). reviewedAt is clamped to the server clock. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    deviceId: text('device_id').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    /** FSRS memory state (issue 18), null until known. */
    stability: doublePrecision('stability'),
    difficulty: doublePrecision('difficulty'),
    learningState: text('learning_state', { enum: ['new', 'learning', 'review', 'relearning'] }),
    learningStep: integer('learning_step'),
    lastReview: timestamp('last_review', { withTimezone: true }),
    reps: integer('reps'),
    lapses: integer('lapses'),
    /** The user's progress clock at the last write (pulled back per user). */
    rowVersion: bigint('row_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('progress_user_item_idx').on(t.userId, t.itemId),
    index('progress_user_version_idx').on(t.userId, t.rowVersion),
  ],
);
