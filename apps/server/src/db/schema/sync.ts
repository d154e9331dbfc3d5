// Sync bookkeeping (ARCHITECTURE §5): the version clocks, tombstones and per-user sync metadata.
import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './user.ts';

/** scope 'content', 'announcements', or 'progress:{userId}'. */
export const syncClock = pgTable('sync_clock', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** Archive, delete and loss of visibility of content rows, one per descendant. */
export const tombstone = pgTable(
  'tombstone',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity', {
      enum: [
        'module',
        'subject',
        'topic',
        'flashcardDeck',
        'card',
        'mcqQuiz',
        'mcqQuestion',
        'htmlContent',
        'announcement',
      ],
    }).notNull(),
    entityId: text('entity_id').notNull(),
    rowVersion: bigint('row_version', { mode: 'number' }).notNull(),
    collegeId: text('college_id'),
    yearGroup: text('year_group'),
    moduleId: text('module_id'),
    topicId: text('topic_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tombstone_version_idx').on(t.rowVersion),
    index('tombstone_topic_idx').on(t.topicId, t.rowVersion),
  ],
);

/** Server side of SPEC §3 sync metadata: what a user's device last pulled and the visible set it saw. */
export const syncMetadata = pgTable('sync_metadata', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  visibleSetHash: text('visible_set_hash'),
  lastContentVersion: bigint('last_content_version', { mode: 'number' }).notNull().default(0),
  lastSuccessfulAt: timestamp('last_successful_at', { withTimezone: true }),
});
