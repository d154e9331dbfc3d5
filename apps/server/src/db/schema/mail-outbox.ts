// dev_mail: the dev outbox (ARCHITECTURE §6) — mail kept when no SMTP is configured; never in production.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const devMail = pgTable('dev_mail', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  links: jsonb('links').$type<string[]>().notNull(),
  createdAt: createdAt(),
});
