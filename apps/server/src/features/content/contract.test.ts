// The contract of the one content-write path (issue 7 decision 1), table-driven over every mutation of
// the admin content API: after it, the delta pull (content and announcements) of a student and an
// admin of the affected scope sees exactly that change, and a student of another scope sees nothing.
import type { AnnouncementsPullResponse } from '@zan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';
import { LocalStore, pullPage, write } from '../../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
type Who = 'studentY1' | 'adminY1' | 'studentY2' | 'studentOther';
const WHO: Who[] = ['studentY1', 'adminY1', 'studentY2', 'studentOther'];
type Seen = { rows: string[]; deleted: string[] };
/** Ids a case writes or creates (module, subject, topic, second ones, announcement, the archived root). */
type Ids = Record<'m' | 's' | 't' | 'm2' | 's2' | 't2' | 'a' | 'id', string>;

class Observer {
  content = new LocalStore();
  annCursor = '';
  annVisibleSet: string | undefined;
  ann = new Set<string>();
  constructor(readonly cookie: string) {}

  private ids() {
    return new Set([
      ...this.content.modules.keys(),
      ...this.content.subjects.keys(),
      ...this.content.topics.keys(),
      ...this.ann,
    ]);
  }

  /** Pulls both streams to their heads; returns what arrived (after a reset: what was added or removed). */
  async delta(app: T['app']): Promise<Seen> {
    const before = this.ids();
    const rows = new Set<string>();
    const deleted = new Set<string>();
    let reset = false;
    for (let guard = 0; guard < 100; guard++) {
      const page = await pullPage(app, this.cookie, {
        cursor: this.content.cursor,
        visibleSet: this.content.visibleSet,
      });
      reset ||= page.reset;
      if (!page.reset) {
        for (const r of [...page.modules, ...page.subjects, ...page.topics]) rows.add(r.id);
        for (const id of [...page.deleted.modules, ...page.deleted.subjects, ...page.deleted.topics])
          deleted.add(id);
      }
      this.content.apply(page);
      if (!page.hasMore) break;
    }
    for (let guard = 0; guard < 100; guard++) {
      const qs = new URLSearchParams({
        cursor: this.annCursor,
        ...(this.annVisibleSet ? { visibleSet: this.annVisibleSet } : {}),
      });
      const res = await app.inject({
        method: 'GET',
        url: `/api/sync/announcements?${qs}`,
        headers: { cookie: this.cookie },
      });
      const page = res.json() as AnnouncementsPullResponse;
      for (const a of page.announcements) {
        rows.add(a.id);
        this.ann.add(a.id);
      }
      for (const id of page.deleted) {
        deleted.add(id);
        this.ann.delete(id);
      }
      this.annCursor = page.cursor;
      this.annVisibleSet = page.visibleSet;
      if (!page.hasMore) break;
    }
    if (reset) {
      const after = this.ids();
      return {
        rows: [...after].filter((id) => !before.has(id)).sort(),
        deleted: [...before].filter((id) => !after.has(id)).sort(),
      };
    }
    return { rows: [...rows].sort(), deleted: [...deleted].sort() };
  }
}

type Ctx = {
  t: T;
  collegeId: string;
  otherYearGroup: string;
  studentY1: string;
  cookie: { admin: string; superadmin: string };
};
type Case = {
  name: string;
  /** Rows the mutation acts on (written before the observers sync). */
  setup: (c: Ctx) => Promise<Partial<Ids>>;
  /** The mutation, through the HTTP API; may add ids (created rows). */
  run: (c: Ctx, ids: Ids) => Promise<Partial<Ids> | void>;
  /** What each observer must see; an observer left out must see nothing. */
  expect: (ids: Ids) => Partial<Record<Who, Partial<Seen>>>;
};

