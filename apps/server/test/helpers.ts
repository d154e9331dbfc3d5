// Shared test helpers: colleges and users straight into the database (argon2id password, verified
// flag, role and scope), sign-in through app.inject returning the Cookie header, and the dev outbox.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '@zan/core';
import type { Database } from '../src/db/client.ts';
import { insertUserWithPassword } from '../src/db/seed/demo.ts';
import { college } from '../src/db/schema/index.ts';
import type { StoredMail } from '../src/platform/mail.ts';
import { write } from './sync-fixtures.ts';

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(seq++).toString(36)}`;

export type TestCollege = { id: string; name: string; years: string[] };

export async function createCollege(
  db: Database,
  over: Partial<Pick<TestCollege, 'name' | 'years'>> = {},
): Promise<TestCollege> {
  const row = {
    id: crypto.randomUUID(),
    name: over.name ?? unique('College'),
    years: over.years ?? ['Year 1, 2025-2026', 'Year 2, 2025-2026'],
  };
  await db.insert(college).values(row);
  return row;
}

export type TestUser = { id: string; email: string; password: string; role: Role };

/**
 * A user with a credential account. Defaults: role 'user', verified, no college. For an admin pass
 * adminCollegeId / adminYearGroup (also used as collegeId / yearGroup unless given).
 */
export async function createUser(
  db: Database,
  opts: {
    role?: Role;
    verified?: boolean;
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    collegeId?: string | null;
    yearGroup?: string | null;
    adminCollegeId?: string | null;
    adminYearGroup?: string | null;
  } = {},
): Promise<TestUser> {
  const role = opts.role ?? 'user';
  const email = (opts.email ?? `${unique(role)}@test.zan`).toLowerCase();
  const password = opts.password ?? 'password-123';
  const { id } = await insertUserWithPassword(db, {
    email,
    password,
    role,
    firstName: opts.firstName ?? 'Test',
    lastName: opts.lastName ?? role.charAt(0).toUpperCase() + role.slice(1),
    emailVerified: opts.verified ?? true,
    collegeId: opts.collegeId ?? opts.adminCollegeId ?? null,
    yearGroup: opts.yearGroup ?? opts.adminYearGroup ?? null,
    adminCollegeId: opts.adminCollegeId ?? null,
    adminYearGroup: opts.adminYearGroup ?? null,
  });
  return { id, email, password, role };
}

/** The Cookie request header for the cookies a response set (empty values = cleared, dropped). */
export function cookieHeader(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}

/** Signs in through POST /api/session/sign-in; returns the Cookie header and the session id. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ cookie: string; sessionId: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/session/sign-in', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieHeader(res), sessionId: (res.json() as { sessionId: string }).sessionId };
}

/** A college with year 'Y1', its admin signed in, and one topic of that year (module › subject › topic). */
export async function adminWithTopic(app: FastifyInstance, db: Database) {
  const c = await createCollege(db, { years: ['Y1'] });
  const admin = await signedInUser(app, db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
  const topicId = await write(db, async (w) =>
    w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
  );
  return { collegeId: c.id, cookie: admin.cookie, topicId };
}

/** Creates a user (see createUser) and signs them in. */
export async function signedInUser(
  app: FastifyInstance,
  db: Database,
  opts: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(db, opts);
  return { ...user, ...(await signIn(app, user.email, user.password)) };
}

export async function outbox(app: FastifyInstance): Promise<StoredMail[]> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
  return res.json() as StoredMail[];
}

/** Waits (up to 5 s) for the newest mail to `to` whose subject matches. */
export async function waitForMail(app: FastifyInstance, to: string, subject: RegExp): Promise<StoredMail> {
  const until = Date.now() + 5_000;
  for (;;) {
    const found = (await outbox(app)).find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The path + query of a link, for app.inject. */
export const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};
