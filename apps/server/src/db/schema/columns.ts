// Column helpers shared by the table files: ids, timestamps, scope, archive and sync version columns.
import { bigint, boolean, text, timestamp } from 'drizzle-orm/pg-core';

export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/** The content clock's version of the transaction that last wrote the row (ARCHITECTURE §5). */
export const rowVersion = () => bigint('row_version', { mode: 'number' }).notNull().default(0);
export const archiveColumns = () => ({
  isArchived: boolean('is_archived').notNull().default(false),
  archivedBy: text('archived_by'),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});
