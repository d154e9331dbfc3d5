// The session lookup every request makes (the session cookie's token → its session and user) and the
// sliding renewal of a session's expiry.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { session, user } from '../db/schema/index.ts';

/** The session with this token and its user, or undefined. */
export async function sessionByToken(db: Database, token: string) {
  const [row] = await db
    .select({ s: session, u: user })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token))
    .limit(1);
  return row;
}

export async function renewSession(
  db: Database,
  id: string,
  expiresAt: Date,
  updatedAt: Date,
): Promise<void> {
  await db.update(session).set({ expiresAt, updatedAt }).where(eq(session.id, id));
}
