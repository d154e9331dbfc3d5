// better-auth (ARCHITECTURE §7), configured on Zan's own tables: email + password with argon2id,
// email verification, password reset, its rate limiter stored in PostgreSQL. Zan's web app talks to
// the /api/session wrapper; of better-auth's own handler only GET /api/auth/verify-email (the link in
// the verification mail) is mounted. Session cookies are resolved here, in one query.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createEmailVerificationToken } from 'better-auth/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, text } from '@zan/core';
import type { Config } from '../config.ts';
import { badRequest } from '../errors.ts';
import type { Database } from '../db/client.ts';
import { account, rateLimit, session, user, verification } from '../db/schema/index.ts';
import type { EventBus } from '../platform/events.ts';
import type { Mailer } from '../platform/mail.ts';
import { resetPasswordEmail, verificationEmail } from '../platform/mail-templates.ts';
import { hashPassword, verifyPassword } from '../platform/password.ts';
import type { RequestActor } from './access.ts';
import { rawReply, routeTable, type ReplyHeaders } from './route-table.ts';
import { renewSession, sessionByToken } from './auth-repository.ts';

const AUTH_BASE_PATH = '/api/auth';
const CLIENT_IP_HEADER = 'x-zan-client-ip';
const SESSION_EXPIRES_IN = 60 * 60 * 24 * 30; // 30 days, rolling
const SESSION_UPDATE_AGE = 60 * 60 * 24; // refreshed at most once a day
const VERIFICATION_EXPIRES_IN = 60 * 60 * 24;

/**
 * AUTH_SECRET, or for the embedded / dev case a random secret generated once and kept in
 * <dataDir>/auth-secret (mode 0600). Tests without one get a fresh in-memory secret.
 */
