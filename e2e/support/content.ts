// Content helpers for the admin journeys: a fresh admin of a year group (promoted through the API by
// this worker's superadmin, before the browser uses that superadmin), and content written through the
// admin content API for journeys whose subject is something else (archive, grants).
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { apiClient, collegeId, createUser, DEMO, superadminFor, type TestUser } from './accounts.ts';

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A signed-in API client (its own cookie jar). Sign in as a user only while no browser uses them. */
export async function signedInApi(email: string, password: string): Promise<APIRequestContext> {
  const api = await apiClient();
  await ok(await api.post('/api/session/sign-in', { data: { email, password } }), `sign-in ${email}`);
  return api;
}

/** A new verified user promoted to admin of DEMO.college and `yearGroup` by this worker's superadmin. */
export async function createAdmin(testInfo: TestInfo, yearGroup: string = DEMO.firstYear): Promise<TestUser> {
  const user = await createUser({ prefix: 'admin', yearGroup });
  const sa = superadminFor(testInfo);
  const api = await signedInApi(sa.email, sa.password);
  try {
    const college = await collegeId(api, DEMO.college);
    await ok(
      await api.post(`/api/users/${user.uid}/role`, {
        data: { newRole: 'admin', collegeId: college, yearGroup },
      }),
      'promote',
    );
    await api.post('/api/session/sign-out');
  } finally {
    await api.dispose();
  }
  return user;
}

export type Built = {
  moduleId: string;
  subjectId: string;
  topicId: string;
  module: string;
  subject: string;
  topic: string;
};

/** Module → subject → topic in the admin's scope, through the admin content API. */
export async function buildContent(
  api: APIRequestContext,
  tag: string,
  opts: { isFree?: boolean; stage?: number } = {},
): Promise<Built> {
  const module = `Module ${tag}`;
  const subject = `Subject ${tag}`;
  const topic = `Topic ${tag}`;
  const m = await ok<{ module: { id: string } }>(
    await api.post('/api/admin/modules', {
      data: { name: module, stage: opts.stage ?? 1, isFree: opts.isFree ?? true },
    }),
    'create module',
  );
  const s = await ok<{ subject: { id: string } }>(
    await api.post('/api/admin/subjects', { data: { name: subject, moduleId: m.module.id } }),
    'create subject',
  );
  const t = await ok<{ topic: { id: string } }>(
    await api.post('/api/admin/topics', { data: { name: topic, subjectId: s.subject.id } }),
    'create topic',
  );
  return { moduleId: m.module.id, subjectId: s.subject.id, topicId: t.topic.id, module, subject, topic };
}

/**
 * A new admin (createAdmin) with a module → subject → topic of their own (buildContent), named with a
 * fresh tag; the API client that built it is signed out, so the browser may sign in as that admin.
 */
export async function adminWithTopic(
  testInfo: TestInfo,
): Promise<{ admin: TestUser; t: string; built: Built }> {
  const admin = await createAdmin(testInfo);
  const t = tag();
  const api = await signedInApi(admin.email, admin.password);
  try {
    const built = await buildContent(api, t);
    await api.post('/api/session/sign-out');
    return { admin, t, built };
  } finally {
    await api.dispose();
  }
}

/** A 1×1 PNG, for uploads. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A short unique tag for names made by one test. */
export const tag = () =>
  `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

/** The admin dashboard's tab list. */
export const adminTabs = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

export async function openAdminTab(page: Page, label: string, path: string): Promise<void> {
  await adminTabs(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A student's dashboard shows `module` (after the automatic sync). */
export const dashboardModule = (page: Page, module: string) =>
  page.getByRole('main').getByRole('link', { name: new RegExp(module) });
