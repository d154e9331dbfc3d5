// The dev outbox's statements (dev_mail): each message kept with its links, listed newest first.
import { desc } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { devMail } from '../db/schema/mail-outbox.ts';

type DevMailInsert = typeof devMail.$inferInsert;

export async function insertDevMail(db: Database, message: DevMailInsert): Promise<void> {
  await db.insert(devMail).values(message);
}

/** The newest `limit` messages, newest first. */
export async function newestDevMail(db: Database, limit: number) {
  return db.select().from(devMail).orderBy(desc(devMail.createdAt), desc(devMail.id)).limit(limit);
}
