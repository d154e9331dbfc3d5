// Sign-in limits (issues 17, 38): a lecture hall of students behind one public address signs in freely,
// while guessing one account's password is stopped. Per account: the attempts since its last success;
// the first `freeAttempts` go at once, each later one only after a delay that doubles (base, 2×base …
// up to maxDelay). The attempt is reserved atomically before the password is checked, so parallel
// guesses cannot slip past the count. Per address: only failures for emails with no account count;
// past that budget a wrong password is refused (429) whoever's email it names, so the refusal tells
// nothing about which accounts exist, and a right one still signs in (only its account's delay stops it).
// Kept in the shared rate_limit table, so every server instance sees the same counts.
import { createHash } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { countAddressFailure, forgetKey, lockCount, setCount } from './rate-limit-repository.ts';

export type SignInLimits = {
  /** Attempts on one account (since its last success) that need no wait. */
  freeAttempts: number;
  /** Wait before the first attempt past the free ones; doubles with each further attempt. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /** An account's count starts again after this long without an attempt. */
  accountForgetSeconds: number;
  /** Failed sign-ins for emails with no account, per address per window (other attempts never count). */
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
     * Before checking a password: reserves one attempt on the account (or refuses until its delay has
     * passed; nothing is counted then). The address never refuses here: a right password must pass.
     */
    async reserve(email: string): Promise<GuardVerdict> {
      const now = Date.now();
      const key = accountKey(email);
      return db.transaction(async (tx) => {
        const row = await lockCount(tx, key, now);
        const last = Number(row?.last_request ?? now);
        const before = last <= now - limits.accountForgetSeconds * 1000 ? 0 : Number(row?.count ?? 0);
        const attempt = before + 1;
        const readyAt = last + accountDelaySeconds(limits, attempt) * 1000;
        if (before > 0 && readyAt > now)
          return { allowed: false, retryAfter: Math.max(1, Math.ceil((readyAt - now) / 1000)) };
        await setCount(tx, key, attempt, now);
        return { allowed: true } as const;
      });
    },

    /** The password was right: the account starts again from zero. */
    async succeeded(email: string): Promise<void> {
      await forgetKey(db, accountKey(email));
    },

    /**
     * The password was wrong (the account's attempt is already counted): one failure against the address
     * when no account has this email. Refused once the address is past its budget — a real account's
     * wrong password alike (one statement either way: the answer and its timing do not tell them apart).
     */
    async failed(email: string, ip: string): Promise<GuardVerdict> {
      const now = Date.now();
      const windowStart = now - limits.addressWindowSeconds * 1000;
      const key = addressKey(ip);
      const row = await countAddressFailure(db, key, email.trim().toLowerCase(), now, windowStart);
      if (!row) return { allowed: true };
      const started = Number(row.last_request);
      if (started <= windowStart) return { allowed: true };
      // As if this failure counted too: the answer is the one an email with no account would get now.
      const count = Number(row.count) + (row.counted ? 0 : 1);
      if (count <= limits.addressFailures) return { allowed: true };
      return {
        allowed: false,
        retryAfter: Math.max(1, Math.ceil((started + limits.addressWindowSeconds * 1000 - now) / 1000)),
      };
    },
  };
}
