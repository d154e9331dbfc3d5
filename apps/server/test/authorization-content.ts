// The admin content API's rows of the authorization table (authorization.test.ts): the fixture
// (content of the admin's scope — college, Y1 — written through the one write path) and one entry per
// route, with fresh rows per caller where an allowed call changes or removes what it acts on.
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { announcement, module, purchasedModule } from '../src/db/schema/index.ts';
import { withAnnouncementWrite, withContentWrite } from '../src/domain/content-write.ts';
import type { TestCollege, TestUser } from './helpers.ts';
import { write, type ModuleOpts } from './sync-fixtures.ts';

type Req = { url?: string; payload?: unknown };

export type ContentFixture = {
  college: TestCollege;
  target: TestUser;
  module: string;
  subject: string;
  topic: string;
  announcement: string;
  /** A fresh module (+ subject + topic) of the admin's scope; archived when asked. */
  fresh: (o?: Partial<ModuleOpts>) => Promise<{ module: string; subject: string; topic: string }>;
  freshAnnouncement: () => Promise<string>;
  /** A fresh paid module of the scope, granted to the target student when `granted`. */
  paidModule: (granted: boolean) => Promise<string>;
  /** A fresh archived module (with archivedAt, as the archive tab lists it). */
  archivedModule: () => Promise<string>;
};

export async function createContentFixture(
  db: Database,
  f: { college: TestCollege; target: TestUser },
): Promise<ContentFixture> {
  const scope = { collegeId: f.college.id, yearGroup: 'Y1' };
  const fresh = (o: Partial<ModuleOpts> = {}) =>
    write(db, async (w) => {
      const m = await w.module({ ...scope, ...o });
      const subject = await w.subject(m, { isArchived: o.isArchived ?? false });
      const topic = await w.topic(subject, { isArchived: o.isArchived ?? false });
      return { module: m, subject, topic };
    });
  const freshAnnouncement = () =>
    withAnnouncementWrite({ db, events: null }, async ({ tx }) => {
      const [row] = await tx
        .insert(announcement)
        .values({
          title: 'Authz notice',
          date: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
          ...scope,
        })
        .returning({ id: announcement.id });
      return row?.id ?? '';
    });
  const base = await fresh();
  return {
    college: f.college,
    target: f.target,
    ...base,
    announcement: await freshAnnouncement(),
    fresh,
    freshAnnouncement,
    async paidModule(granted) {
      const { module: paid } = await fresh({ isFree: false });
      if (granted)
        await db.insert(purchasedModule).values({ userId: f.target.id, moduleId: paid, generationId: 'Y1' });
      return paid;
    },
    async archivedModule() {
      const { module: id } = await fresh({ isArchived: true });
      await withContentWrite({ db, events: null }, ({ tx }) =>
        tx.update(module).set({ archivedAt: new Date() }).where(eq(module.id, id)),
      );
      return id;
    },
  };
}

type Presets<E> = { ADMIN_OK: E; IN_SCOPE: E; STUDENT_OF_SCOPE: E; SUPER_OK: E };
type F = { content: ContentFixture };
export type ContentEntry<E> = {
  route: string;
  expect: E;
  request?: (f: F, kind: string) => Req | Promise<Req>;
};

