// The admin content rules through the HTTP API (SPEC §5, §6, §8, §9): each bad input gets the spec's
// message and changes nothing, global rules, paging and search, archive and permanent delete with
// every descendant, announcements, paid-module grants.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { ADMIN_PAGE_SIZE, ARCHIVE_PAGE_SIZE, MSG } from '@zan/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { image } from '../../db/schema/index.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { createEventBus } from '../../platform/events.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';
import { LocalStore, write } from '../../../test/sync-fixtures.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
let t: T;
let collegeId: string;
const cookie = { admin: '', superadmin: '', student: '' };
let studentId = '';

beforeAll(async () => {
  t = await createTestApp();
  collegeId = (await createCollege(t.db, { years: ['Y1', 'Y2'] })).id;
  cookie.admin = (
    await signedInUser(t.app, t.db, { role: 'admin', adminCollegeId: collegeId, adminYearGroup: 'Y1' })
  ).cookie;
  cookie.superadmin = (await signedInUser(t.app, t.db, { role: 'superadmin' })).cookie;
  const student = await signedInUser(t.app, t.db, { collegeId, yearGroup: 'Y1' });
  cookie.student = student.cookie;
  studentId = student.id;
});
afterAll(async () => t.close());

const call = async (
  as: keyof typeof cookie,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: cookie[as] },
    ...(payload ? { payload } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { error?: { message: string } },
  };
};
const count = async (table: string) =>
  Number(
    (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]
      ?.n,
  );
/** The call fails with `status` and `message`, and the table keeps its row count. */
async function refused(table: string, status: number, message: string, run: () => ReturnType<typeof call>) {
  const before = await count(table);
  const res = await run();
  expect({ status: res.status, message: res.body.error?.message }).toEqual({ status, message });
  expect(await count(table)).toBe(before);
}
const tree = (o: { yearGroup?: string; isGlobal?: boolean; isFree?: boolean; isArchived?: boolean } = {}) =>
  write(t.db, async (w) => {
    const m = await w.module({
      collegeId,
      yearGroup: o.yearGroup ?? 'Y1',
      isGlobal: o.isGlobal ?? false,
      isFree: o.isFree ?? true,
      isArchived: o.isArchived ?? false,
    });
    const s = await w.subject(m);
    const tp = await w.topic(s);
    const d = await w.deck(tp, 2);
    return { m, s, t: tp, d };
  });

