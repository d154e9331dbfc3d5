// Session feature queries: profiles (with college names), session state, one-active-session switch.
import { and, eq, gt, inArray, isNull, like, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SessionStatus, UserProfile } from '@zan/core';
import type { Database } from '../../db/client.ts';
import { college, session, user, verification } from '../../db/schema/index.ts';

const adminCollege = alias(college, 'admin_college');
/** Revoked and expired sessions are kept this long so a device can still learn why it was signed out. */
const KEEP_ENDED_SESSIONS_DAYS = 30;

export function sessionRepository(db: Database) {
  return {
    async findCollege(id: string): Promise<{ id: string; years: string[] } | null> {
      const [row] = await db
        .select({ id: college.id, years: college.years })
        .from(college)
        .where(eq(college.id, id));
      return row ?? null;
    },

    async userIdByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
      return row?.id ?? null;
    },

    async profile(userId: string): Promise<UserProfile | null> {
      const [row] = await db
        .select({ u: user, collegeName: college.name, adminCollegeName: adminCollege.name })
        .from(user)
        .leftJoin(college, eq(college.id, user.collegeId))
        .leftJoin(adminCollege, eq(adminCollege.id, user.adminCollegeId))
        .where(eq(user.id, userId));
      if (!row) return null;
      const u = row.u;
      return {
        uid: u.id,
        email: u.email,
        emailVerified: u.emailVerified,
        firstName: u.firstName,
        lastName: u.lastName,
        displayName: `${u.firstName} ${u.lastName}`.trim() || u.name || u.email,
        collegeId: u.collegeId,
        collegeName: row.collegeName ?? null,
        yearGroup: u.yearGroup,
        role: u.role,
        adminCollegeId: u.adminCollegeId,
        adminCollegeName: row.adminCollegeName ?? null,
        adminYearGroup: u.adminYearGroup,
        activeSessionId: u.activeSessionId,
      };
    },

    async sessionByToken(token: string): Promise<{ id: string; userId: string } | null> {
      const [row] = await db
        .select({ id: session.id, userId: session.userId })
        .from(session)
        .where(eq(session.token, token));
      return row ?? null;
    },

    async sessionState(id: string): Promise<SessionStatus['state']> {
      const [row] = await db
        .select({ revokedReason: session.revokedReason, expiresAt: session.expiresAt })
        .from(session)
        .where(eq(session.id, id));
      if (!row) return 'unknown';
      if (row.revokedReason) return row.revokedReason;
      return row.expiresAt.getTime() > Date.now() ? 'active' : 'ended';
    },

    /**
     * Makes `sessionId` the user's one active session: every other live session is marked
     * 'replaced' and expired, and user.activeSessionId is set. The user row is locked so two
     * sign-ins at once end with exactly one winner (the later one). Returns the replaced ids.
     */
    async activateSession(
      userId: string,
      sessionId: string,
    ): Promise<{ active: boolean; replaced: string[] }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`);
        const now = new Date();
        const [own] = await tx
          .select({ revokedReason: session.revokedReason })
          .from(session)
          .where(eq(session.id, sessionId));
        if (!own || own.revokedReason) return { active: false, replaced: [] };
        const replaced = await tx
          .update(session)
          .set({ revokedReason: 'replaced', expiresAt: now, updatedAt: now })
          .where(
            and(
              eq(session.userId, userId),
              ne(session.id, sessionId),
              isNull(session.revokedReason),
              gt(session.expiresAt, now),
            ),
          )
          .returning({ id: session.id });
        await tx.update(user).set({ activeSessionId: sessionId, updatedAt: now }).where(eq(user.id, userId));
        await tx
          .delete(session)
          .where(
            and(
              eq(session.userId, userId),
              lt(session.expiresAt, new Date(now.getTime() - KEEP_ENDED_SESSIONS_DAYS * 86_400_000)),
            ),
          );
        return { active: true, replaced: replaced.map((r) => r.id) };
      });
    },

    /** Ends one session (sign-out) or every live session of a user (password reset). Returns the ended ids. */
    async endSessions(
      where: { sessionId: string } | { userId: string },
    ): Promise<{ userId: string; ids: string[] }[]> {
      const now = new Date();
      const rows = await db
        .update(session)
        .set({ revokedReason: 'ended', expiresAt: now, updatedAt: now })
        .where(
          and(
            'sessionId' in where ? eq(session.id, where.sessionId) : eq(session.userId, where.userId),
            isNull(session.revokedReason),
          ),
        )
        .returning({ id: session.id, userId: session.userId });
      const byUser = new Map<string, string[]>();
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.id]);
      for (const [uid, ids] of byUser) {
        await db
          .update(user)
          .set({ activeSessionId: null })
          .where(and(eq(user.id, uid), inArray(user.activeSessionId, ids)));
      }
      return [...byUser].map(([uid, ids]) => ({ userId: uid, ids }));
    },

    async userIdForResetToken(token: string): Promise<string | null> {
      const [row] = await db
        .select({ value: verification.value })
        .from(verification)
        .where(
          and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())),
        );
      return row?.value ?? null;
    },

    /** Every outstanding reset link of the user (better-auth keeps them as `reset-password:<token>` → userId). */
    async deleteResetTokens(userId: string): Promise<void> {
      await db
        .delete(verification)
        .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
    },

    async markEmailVerified(userId: string): Promise<void> {
      await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
    },
  };
}
