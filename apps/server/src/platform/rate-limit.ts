// A fixed-window rate limiter kept in PostgreSQL (the rate_limit table better-auth's limiter also
// uses), so every server instance counts the same requests. One atomic upsert per hit.
import { createHash } from 'node:crypto';
import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { MSG } from '@zan/core';
import type { Database } from '../db/client.ts';
import { tooManyRequests } from '../errors.ts';
import { countInWindow } from './rate-limit-repository.ts';

export type RateRule = { max: number; windowSeconds: number };

/** Counts `cost` (default one request) against `key` in the current window; refused past `rule.max`. */
export async function hit(
  db: Database,
  key: string,
  rule: RateRule,
  cost = 1,
): Promise<{ allowed: boolean; retryAfter: number }> {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const row = await countInWindow(db, key, cost, now, windowStart);
  const count = Number(row?.count ?? cost);
  const started = Number(row?.last_request ?? now);
  return {
    allowed: count <= rule.max,
    retryAfter: Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - now) / 1000)),
  };
}

async function enforce(db: Database, key: string, rule: RateRule): Promise<void> {
  const { allowed, retryAfter } = await hit(db, key, rule);
  if (!allowed) throw tooManyRequests(MSG.tooManyRequests, retryAfter);
}

/**
 * An onRequest hook limiting `name` per client IP (request.ip: the socket, or the address the
 * outermost trusted proxy saw when TRUST_PROXY gives a hop count or the proxies' addresses).
 */
export function rateLimitHook(db: Database, name: string, rule: RateRule): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => enforce(db, `zan:${name}:${request.ip}`, rule);
}

/**
 * A preHandler hook (the body is validated by then) limiting `name` per account, whatever the
 * address: rotating addresses cannot multiply the guesses at one password or the mails to one inbox.
 * `accountOf` returns the account key (a normalised email), or null to skip.
 */
export function accountRateLimitHook(
  db: Database,
  name: string,
  rule: RateRule,
  accountOf: (request: FastifyRequest) => string | null,
): preHandlerAsyncHookHandler {
  return async (request) => {
    const account = accountOf(request);
    // Hashed: the table keeps no list of the addresses people typed.
    if (account)
      await enforce(
        db,
        `zan:${name}:account:${createHash('sha256').update(account).digest('base64url')}`,
        rule,
      );
  };
}