const api = async (
  c: Ctx,
  as: 'admin' | 'superadmin',
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await c.t.app.inject({
    method,
    url,
    headers: { cookie: c.cookie[as] },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<'module' | 'subject' | 'topic' | 'announcement', { id: string }>;
};
const tree = (c: Ctx, o: { isFree?: boolean; global?: boolean } = {}) =>
  write(c.t.db, async (w) => {
    const m = await w.module({
      collegeId: c.collegeId,
      yearGroup: o.global ? 'global' : 'Y1',
      isFree: o.isFree ?? true,
      isGlobal: o.global ?? false,
    });
    const s = await w.subject(m);
    const tp = await w.topic(s);
    return { m, s, t: tp };
  });
/** A bulk import of one card into a new deck of the topic; its import id. */
const bulkImport = async (c: Ctx, topicId: string): Promise<string> => {
  const res = await c.t.app.inject({
    method: 'POST',
    url: `/api/admin/topics/${topicId}/bulk/cards`,
    headers: { cookie: c.cookie.admin },
    payload: { name: 'Imported', add: [{ front: '<p>F</p>', back: '<p>B</p>' }], update: [] },
  });
  if (res.statusCode !== 200) throw new Error(`bulk import: ${res.statusCode} ${res.body}`);
  return (res.json() as { importId: string }).importId;
};
const all = (ids: Pick<Ids, 'm' | 's' | 't'>) => [ids.m, ids.s, ids.t].sort();
const both = (seen: Partial<Seen>) => ({ studentY1: seen, adminY1: seen });
const archivedTree = async (c: Ctx, kind: 'modules' | 'subjects' | 'topics') => {
  const ids = await tree(c);
  const id = kind === 'modules' ? ids.m : kind === 'subjects' ? ids.s : ids.t;
  await api(c, 'superadmin', 'POST', `/api/admin/${kind}/${id}/archive`);
  return { ...ids, id };
};
const under = (ids: Partial<Ids> & Pick<Ids, 'm' | 's' | 't'>, kind: string) =>
  kind === 'modules' ? all(ids) : kind === 'subjects' ? [ids.s, ids.t].sort() : [ids.t];

const CASES: Case[] = [
  {
    name: 'create module',
    setup: async () => ({}),
    run: async (c) => ({
      m: (await api(c, 'admin', 'POST', '/api/admin/modules', { name: 'New', stage: 2 })).module.id,
    }),
    expect: (ids) => both({ rows: [ids.m] }),
  },
  {
    name: 'edit module',
    setup: tree,
    run: (c, ids) =>
      api(c, 'admin', 'PATCH', `/api/admin/modules/${ids.m}`, { name: 'Renamed' }).then(() => {}),
    expect: (ids) => both({ rows: [ids.m] }),
  },
  {
    name: 'make a module paid',
    setup: tree,
    run: (c, ids) =>
      api(c, 'admin', 'PATCH', `/api/admin/modules/${ids.m}`, { isFree: false }).then(() => {}),
    expect: (ids) => ({ studentY1: { deleted: all(ids) }, adminY1: { rows: all(ids) } }),
  },
  {
    name: 'move a module to another year group',
    setup: tree,
    run: (c, ids) =>
      api(c, 'superadmin', 'PATCH', `/api/admin/modules/${ids.m}`, { yearGroup: c.otherYearGroup }).then(
        () => {},
      ),
    expect: (ids) => ({
      studentY1: { deleted: all(ids) },
      adminY1: { deleted: all(ids) },
      studentY2: { rows: all(ids) },
    }),
  },
  {
    name: 'archive module',
    setup: tree,
    run: (c, ids) => api(c, 'superadmin', 'POST', `/api/admin/modules/${ids.m}/archive`).then(() => {}),
    expect: (ids) => ({ studentY1: { deleted: all(ids) }, adminY1: { rows: all(ids) } }),
  },
  {
    name: 'create subject',
    setup: tree,
    run: async (c, ids) => ({
      s2: (await api(c, 'admin', 'POST', '/api/admin/subjects', { name: 'New', moduleId: ids.m ?? '' }))
        .subject.id,
    }),
    expect: (ids) => both({ rows: [ids.s2 ?? ''] }),
  },
  {
    name: 'edit subject',
    setup: tree,
    run: (c, ids) =>
      api(c, 'admin', 'PATCH', `/api/admin/subjects/${ids.s}`, { name: 'Renamed' }).then(() => {}),
    expect: (ids) => both({ rows: [ids.s ?? ''] }),
  },
  {
    name: 'move a subject to another module',
    setup: async (c) => ({ ...(await tree(c)), m2: (await tree(c)).m }),
    run: (c, ids) =>
      api(c, 'admin', 'PATCH', `/api/admin/subjects/${ids.s}`, { moduleId: ids.m2 }).then(() => {}),
    expect: (ids) => both({ rows: [ids.s, ids.t].sort() }),
  },
  {
    name: 'archive subject',
    setup: tree,
    run: (c, ids) => api(c, 'superadmin', 'POST', `/api/admin/subjects/${ids.s}/archive`).then(() => {}),
    expect: (ids) => ({
      studentY1: { deleted: [ids.s, ids.t].sort() },
      adminY1: { rows: [ids.s, ids.t].sort() },
    }),
  },
  {
    name: 'create topic',
    setup: tree,
    run: async (c, ids) => ({
      t2: (await api(c, 'admin', 'POST', '/api/admin/topics', { name: 'New', subjectId: ids.s ?? '' })).topic
        .id,
    }),
    expect: (ids) => both({ rows: [ids.t2 ?? ''] }),
  },
  {
    name: 'edit topic',
    setup: tree,
    run: (c, ids) =>
      api(c, 'admin', 'PATCH', `/api/admin/topics/${ids.t}`, { name: 'Renamed' }).then(() => {}),
    expect: (ids) => both({ rows: [ids.t ?? ''] }),
  },
  {
    name: 'move a topic to another subject',
    setup: async (c) => ({ ...(await tree(c)), s2: (await tree(c)).s }),
    run: (c, ids) =>
      api(c, 'admin', 'PATCH', `/api/admin/topics/${ids.t}`, { subjectId: ids.s2 }).then(() => {}),
    expect: (ids) => both({ rows: [ids.t ?? ''] }),
  },
  {
    name: 'archive topic',
    setup: tree,
    run: (c, ids) => api(c, 'superadmin', 'POST', `/api/admin/topics/${ids.t}/archive`).then(() => {}),
    expect: (ids) => ({ studentY1: { deleted: [ids.t ?? ''] }, adminY1: { rows: [ids.t ?? ''] } }),
  },
  ...(['modules', 'subjects', 'topics'] as const).flatMap((kind): Case[] => [
    {
      name: `restore ${kind}`,
      setup: (c) => archivedTree(c, kind),
      run: (c, ids) =>
        api(c, 'superadmin', 'POST', `/api/admin/archive/${kind}/${ids.id}/restore`).then(() => {}),
      expect: (ids) => both({ rows: under(ids, kind) }),
    },
    {
      name: `permanently delete ${kind}`,
      setup: (c) => archivedTree(c, kind),
      run: (c, ids) => api(c, 'superadmin', 'DELETE', `/api/admin/archive/${kind}/${ids.id}`).then(() => {}),
      expect: (ids) => both({ deleted: under(ids, kind) }),
    },
  ]),
  {
    name: 'create a global module',
    setup: async () => ({}),
    run: async (c) => ({
      m: (
        await api(c, 'superadmin', 'POST', '/api/admin/modules', {
          name: 'Global',
          stage: 1,
          isGlobal: true,
          collegeId: c.collegeId,
        })
      ).module.id,
    }),
    expect: (ids) => ({
      studentY1: { rows: [ids.m ?? ''] },
      adminY1: { rows: [ids.m ?? ''] },
      studentY2: { rows: [ids.m ?? ''] },
    }),
  },
  {
    name: 'delete a global module',
    setup: (c) => tree(c, { global: true }),
    run: (c, ids) => api(c, 'superadmin', 'DELETE', `/api/admin/global-modules/${ids.m}`).then(() => {}),
    expect: (ids) => ({
      studentY1: { deleted: all(ids) },
      adminY1: { deleted: all(ids) },
      studentY2: { deleted: all(ids) },
    }),
  },
  {
    name: 'grant a paid module',
    setup: (c) => tree(c, { isFree: false }),
    run: (c, ids) =>
      api(c, 'admin', 'PUT', `/api/admin/users/${c.studentY1}/modules/${ids.m}`).then(() => {}),
    expect: (ids) => ({ studentY1: { rows: all(ids) } }),
  },
  {
    name: 'revoke a paid module',
    setup: async (c) => {
      const ids = await tree(c, { isFree: false });
      await api(c, 'admin', 'PUT', `/api/admin/users/${c.studentY1}/modules/${ids.m}`);
      return ids;
    },
    run: (c, ids) =>
      api(c, 'admin', 'DELETE', `/api/admin/users/${c.studentY1}/modules/${ids.m}`).then(() => {}),
    expect: (ids) => ({ studentY1: { deleted: all(ids) } }),
  },
  {
    name: 'create announcement',
    setup: async () => ({}),
    run: async (c) => ({
      a: (
        await api(c, 'admin', 'POST', '/api/admin/announcements', {
          title: 'Exam',
          date: Date.now(),
          expiresAt: Date.now() + 86_400_000,
        })
      ).announcement.id,
    }),
    expect: (ids) => both({ rows: [ids.a ?? ''] }),
  },
  ...(['edit', 'delete'] as const).map((op): Case => ({
    name: `${op} announcement`,
    setup: async (c) => ({
      a: (
        await api(c, 'admin', 'POST', '/api/admin/announcements', {
          title: 'Exam',
          date: Date.now(),
          expiresAt: Date.now() + 86_400_000,
        })
      ).announcement.id,
    }),
    run: (c, ids) =>
      (op === 'edit'
        ? api(c, 'admin', 'PATCH', `/api/admin/announcements/${ids.a}`, { title: 'Moved' })
        : api(c, 'admin', 'POST', `/api/admin/announcements/${ids.a}/archive`)
      ).then(() => {}),
    expect: (ids) => both(op === 'edit' ? { rows: [ids.a ?? ''] } : { deleted: [ids.a ?? ''] }),
  })),
  // Topic resources change the topic's contentVersion: its row reaches who sees the topic.
  {
    name: 'bulk import into a topic',
    setup: (c) => tree(c),
    run: (c, ids) => bulkImport(c, ids.t).then(() => {}),
    expect: (ids) => both({ rows: [ids.t] }),
  },
  {
    name: 'undo an import (issue 21)',
    setup: async (c) => {
      const ids = await tree(c);
      return { ...ids, id: await bulkImport(c, ids.t) };
    },
    run: (c, ids) => api(c, 'admin', 'POST', `/api/admin/imports/${ids.id}/undo`).then(() => {}),
    expect: (ids) => both({ rows: [ids.t] }),
  },
];

describe('every content mutation reaches exactly the right delta pulls', () => {
  let c: Ctx;
  const observers = {} as Record<Who, Observer>;
  beforeAll(async () => {
    const t = await createTestApp();
    const college = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const studentY1 = await signedInUser(t.app, t.db, { collegeId: college.id, yearGroup: 'Y1' });
    observers.studentY1 = new Observer(studentY1.cookie);
    observers.adminY1 = new Observer(
      (await signedInUser(t.app, t.db, { role: 'admin', adminCollegeId: college.id, adminYearGroup: 'Y1' }))
        .cookie,
    );
    observers.studentY2 = new Observer(
      (await signedInUser(t.app, t.db, { collegeId: college.id, yearGroup: 'Y2' })).cookie,
    );
    observers.studentOther = new Observer(
      (await signedInUser(t.app, t.db, { collegeId: other.id, yearGroup: 'Y1' })).cookie,
    );
    const admin = await signedInUser(t.app, t.db, {
      role: 'admin',
      adminCollegeId: college.id,
      adminYearGroup: 'Y1',
    });
    const superadmin = await signedInUser(t.app, t.db, { role: 'superadmin' });
    c = {
      t,
      collegeId: college.id,
      otherYearGroup: 'Y2',
      studentY1: studentY1.id,
      cookie: { admin: admin.cookie, superadmin: superadmin.cookie },
    };
  });
  afterAll(async () => c.t.close());

  for (const tc of CASES) {
    it(tc.name, async () => {
      // Ids a case does not use stay unset; its expectations only name the ones it wrote.
      const ids = { ...(await tc.setup(c)) } as Ids;
      for (const who of WHO) await observers[who].delta(c.t.app);
      Object.assign(ids, (await tc.run(c, ids)) ?? {});
      const want = tc.expect(ids);
      for (const who of WHO) {
        const seen = await observers[who].delta(c.t.app);
        expect({ who, ...seen }).toEqual({
          who,
          rows: want[who]?.rows ?? [],
          deleted: want[who]?.deleted ?? [],
        });
      }
    });
  }
});
