// rate_limit: better-auth's rate limiter, stored in the database so every instance shares it.
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
