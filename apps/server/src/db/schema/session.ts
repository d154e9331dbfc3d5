// session: better-auth sessions, stored in PostgreSQL (one active per user, ARCHITECTURE §7).
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { user } from './user.ts';

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** Set when the session was ended by a sign-in elsewhere ('replaced') or a sign-out ('ended'). */
    revokedReason: text('revoked_reason', { enum: ['replaced', 'ended'] }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);
