// Test accounts: the demo seed's sign-ins, and fresh users created through the public API (sign-up, then
// the verification link from the dev outbox) so every test owns the accounts it signs in with.
import { request as playwrightRequest, type APIRequestContext, type TestInfo } from '@playwright/test';
import { latestMailTo, linkContaining, uniqueEmail } from './mailbox.ts';

export type Credentials = { email: string; password: string };
export type TestUser = Credentials & { uid: string; firstName: string; lastName: string; fullName: string };

export const DEMO = {
  superadmin: { email: 'super@demo.test', password: 'demo-super-1' },
  admin: { email: 'admin@demo.test', password: 'demo-admin-1' },
  student: { email: 'student@demo.test', password: 'demo-student-1', fullName: 'Sam Student' },
  college: 'Demo Medical College',
  firstYear: 'First Year, 2025-2026',
  secondYear: 'Second Year, 2025-2026',
} as const;

export const baseUrl = () => `http://localhost:${Number(process.env.E2E_PORT ?? 3111)}`;

/** A fresh API client with its own cookie jar (nothing leaks into the test's browser contexts). */
export async function apiClient(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: baseUrl() });
}

async function expectOk(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return res.json();
}

export async function collegeId(api: APIRequestContext, name: string): Promise<string> {
  const body = (await expectOk(await api.get('/api/colleges'), 'GET /api/colleges')) as {
    colleges: { id: string; name: string }[];
  };
  const found = body.colleges.find((c) => c.name === name);
  if (!found) throw new Error(`no college named ${name}`);
  return found.id;
}

const NAMES = ['Amira', 'Bilal', 'Chidi', 'Dalia', 'Emeka', 'Farah', 'Goran', 'Hana', 'Idris', 'Jana'];
let nameCounter = 0;

export type NewUserOptions = {
  prefix?: string;
  verified?: boolean;
  firstName?: string;
  lastName?: string;
  college?: string;
  yearGroup?: string;
  password?: string;
};

/** Signs a new student up through POST /api/session/sign-up and (by default) follows the emailed link. */
export async function createUser(opts: NewUserOptions = {}): Promise<TestUser> {
  const api = await apiClient();
  try {
    const email = uniqueEmail(opts.prefix ?? 'student');
    const password = opts.password ?? 'e2e-pass-1';
    const firstName = opts.firstName ?? NAMES[nameCounter++ % NAMES.length]!;
    // Unique, letters only (names are capitalised first-upper, rest-lower by the product).
    const lastName =
      opts.lastName ??
      'Test' +
        email
          .split('.')[1]!
          .replace(/[^a-z]/g, '')
          .slice(0, 6);
    const res = await api.post('/api/session/sign-up', {
      data: {
        email,
        password,
        firstName,
        lastName,
        collegeId: await collegeId(api, opts.college ?? DEMO.college),
        yearGroup: opts.yearGroup ?? DEMO.firstYear,
      },
    });
    const body = (await expectOk(res, 'sign-up')) as { profile: { uid: string } };
    if (opts.verified !== false) await verifyByMail(api, email);
    return {
      email,
      password,
      uid: body.profile.uid,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
    };
  } finally {
    await api.dispose();
  }
}

/** Follows the newest verification link sent to `email` (the server redirects to the app). */
async function verifyByMail(api: APIRequestContext, email: string): Promise<void> {
  const mail = await latestMailTo(api, email, /verify/i);
  const res = await api.get(linkContaining(mail, '/verify-email'), { maxRedirects: 0 });
  const location = res.headers()['location'] ?? '';
  if (res.status() >= 400 || /error=/.test(location)) {
    throw new Error(`verification failed: ${res.status()} ${location} ${await res.text()}`);
  }
}

/**
 * Superadmins made once per run by global-setup: one active session per user means two workers must
 * never sign in as the same superadmin, so each parallel worker takes its own.
 */
export function superadminFor(testInfo: TestInfo): Credentials {
  const list = JSON.parse(process.env.E2E_SUPERADMINS ?? '[]') as Credentials[];
  if (!list.length) throw new Error('global-setup did not create the per-worker superadmins');
  return list[testInfo.parallelIndex % list.length]!;
}

/** For global-setup: `count` verified users promoted to superadmin by the demo superadmin. */
export async function createSuperadmins(count: number): Promise<Credentials[]> {
  const made: Credentials[] = [];
  const sa = await apiClient();
  try {
    await expectOk(await sa.post('/api/session/sign-in', { data: DEMO.superadmin }), 'superadmin sign-in');
    for (let i = 0; i < count; i++) {
      const u = await createUser({
        prefix: `super${i}`,
        firstName: 'Sue',
        lastName: `Worker${'abcdefgh'[i]}`,
      });
      await expectOk(
        await sa.post(`/api/users/${u.uid}/role`, { data: { newRole: 'superadmin' } }),
        'make superadmin',
      );
      made.push({ email: u.email, password: u.password });
    }
    await sa.post('/api/session/sign-out');
  } finally {
    await sa.dispose();
  }
  return made;
}
