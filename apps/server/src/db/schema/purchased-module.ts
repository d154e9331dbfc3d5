// purchased_module: a paid module granted to a user (keyed by user and module).
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { module } from './module.ts';
import { user } from './user.ts';

export const purchasedModule = pgTable(
  'purchased_module',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => module.id, { onDelete: 'cascade' }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    grantedBy: text('granted_by'),
    /** The user's yearGroup at grant time. */
    generationId: text('generation_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] }), index('purchased_module_idx').on(t.moduleId)],
);
