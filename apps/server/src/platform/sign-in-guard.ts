// Sign-in limits (issue 17): a lecture hall of students behind one public address signs in freely,
// while guessing one account's password is stopped. Per account: the attempts since its last success;
// the first `freeAttempts` go at once, each later one only after a delay that doubles (base, 2×base …
// up to maxDelay). The attempt is reserved atomically before the password is checked, so parallel
// guesses cannot slip past the count. Per address: only failures count, against a far higher ceiling.
// Kept in the shared rate_limit table, so every server instance sees the same counts.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { hit } from './rate-limit.ts';

export type SignInLimits = {
  /** Attempts on one account (since its last success) that need no wait. */
  freeAttempts: number;
  /** Wait before the first attempt past the free ones; doubles with each further attempt. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** An account's count starts again after this long without an attempt. */
  accountForgetSeconds: number;
  /** Failed sign-ins per address per window (successes never count). */
  addressFailures: number;
  addressWindowSeconds: number;
};

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  freeAttempts: 5,
  baseDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  accountForgetSeconds: 24 * 60 * 60,
  addressFailures: 100,
  addressWindowSeconds: 15 * 60,
};

/** Allowed, or refused with the seconds until the next attempt may be made. */
export type GuardVerdict = { allowed: true } | { allowed: false; retryAfter: number };

const accountKey = (email: string) =>
  `zan:sign-in:account:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
const addressKey = (ip: string) => `zan:sign-in:address:${ip}`;

/** The wait required before attempt number `attempt` (1-based) on one account, in seconds. */
export function accountDelaySeconds(limits: SignInLimits, attempt: number): number {
  if (attempt <= limits.freeAttempts) return 0;
  const doublings = attempt - limits.freeAttempts - 1;
  return Math.min(limits.maxDelaySeconds, limits.baseDelaySeconds * 2 ** Math.min(doublings, 30));
}

export function signInGuard(db: Database, limits: SignInLimits) {
  return {
    /**
     * Before checking a password: refuses while the address has used its failures, then reserves one
     * attempt on the account (or refuses until its delay has passed). Nothing is counted when refused.
     */
    async reserve(email: string, ip: string): Promise<GuardVerdict> {
      const now = Date.now();
      const address = await db.execute<{ count: number; last_request: string }>(sql`
        SELECT count, last_request FROM rate_limit WHERE key = ${addressKey(ip)}`);
      const a = address.rows[0];
      if (a) {
        const windowEnd = Number(a.last_request) + limits.addressWindowSeconds * 1000;
        if (windowEnd > now && Number(a.count) >= limits.addressFailures)
          return { allowed: false, retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
      }
      const key = accountKey(email);
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO rate_limit (id, key, count, last_request)
          VALUES (${crypto.randomUUID()}, ${key}, 0, ${now}) ON CONFLICT (key) DO NOTHING`);
        const found = await tx.execute<{ count: number; last_request: string }>(sql`
          SELECT count, last_request FROM rate_limit WHERE key = ${key} FOR UPDATE`);
        const row = found.rows[0];
        const last = Number(row?.last_request ?? now);
        const before = last <= now - limits.accountForgetSeconds * 1000 ? 0 : Number(row?.count ?? 0);
        const attempt = before + 1;
        const readyAt = last + accountDelaySeconds(limits, attempt) * 1000;
        if (before > 0 && readyAt > now)
          return { allowed: false, retryAfter: Math.max(1, Math.ceil((readyAt - now) / 1000)) };
        await tx.execute(
          sql`UPDATE rate_limit SET count = ${attempt}, last_request = ${now} WHERE key = ${key}`,
        );
        return { allowed: true } as const;
      });
    },

    /** The password was right: the account starts again from zero. */
    async succeeded(email: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limit WHERE key = ${accountKey(email)}`);
    },

    /** The password was wrong: one failure against the address (the account's attempt is already counted). */
    async failed(ip: string): Promise<void> {
      await hit(db, addressKey(ip), {
        max: limits.addressFailures,
        windowSeconds: limits.addressWindowSeconds,
      });
    },
  };
}