function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.env === 'test') return crypto.randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    /* not created yet */
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const verificationCallbackUrl = (config: Config) => `${config.publicUrl}/dashboard`;
const resetPasswordUrl = (config: Config, token: string) =>
  `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

function createBetterAuth(opts: {
  config: Config;
  db: Database;
  mail: Mailer;
  events: EventBus;
  secret: string;
  log: FastifyInstance['log'];
}) {
  const { config, db, mail, events } = opts;
  return betterAuth({
    appName: 'Zan',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: opts.secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-in is allowed unverified; Zan's access levels keep unverified users on the verify screen.
      requireEmailVerification: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: u, token }) => {
        await mail.send(
          resetPasswordEmail(
            { email: u.email, firstName: String((u as { firstName?: unknown }).firstName ?? '') },
            resetPasswordUrl(config, token),
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: false, // Zan sends it after sign-up itself, so a mail failure never fails sign-up
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_EXPIRES_IN,
      sendVerificationEmail: async ({ user: u, url }) => {
        await mail.send(
          verificationEmail(
            { email: u.email, firstName: String((u as { firstName?: unknown }).firstName ?? '') },
            url,
          ),
        );
      },
      afterEmailVerification: async (u) => {
        await events.publish(u.id, 'profile', { userId: u.id });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        collegeId: { type: 'string', required: false, input: true },
        yearGroup: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, input: false },
        adminCollegeId: { type: 'string', required: false, input: false },
        adminYearGroup: { type: 'string', required: false, input: false },
        activeSessionId: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
      additionalFields: { revokedReason: { type: 'string', required: false, input: false } },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: config.authRateLimit.windowSeconds,
      max: config.authRateLimit.max,
    },
    advanced: {
      cookiePrefix: 'zan',
      // Always Secure in production (config refuses a production PUBLIC_URL that is not https or loopback),
      // also when a TLS-terminating proxy forwards plain http to this server.
      useSecureCookies: config.env === 'production' || config.publicUrl.startsWith('https://'),
      // The client IP is the one Fastify resolved (the socket, or the proxy header when TRUST_PROXY).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        opts.log[level === 'error' ? 'error' : 'warn']({ args }, `better-auth: ${message}`);
      },
    },
  });
}

type ZanAuth = ReturnType<typeof createBetterAuth>;

/** What the access hook learns from the request's cookie. */
type SessionLookup =
  | { kind: 'none' }
  | { kind: 'invalid'; reason: 'replaced' | 'ended' }
  | { kind: 'ok'; actor: RequestActor; setCookie?: string };

export type AuthKit = {
  auth: ZanAuth;
  /** Resolves the session cookie (signature, row, revocation, expiry) and refreshes it once a day. */
  resolve: (request: FastifyRequest) => Promise<SessionLookup>;
  /** Set-Cookie values that remove the session cookies. */
  clearCookies: () => string[];
  /** Headers for auth.api calls: user agent and the client IP Fastify resolved. */
  headersFor: (request: FastifyRequest) => Headers;
  /** Signs a verification token and mails the link (awaited: rejects when the mail fails). */
  sendVerification: (u: { id: string; email: string; firstName: string }) => Promise<void>;
};

function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    if (!out.has(name)) out.set(name, part.slice(i + 1).trim());
  }
  return out;
}

const sign = (value: string, secret: string) =>
  crypto.createHmac('sha256', secret).update(value).digest('base64');

function serializeCookie(
  name: string,
  value: string,
  attrs: { secure?: boolean; sameSite?: string; path?: string; domain?: string; httpOnly?: boolean },
  maxAge: number,
): string {
  const parts = [`${name}=${value}`, `Max-Age=${maxAge}`, `Path=${attrs.path ?? '/'}`];
  if (attrs.domain) parts.push(`Domain=${attrs.domain}`);
  if (attrs.httpOnly !== false) parts.push('HttpOnly');
  if (attrs.secure) parts.push('Secure');
  const sameSite = attrs.sameSite ?? 'lax';
  parts.push(`SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1).toLowerCase()}`);
  return parts.join('; ');
}

export async function createAuthKit(opts: {
  config: Config;
  db: Database;
  mail: Mailer;
  events: EventBus;
  log: FastifyInstance['log'];
}): Promise<AuthKit> {
  const secret = resolveAuthSecret(opts.config);
  const auth = createBetterAuth({ ...opts, secret });
  const ctx = await auth.$context;
  const tokenCookie = ctx.authCookies.sessionToken;
  const cookieNames = [
    ctx.authCookies.sessionToken,
    ctx.authCookies.sessionData,
    ctx.authCookies.dontRememberToken,
  ];
  const { db, config } = opts;

  const readToken = (request: FastifyRequest): string | null | false => {
    const raw = parseCookies(request.headers.cookie).get(tokenCookie.name);
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return false;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return false;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(sign(token, ctx.secret));
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : false;
  };

  return {
    auth,
    async resolve(request) {
      const token = readToken(request);
      if (token === null) return { kind: 'none' };
      if (token === false) return { kind: 'invalid', reason: 'ended' };
      const row = await sessionByToken(db, token);
      if (!row) return { kind: 'invalid', reason: 'ended' };
      if (row.s.revokedReason === 'replaced') return { kind: 'invalid', reason: 'replaced' };
      const now = Date.now();
      if (row.s.revokedReason || row.s.expiresAt.getTime() <= now)
        return { kind: 'invalid', reason: 'ended' };
      const u = row.u;
      const actor: RequestActor = {
        id: u.id,
        role: u.role,
        emailVerified: u.emailVerified,
        collegeId: u.collegeId,
        yearGroup: u.yearGroup,
        adminCollegeId: u.adminCollegeId,
        adminYearGroup: u.adminYearGroup,
        email: u.email,
        displayName: `${u.firstName} ${u.lastName}`.trim() || u.name || u.email,
        sessionId: row.s.id,
      };
      let setCookie: string | undefined;
      if (row.s.expiresAt.getTime() - SESSION_EXPIRES_IN * 1000 + SESSION_UPDATE_AGE * 1000 <= now) {
        await renewSession(db, row.s.id, new Date(now + SESSION_EXPIRES_IN * 1000), new Date(now));
        setCookie = serializeCookie(
          tokenCookie.name,
          encodeURIComponent(`${token}.${sign(token, ctx.secret)}`),
          tokenCookie.attributes,
          SESSION_EXPIRES_IN,
        );
      }
      return { kind: 'ok', actor, setCookie };
    },
    clearCookies: () => cookieNames.map((c) => serializeCookie(c.name, '', c.attributes, 0)),
    headersFor(request) {
      const h = new Headers();
      const ua = request.headers['user-agent'];
      if (ua) h.set('user-agent', ua);
      h.set(CLIENT_IP_HEADER, request.ip);
      return h;
    },
    async sendVerification(u) {
      const token = await createEmailVerificationToken(
        ctx.secret,
        u.email,
        undefined,
        VERIFICATION_EXPIRES_IN,
        { userId: u.id },
      );
      const url = `${config.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${encodeURIComponent(verificationCallbackUrl(config))}`;
      await opts.mail.send(verificationEmail(u, url));
    },
  };
}

const verifyQuerySchema = z.strictObject({
  token: text().min(1).max(4000),
  callbackURL: text().max(2000).optional(),
});

/**
 * Where the verification link sends the browser: a path of the app or a trusted origin's URL, made
 * absolute (better-auth fails with a 500 on a value it cannot parse as a URL). Anything else is a 400.
 */
function callbackFor(raw: string | undefined, config: Config): string {
  if (raw === undefined) return verificationCallbackUrl(config);
  let target: URL;
  try {
    target = new URL(raw, config.publicUrl);
  } catch {
    throw badRequest('Invalid callback URL.', 'VALIDATION');
  }
  if (!config.trustedOrigins.includes(target.origin)) throw badRequest('Invalid callback URL.', 'VALIDATION');
  return target.toString();
}

/** GET /api/auth/verify-email — better-auth's own handler (its rate limiter and callback checks apply). */
export async function registerAuthHandler(app: FastifyInstance, kit: AuthKit, config: Config): Promise<void> {
  routeTable(app)({
    method: 'GET',
    url: `${AUTH_BASE_PATH}/verify-email`,
    access: 'public',
    hide: true,
    querystring: verifyQuerySchema,
    reply: 'raw',
    call: async (_, r) => {
      const url = new URL(`${AUTH_BASE_PATH}/verify-email`, config.publicUrl);
      url.searchParams.set('token', r.query.token);
      url.searchParams.set('callbackURL', callbackFor(r.query.callbackURL, config));
      const res = await kit.auth.handler(
        new Request(url, { method: 'GET', headers: kit.headersFor(r.http) }),
      );
      const headers: ReplyHeaders = {};
      res.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') headers[key] = value;
      });
      const cookies = res.headers.getSetCookie();
      if (cookies.length) headers['set-cookie'] = cookies;
      return rawReply(await res.text(), headers, res.status);
    },
  });
}