export function contentEntries<E>(p: Presets<E>): ContentEntry<E>[] {
  const scopeFor = (f: F, kind: string) =>
    kind === 'superadmin' ? { collegeId: f.content.college.id, yearGroup: 'Y1' } : {};
  return [
    { route: 'GET /api/admin/options', expect: p.ADMIN_OK },
    { route: 'GET /api/admin/modules', expect: p.ADMIN_OK },
    {
      route: 'POST /api/admin/modules',
      expect: p.ADMIN_OK,
      request: (f, k) => ({ payload: { name: `Authz ${k}`, stage: 1, ...scopeFor(f, k) } }),
    },
    {
      route: 'GET /api/admin/modules/:id',
      expect: p.IN_SCOPE,
      request: (f) => ({ url: `/api/admin/modules/${f.content.module}` }),
    },
    {
      route: 'PATCH /api/admin/modules/:id',
      expect: p.IN_SCOPE,
      request: (f) => ({ url: `/api/admin/modules/${f.content.module}`, payload: { name: 'Renamed' } }),
    },
    {
      route: 'POST /api/admin/modules/:id/archive',
      expect: p.SUPER_OK,
      request: async (f) => ({ url: `/api/admin/modules/${(await f.content.fresh()).module}/archive` }),
    },
    { route: 'GET /api/admin/subjects', expect: p.ADMIN_OK },
    {
      route: 'POST /api/admin/subjects',
      expect: p.IN_SCOPE,
      request: (f) => ({ payload: { name: 'Authz subject', moduleId: f.content.module } }),
    },
    {
      route: 'GET /api/admin/subjects/:id',
      expect: p.IN_SCOPE,
      request: (f) => ({ url: `/api/admin/subjects/${f.content.subject}` }),
    },
    {
      route: 'PATCH /api/admin/subjects/:id',
      expect: p.IN_SCOPE,
      request: (f) => ({ url: `/api/admin/subjects/${f.content.subject}`, payload: { name: 'Renamed' } }),
    },
    {
      route: 'POST /api/admin/subjects/:id/archive',
      expect: p.SUPER_OK,
      request: async (f) => ({ url: `/api/admin/subjects/${(await f.content.fresh()).subject}/archive` }),
    },
    {
      route: 'GET /api/admin/topics',
      expect: p.ADMIN_OK,
      request: () => ({ url: '/api/admin/topics?search=topic' }),
    },
    {
      route: 'POST /api/admin/topics',
      expect: p.IN_SCOPE,
      request: (f) => ({ payload: { name: 'Authz topic', subjectId: f.content.subject } }),
    },
    {
      route: 'GET /api/admin/topics/:id',
      expect: p.IN_SCOPE,
      request: (f) => ({ url: `/api/admin/topics/${f.content.topic}` }),
    },
    {
      route: 'PATCH /api/admin/topics/:id',
      expect: p.IN_SCOPE,
      request: (f) => ({ url: `/api/admin/topics/${f.content.topic}`, payload: { name: 'Renamed' } }),
    },
    {
      route: 'POST /api/admin/topics/:id/archive',
      expect: p.SUPER_OK,
      request: async (f) => ({ url: `/api/admin/topics/${(await f.content.fresh()).topic}/archive` }),
    },
    { route: 'GET /api/admin/announcements', expect: p.ADMIN_OK },
    {
      route: 'POST /api/admin/announcements',
      expect: p.ADMIN_OK,
      request: (f, k) => ({
        payload: {
          title: `Authz ${k}`,
          date: Date.now(),
          expiresAt: Date.now() + 86_400_000,
          ...scopeFor(f, k),
        },
      }),
    },
    {
      route: 'PATCH /api/admin/announcements/:id',
      expect: p.IN_SCOPE,
      request: (f) => ({
        url: `/api/admin/announcements/${f.content.announcement}`,
        payload: { title: 'Renamed' },
      }),
    },
    {
      route: 'POST /api/admin/announcements/:id/archive',
      expect: p.IN_SCOPE,
      request: async (f) => ({
        url: `/api/admin/announcements/${await f.content.freshAnnouncement()}/archive`,
      }),
    },
    {
      route: 'GET /api/admin/archive/:kind',
      expect: p.SUPER_OK,
      request: () => ({ url: '/api/admin/archive/modules' }),
    },
    {
      route: 'GET /api/admin/archive/:kind/:id',
      expect: p.SUPER_OK,
      request: async (f) => ({ url: `/api/admin/archive/modules/${await f.content.archivedModule()}` }),
    },
    {
      route: 'POST /api/admin/archive/:kind/:id/restore',
      expect: p.SUPER_OK,
      request: async (f) => ({
        url: `/api/admin/archive/modules/${await f.content.archivedModule()}/restore`,
      }),
    },
    {
      route: 'DELETE /api/admin/archive/:kind/:id',
      expect: p.SUPER_OK,
      request: async (f) => ({ url: `/api/admin/archive/modules/${await f.content.archivedModule()}` }),
    },
    { route: 'GET /api/admin/global-modules', expect: p.SUPER_OK },
    {
      route: 'DELETE /api/admin/global-modules/:id',
      expect: p.SUPER_OK,
      request: async (f) => ({
        url: `/api/admin/global-modules/${(await f.content.fresh({ isGlobal: true, yearGroup: 'global' })).module}`,
      }),
    },
    {
      route: 'GET /api/admin/users/:id/modules',
      expect: p.STUDENT_OF_SCOPE,
      request: (f) => ({ url: `/api/admin/users/${f.content.target.id}/modules` }),
    },
    {
      route: 'PUT /api/admin/users/:id/modules/:moduleId',
      expect: p.STUDENT_OF_SCOPE,
      request: async (f) => ({
        url: `/api/admin/users/${f.content.target.id}/modules/${await f.content.paidModule(false)}`,
      }),
    },
    {
      route: 'DELETE /api/admin/users/:id/modules/:moduleId',
      expect: p.STUDENT_OF_SCOPE,
      request: async (f) => ({
        url: `/api/admin/users/${f.content.target.id}/modules/${await f.content.paidModule(true)}`,
      }),
    },
  ];
}