describe('modules', () => {
  it('refuses bad input with the spec message and writes nothing', async () => {
    await refused('module', 400, MSG.moduleRequired, () =>
      call('admin', 'POST', '/api/admin/modules', { name: '  ', stage: 1 }),
    );
    await refused('module', 400, MSG.stageMin, () =>
      call('admin', 'POST', '/api/admin/modules', { name: 'M', stage: 0 }),
    );
    await refused('module', 400, MSG.moduleRequired, () =>
      call('superadmin', 'POST', '/api/admin/modules', { name: 'M', stage: 1 }),
    );
    await refused('module', 403, MSG.globalModuleDenied, () =>
      call('admin', 'POST', '/api/admin/modules', { name: 'M', stage: 1, isGlobal: true, collegeId }),
    );
    await refused('module', 403, MSG.outOfScope, () =>
      call('admin', 'POST', '/api/admin/modules', { name: 'M', stage: 1, yearGroup: 'Y2' }),
    );
    await refused('module', 400, MSG.yearGroupNotInCollege, () =>
      call('superadmin', 'POST', '/api/admin/modules', { name: 'M', stage: 1, collegeId, yearGroup: 'Y9' }),
    );
  });

  it("global mode forces isGlobal and yearGroup 'global'; an admin's module lands in their scope", async () => {
    const g = await call('superadmin', 'POST', '/api/admin/modules', {
      name: 'Global',
      stage: 1,
      isGlobal: true,
      collegeId,
      yearGroup: 'Y1',
    });
    expect(g.status).toBe(201);
    expect(g.body.module).toMatchObject({ isGlobal: true, yearGroup: 'global', collegeId });
    const a = await call('admin', 'POST', '/api/admin/modules', { name: 'Mine', stage: 3, isFree: false });
    expect(a.body.module).toMatchObject({
      isGlobal: false,
      yearGroup: 'Y1',
      collegeId,
      stage: 3,
      isFree: false,
    });
    // An admin cannot edit a global module.
    const id = (g.body.module as { id: string }).id;
    expect(
      (await call('admin', 'PATCH', `/api/admin/modules/${id}`, { name: 'x' })).body.error?.message,
    ).toBe(MSG.globalModuleDenied);
  });

  it('pages 15 by name and searches', async () => {
    const c2 = (await createCollege(t.db, { years: ['Y1'] })).id;
    const admin = await signedInUser(t.app, t.db, {
      role: 'admin',
      adminCollegeId: c2,
      adminYearGroup: 'Y1',
    });
    await write(t.db, async (w) => {
      for (let i = 0; i < ADMIN_PAGE_SIZE + 2; i++)
        await w.module({ collegeId: c2, yearGroup: 'Y1', name: `Cardio ${String(i).padStart(2, '0')}` });
    });
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).json() as {
        modules: { name: string }[];
        nextCursor: string | null;
      };
    const p1 = await get('/api/admin/modules');
    expect(p1.modules).toHaveLength(ADMIN_PAGE_SIZE);
    const p2 = await get(`/api/admin/modules?cursor=${p1.nextCursor}`);
    expect(p2.modules.map((m) => m.name)).toEqual(['Cardio 15', 'Cardio 16']);
    expect(p2.nextCursor).toBeNull();
    expect((await get('/api/admin/modules?search=dio 0')).modules).toHaveLength(10);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/modules?cursor=zzz',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('subjects and topics', () => {
  it('keeps global subjects and topics to superadmins, with the spec messages', async () => {
    const g = await tree({ isGlobal: true, yearGroup: 'global' });
    await refused('subject', 400, MSG.subjectRequired, () =>
      call('admin', 'POST', '/api/admin/subjects', { name: 'S', moduleId: '' }),
    );
    await refused('subject', 403, MSG.globalSubjectCreateDenied, () =>
      call('admin', 'POST', '/api/admin/subjects', { name: 'S', moduleId: g.m }),
    );
    const own = await tree();
    await refused('subject', 403, MSG.globalSubjectCreateDenied, () =>
      call('admin', 'POST', '/api/admin/subjects', { name: 'S', moduleId: own.m, isGlobal: true }),
    );
    expect(
      (await call('admin', 'PATCH', `/api/admin/subjects/${g.s}`, { name: 'x' })).body.error?.message,
    ).toBe(MSG.globalSubjectEditDenied);
    const gs = await call('superadmin', 'POST', '/api/admin/subjects', { name: 'Global S', moduleId: g.m });
    expect(gs.body.subject).toMatchObject({ isGlobal: true, yearGroup: 'global' });
    expect(
      (await call('admin', 'PATCH', `/api/admin/topics/${g.t}`, { name: 'x' })).body.error?.message,
    ).toBe(MSG.globalTopicDenied);
  });

  it('derives the module from the subject, keeps name_lowercase in step, and marks topics global only under a global parent', async () => {
    const own = await tree();
    const other = await tree();
    await refused('topic', 400, MSG.topicRequired, () =>
      call('admin', 'POST', '/api/admin/topics', { name: '', subjectId: own.s }),
    );
    await refused('topic', 400, MSG.subjectNotInModule, () =>
      call('admin', 'POST', '/api/admin/topics', { name: 'T', subjectId: own.s, moduleId: other.m }),
    );
    await refused('topic', 403, MSG.makeGlobalDenied, () =>
      call('superadmin', 'POST', '/api/admin/topics', { name: 'T', subjectId: own.s, isGlobal: true }),
    );
    const made = await call('admin', 'POST', '/api/admin/topics', { name: 'Heart Sounds', subjectId: own.s });
    expect(made.body.topic).toMatchObject({
      moduleId: own.m,
      nameLowercase: 'heart sounds',
      isGlobal: false,
    });
    const id = (made.body.topic as { id: string }).id;
    const moved = await call('admin', 'PATCH', `/api/admin/topics/${id}`, {
      name: 'Murmurs',
      subjectId: other.s,
    });
    expect(moved.body.topic).toMatchObject({
      moduleId: other.m,
      subjectId: other.s,
      nameLowercase: 'murmurs',
    });
    const g = await tree({ isGlobal: true, yearGroup: 'global' });
    await refused('topic', 403, MSG.outOfScope, () =>
      call('admin', 'POST', '/api/admin/topics', { name: 'T', subjectId: g.s, isGlobal: true }),
    );
    const gt = await call('superadmin', 'POST', '/api/admin/topics', {
      name: 'T',
      subjectId: g.s,
      isGlobal: true,
    });
    expect(gt.body.topic).toMatchObject({ isGlobal: true, yearGroup: 'global' });
  });

  it('searchTopics matches the topic, subject or module name', async () => {
    const ids = await write(t.db, async (w) => {
      const m = await w.module({ collegeId, yearGroup: 'Y1', name: 'Nephrology Zeta' });
      const s = await w.subject(m);
      return { t: await w.topic(s) };
    });
    const res = await call('admin', 'GET', '/api/admin/topics?search=nephrology%20zeta');
    expect((res.body.topics as { id: string }[]).map((x) => x.id)).toEqual([ids.t]);
  });

  it('archive is superadmin-only and the archived item leaves the admin lists', async () => {
    const own = await tree();
    expect((await call('admin', 'POST', `/api/admin/topics/${own.t}/archive`)).status).toBe(403);
    expect((await call('superadmin', 'POST', `/api/admin/topics/${own.t}/archive`)).body.topic).toMatchObject(
      { isArchived: true },
    );
    const list = await call('admin', 'GET', `/api/admin/topics?subjectId=${own.s}`);
    expect(list.body.topics).toEqual([]);
  });
});

describe('archive and permanent delete', () => {
  it('lists newest archivedAt first, 10 per page, and deletes every descendant (images used only there)', async () => {
    const trees = [];
    for (let i = 0; i < ARCHIVE_PAGE_SIZE + 1; i++) {
      const x = await tree();
      await call('superadmin', 'POST', `/api/admin/subjects/${x.s}/archive`);
      trees.push(x);
    }
    const p1 = await call('superadmin', 'GET', '/api/admin/archive/subjects');
    const items = p1.body.items as { id: string; parentName: string }[];
    expect(items).toHaveLength(ARCHIVE_PAGE_SIZE);
    expect(items[0]?.id).toBe(trees.at(-1)?.s);
    const p2 = await call(
      'superadmin',
      'GET',
      `/api/admin/archive/subjects?cursor=${String(p1.body.nextCursor)}`,
    );
    expect((p2.body.items as { id: string }[]).map((x) => x.id)).toEqual([trees[0]?.s]);

    const victim = trees[0];
    if (!victim) throw new Error('no tree');
    await withContentWrite({ db: t.db, events: null }, async ({ tx }) => {
      await tx.execute(
        sql`insert into html_content (id, title, html_body, topic_id, college_id, year_group) values ('page-x', 'P', '<p>x</p>', ${victim.t}, ${collegeId}, 'Y1')`,
      );
    });
    await t.db.insert(image).values([
      { fileName: 'only.png', usedIn: ['page-x'], collegeId, yearGroup: 'Y1', storageUrl: 'u1' },
      {
        fileName: 'shared.png',
        usedIn: ['page-x', 'elsewhere'],
        collegeId,
        yearGroup: 'Y1',
        storageUrl: 'u2',
      },
    ]);
    expect(
      (await call('superadmin', 'DELETE', `/api/admin/archive/modules/${victim.m}`)).body.error?.message,
    ).toBe(MSG.notArchived);
    const impact = await call('superadmin', 'GET', `/api/admin/archive/subjects/${victim.s}`);
    expect(impact.body.counts).toEqual({
      modules: 0,
      subjects: 1,
      topics: 1,
      decks: 1,
      cards: 2,
      quizzes: 0,
      questions: 0,
      pages: 1,
      images: 1,
    });
    const del = await call('superadmin', 'DELETE', `/api/admin/archive/subjects/${victim.s}`);
    expect(del.body).toEqual({ ok: true, deleted: impact.body.counts });
    const left = await t.db.execute<{ n: number }>(
      sql`select (select count(*) from topic where id = ${victim.t}) + (select count(*) from card c join flashcard_deck d on d.id = c.deck_id where d.id = ${victim.d}) + (select count(*) from html_content where id = 'page-x') as n`,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    expect((await t.db.select({ f: image.fileName }).from(image)).map((r) => r.f)).toEqual(['shared.png']);
  });

  it('restores an archived module; refuses a live one', async () => {
    const x = await tree();
    expect(
      (await call('superadmin', 'POST', `/api/admin/archive/modules/${x.m}/restore`)).body.error?.message,
    ).toBe(MSG.notArchived);
    await call('superadmin', 'POST', `/api/admin/modules/${x.m}/archive`);
    expect((await call('superadmin', 'POST', `/api/admin/archive/modules/${x.m}/restore`)).status).toBe(200);
    expect((await call('admin', 'GET', `/api/admin/modules/${x.m}`)).body.module).toMatchObject({
      isArchived: false,
      archivedAt: null,
    });
  });

  it('deletes a global module from its tab, and only a global one', async () => {
    const own = await tree();
    expect(
      (await call('superadmin', 'DELETE', `/api/admin/global-modules/${own.m}`)).body.error?.message,
    ).toBe(MSG.notGlobalModule);
    const g = await tree({ isGlobal: true, yearGroup: 'global' });
    const res = await call('superadmin', 'DELETE', `/api/admin/global-modules/${g.m}`);
    expect(res.body).toMatchObject({ ok: true, deleted: { modules: 1, subjects: 1, topics: 1, cards: 2 } });
  });
});

describe('announcements', () => {
  it('needs title and dates, expiry not before the event date; defaults to General', async () => {
    const now = Date.now();
    await refused('announcement', 400, MSG.announcementRequired, () =>
      call('admin', 'POST', '/api/admin/announcements', { title: '', date: now, expiresAt: now }),
    );
    await refused('announcement', 400, MSG.announcementRequired, () =>
      call('admin', 'POST', '/api/admin/announcements', { title: 'x', expiresAt: now }),
    );
    await refused('announcement', 400, MSG.announcementExpiryBeforeDate, () =>
      call('admin', 'POST', '/api/admin/announcements', { title: 'x', date: now, expiresAt: now - 1 }),
    );
    const a = await call('admin', 'POST', '/api/admin/announcements', {
      title: 'OSCE',
      date: now,
      expiresAt: now + 7 * 86_400_000,
    });
    expect(a.body.announcement).toMatchObject({ type: 'General', collegeId, yearGroup: 'Y1' });
    const id = (a.body.announcement as { id: string }).id;
    expect(
      (await call('admin', 'PATCH', `/api/admin/announcements/${id}`, { expiresAt: now - 1 })).body.error
        ?.message,
    ).toBe(MSG.announcementExpiryBeforeDate);
    expect(
      (await call('admin', 'GET', '/api/admin/announcements?search=osce')).body.announcements,
    ).toHaveLength(1);
    // Admins and superadmins read announcements through the announcements pull, no content sync needed.
    for (const who of ['admin', 'superadmin'] as const) {
      const pulled = await call(who, 'GET', '/api/sync/announcements');
      expect((pulled.body.announcements as { id: string }[]).map((x) => x.id)).toContain(id);
    }
    await call('admin', 'POST', `/api/admin/announcements/${id}/archive`);
    expect((await call('admin', 'GET', '/api/admin/announcements?search=osce')).body.announcements).toEqual(
      [],
    );
  });
});

describe('paid-module grants', () => {
  it('grants only a paid, live module of the student scope not yet owned; the student gets it at the next sync', async () => {
    const free = await tree();
    const paid = await tree({ isFree: false });
    const otherYear = await tree({ isFree: false, yearGroup: 'Y2' });
    const local = new LocalStore();
    await local.sync(t.app, cookie.student);
    expect(local.modules.has(paid.m)).toBe(false);
    const list = await call('admin', 'GET', `/api/admin/users/${studentId}/modules`);
    expect((list.body.grantable as { id: string }[]).map((m) => m.id)).toContain(paid.m);
    expect((list.body.grantable as { id: string }[]).map((m) => m.id)).not.toContain(otherYear.m);
    await refused('purchased_module', 400, MSG.moduleNotGrantable, () =>
      call('admin', 'PUT', `/api/admin/users/${studentId}/modules/${free.m}`),
    );
    await refused('purchased_module', 400, MSG.moduleNotGrantable, () =>
      call('admin', 'PUT', `/api/admin/users/${studentId}/modules/${otherYear.m}`),
    );
    expect((await call('admin', 'PUT', `/api/admin/users/${studentId}/modules/${paid.m}`)).status).toBe(200);
    await refused('purchased_module', 409, MSG.moduleAlreadyOwned, () =>
      call('admin', 'PUT', `/api/admin/users/${studentId}/modules/${paid.m}`),
    );
    await local.sync(t.app, cookie.student);
    expect([local.modules.has(paid.m), local.topics.has(paid.t)]).toEqual([true, true]);
    expect((await call('admin', 'DELETE', `/api/admin/users/${studentId}/modules/${paid.m}`)).status).toBe(
      200,
    );
    await refused('purchased_module', 404, MSG.moduleNotOwned, () =>
      call('admin', 'DELETE', `/api/admin/users/${studentId}/modules/${paid.m}`),
    );
    await local.sync(t.app, cookie.student);
    expect(local.modules.has(paid.m)).toBe(false);
    await call('superadmin', 'POST', `/api/admin/modules/${paid.m}/archive`);
    await refused('purchased_module', 400, MSG.moduleNotGrantable, () =>
      call('admin', 'PUT', `/api/admin/users/${studentId}/modules/${paid.m}`),
    );
  });
});

describe('input that passes validation never reaches the database as a 5xx', () => {
  it('refuses NUL characters in names, ids and searches with a 400', async () => {
    const own = await tree();
    for (const [method, url, payload] of [
      ['POST', '/api/admin/modules', { name: 'a\u0000b', stage: 1 }],
      ['PATCH', `/api/admin/subjects/${own.s}`, { name: 'x\u0000' }],
      ['GET', '/api/admin/topics?search=%00', undefined],
      ['GET', '/api/admin/modules/a%00b', undefined],
      ['POST', '/api/admin/announcements', { title: '\u0000', date: 1, expiresAt: 2 }],
    ] as const) {
      const res = await call('admin', method, url, payload);
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
  });
});

describe('live', () => {
  /** A stand-in HTTP response on a second event bus (events travel through LISTEN/NOTIFY). */
  async function listen(userId: string) {
    const bus = createEventBus({ pool: t.pool, log: { warn: () => {} } });
    await bus.start();
    const emitter = new EventEmitter();
    const chunks: string[] = [];
    const res = Object.assign(emitter, {
      writeHead: () => res,
      write: (c: string) => chunks.push(c) > 0,
      end: () => emitter.emit('close'),
    });
    bus.stream(res as unknown as ServerResponse, { userId, sessionId: 'live-test' });
    const seen = async (pattern: RegExp) => {
      const stop = Date.now() + 5000;
      while (!chunks.some((c) => pattern.test(c))) {
        if (Date.now() > stop) throw new Error(`no event matching ${pattern}: ${chunks.join('|')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      chunks.length = 0;
    };
    return { seen, close: () => bus.close() };
  }

  it('tells an online student of the college about an edit and about their grant and revoke', async () => {
    const paid = await tree({ isFree: false });
    const live = await listen(studentId);
    try {
      await call('admin', 'PATCH', `/api/admin/topics/${paid.t}`, { name: 'Live edit' });
      await live.seen(/^event: content\ndata: \{"version":\d+\}/);
      await call('admin', 'PUT', `/api/admin/users/${studentId}/modules/${paid.m}`);
      await live.seen(/^event: content\ndata: \{"grants":true\}/);
      await call('admin', 'DELETE', `/api/admin/users/${studentId}/modules/${paid.m}`);
      await live.seen(/^event: content\ndata: \{"grants":true\}/);
      await call('admin', 'POST', '/api/admin/announcements', {
        title: 'Live',
        date: Date.now(),
        expiresAt: Date.now() + 1000,
      });
      await live.seen(/^event: content\ndata: \{"announcements":\d+\}/);
    } finally {
      await live.close();
    }
  });
});
