// Content pull: pages, cursor, deletions, visible-set reset, archive, topic content on demand.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withContentWrite } from '../../domain/content-write.ts';
import { notifyContentChanged } from '../../domain/notify.ts';
import { eq, sql } from 'drizzle-orm';
import { module, tombstone, topic } from '../../db/schema/index.ts';
import type { Actor } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { syncService } from './service.ts';
import { topicCache } from './topic-cache.ts';
import { createCollege, signedInUser, type TestCollege } from '../../../test/helpers.ts';
import {
  archiveModule,
  archiveSubject,
  grant,
  LocalStore,
  pullPage,
  write,
} from '../../../test/sync-fixtures.ts';

describe('content sync', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let college: TestCollege;
  const Y1 = 'Year 1, 2025-2026';
  let student: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    college = await createCollege(t.db, { years: [Y1, 'Year 2, 2025-2026'] });
    student = await signedInUser(t.app, t.db, { collegeId: college.id, yearGroup: Y1 });
    admin = await signedInUser(t.app, t.db, {
      role: 'admin',
      adminCollegeId: college.id,
      adminYearGroup: Y1,
    });
  });
  afterAll(async () => t.close());

  it('pulls one transaction of 1,201 rows in 3 pages of 500, every row exactly once', async () => {
    const c = await createCollege(t.db, { years: [Y1] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: Y1 });
    const ids = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: c.id, yearGroup: Y1 });
      const sub = await w.subject(m);
      return [m, sub, ...(await w.topics(sub, 1199))];
    });
    expect(ids).toHaveLength(1201);
    const local = new LocalStore();
    await local.sync(t.app, s.cookie, 500);
    expect(local.pages).toBe(3);
    expect([...local.received.keys()].sort()).toEqual([...ids].sort());
    expect([...local.received.values()].every((n) => n === 1)).toBe(true);
    expect(local.topics.size).toBe(1199);
    // Nothing new: one small page, cursor unchanged.
    const again = await pullPage(t.app, s.cookie, { cursor: local.cursor, visibleSet: local.visibleSet });
    expect(again).toMatchObject({
      reset: false,
      modules: [],
      subjects: [],
      topics: [],
      cursor: local.cursor,
      hasMore: false,
    });
    expect(JSON.stringify(again).length).toBeLessThan(2048);
  });

  it('loses nothing when writes land between pages, and a crashed page is simply pulled again', async () => {
    const c = await createCollege(t.db, { years: [Y1] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: Y1 });
    const first = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: c.id, yearGroup: Y1 });
      const sub = await w.subject(m);
      const topics = [];
      for (let i = 0; i < 9; i++) topics.push(await w.topic(sub));
      return { m, sub, topics };
    });
    const local = new LocalStore();
    const p1 = await pullPage(t.app, s.cookie, { limit: 4 });
    // Crash before applying: the cursor did not advance, the same page comes again.
    const p1again = await pullPage(t.app, s.cookie, { limit: 4 });
    expect(p1again).toEqual(p1);
    local.apply(p1);
    // A write between pages: a new topic, and an update of a row already sent.
    const later = await write(t.db, async (w) => {
      await w.tx
        .update(topic)
        .set({ name: 'Renamed', rowVersion: w.version })
        .where(eq(topic.id, first.topics[0] ?? ''));
      return w.topic(first.sub);
    });
    await local.sync(t.app, s.cookie, 4);
    expect(local.topics.size).toBe(10);
    expect(local.topics.has(later)).toBe(true);
    expect((local.topics.get(first.topics[0] ?? '') as { name: string }).name).toBe('Renamed');
    for (const id of [first.m, first.sub, ...first.topics, later])
      expect(local.received.get(id)).toBeGreaterThanOrEqual(1);
  });

  it('archiving a subject removes it and its topics for students (with tombstones down to cards); admins keep them', async () => {
    const built = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: college.id, yearGroup: Y1 });
      const sub = await w.subject(m);
      const t1 = await w.topic(sub);
      const t2 = await w.topic(sub);
      const deck = await w.deck(t1, 3);
      return { m, sub, t1, t2, deck };
    });
    const local = new LocalStore();
    await local.sync(t.app, student.cookie);
    const adminLocal = new LocalStore();
    await adminLocal.sync(t.app, admin.cookie);
    expect(local.topics.has(built.t1)).toBe(true);

    const v = await archiveSubject(t.db, built.sub);
    const page = await pullPage(t.app, student.cookie, {
      cursor: local.cursor,
      visibleSet: local.visibleSet,
    });
    expect(page.deleted.subjects).toContain(built.sub);
    expect(page.deleted.topics).toEqual(expect.arrayContaining([built.t1, built.t2]));
    expect(page.subjects.map((x) => x.id)).not.toContain(built.sub);
    local.apply(page);
    expect(local.subjects.has(built.sub) || local.topics.has(built.t1) || local.topics.has(built.t2)).toBe(
      false,
    );

    const stones = await t.db.select().from(tombstone).where(eq(tombstone.rowVersion, v));
    const byEntity = (e: string) => stones.filter((s) => s.entity === e).map((s) => s.entityId);
    expect(byEntity('subject')).toEqual([built.sub]);
    expect(byEntity('topic').sort()).toEqual([built.t1, built.t2].sort());
    expect(byEntity('flashcardDeck')).toEqual([built.deck]);
    expect(byEntity('card')).toHaveLength(3);
    expect(
      stones.every(
        (s) =>
          s.collegeId === college.id &&
          s.moduleId === built.m &&
          (s.entity === 'subject' || s.topicId !== null),
      ),
    ).toBe(true);

    // An admin of the scope still sees the archived subject (flagged) and its topics.
    await adminLocal.sync(t.app, admin.cookie);
    expect(adminLocal.subjects.get(built.sub)).toMatchObject({ isArchived: true });
    expect(adminLocal.topics.has(built.t1)).toBe(true);

    // The student's topic content is gone too.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sync/topics/${built.t1}`,
      headers: { cookie: student.cookie },
    });
    expect(res.statusCode).toBe(404);

    // Restore brings everything back.
    await archiveSubject(t.db, built.sub, false);
    await local.sync(t.app, student.cookie);
    expect(local.subjects.has(built.sub) && local.topics.has(built.t1) && local.topics.has(built.t2)).toBe(
      true,
    );
  });

  it('students never receive archived content, even on a full sync', async () => {
    const built = await write(t.db, async (w) => {
      const archived = await w.module({ collegeId: college.id, yearGroup: Y1, isArchived: true });
      const live = await w.module({ collegeId: college.id, yearGroup: Y1 });
      const archivedSubject = await w.subject(live, { isArchived: true });
      const liveSubject = await w.subject(live);
      const archivedTopic = await w.topic(liveSubject, { isArchived: true });
      const underArchived = await w.topic(archivedSubject);
      const underArchivedModule = await w.topic(await w.subject(archived));
      return { archived, archivedSubject, archivedTopic, underArchived, underArchivedModule, live };
    });
    const local = new LocalStore();
    await local.sync(t.app, student.cookie);
    expect(local.modules.has(built.live)).toBe(true);
    for (const id of [
      built.archived,
      built.archivedSubject,
      built.archivedTopic,
      built.underArchived,
      built.underArchivedModule,
    ]) {
      expect(local.received.has(id)).toBe(false);
    }
    await archiveModule(t.db, built.live);
    await local.sync(t.app, student.cookie);
    expect(local.modules.has(built.live)).toBe(false);
    const all = await pullPage(t.app, student.cookie, {});
    expect([...all.modules, ...all.subjects, ...all.topics].some((r) => r.isArchived)).toBe(false);
  });

  it('a paid module is invisible until granted; granting answers reset to the old visible set', async () => {
    const c = await createCollege(t.db, { years: [Y1] });
    const s = await signedInUser(t.app, t.db, { collegeId: c.id, yearGroup: Y1 });
    const paid = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: c.id, yearGroup: Y1, isFree: false });
      await w.topic(await w.subject(m));
      await w.module({ collegeId: c.id, yearGroup: Y1 }); // a free one
      return m;
    });
    const local = new LocalStore();
    await local.sync(t.app, s.cookie);
    expect(local.modules.size).toBe(1);
    expect(local.modules.has(paid)).toBe(false);
    const before = local.visibleSet;

    await grant(t.db, s.id, paid, Y1);
    const page = await pullPage(t.app, s.cookie, { cursor: local.cursor, visibleSet: before });
    expect(page).toMatchObject({ reset: true, cursor: '', modules: [], subjects: [], topics: [] });
    expect(page.visibleSet).not.toBe(before);
    await local.sync(t.app, s.cookie); // applies the reset, then pulls from the start
    await local.sync(t.app, s.cookie);
    expect(local.modules.has(paid)).toBe(true);
    expect(local.subjects.size).toBe(1);
    expect(local.topics.size).toBe(1);
  });

  it('serves a topic with all its content to those who may see it, 404 to another college', async () => {
    const built = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: college.id, yearGroup: Y1 });
      const tp = await w.topic(await w.subject(m));
      await w.deck(tp, 4);
      return { tp, v: w.version };
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sync/topics/${built.tp}`,
      headers: { cookie: student.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.topic).toMatchObject({ id: built.tp, contentVersion: built.v });
    expect(body.decks).toHaveLength(1);
    expect(body.cards).toHaveLength(4);

    const other = await createCollege(t.db, { years: [Y1] });
    const outsider = await signedInUser(t.app, t.db, { collegeId: other.id, yearGroup: Y1 });
    const denied = await t.app.inject({
      method: 'GET',
      url: `/api/sync/topics/${built.tp}`,
      headers: { cookie: outsider.cookie },
    });
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ error: { code: 'TOPIC_NOT_FOUND', message: 'Topic not found.' } });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/sync/topics/nope`,
      headers: { cookie: student.cookie },
    });
    expect(missing.json()).toEqual(denied.json());

    // Freshness check: only visible topics, and a new deck moves the version.
    const versions = async (cookie: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/sync/topics/versions',
          headers: { cookie },
          payload: { topicIds: [built.tp, 'nope'] },
        })
      ).json();
    expect(await versions(student.cookie)).toEqual({ versions: { [built.tp]: built.v } });
    expect(await versions(outsider.cookie)).toEqual({ versions: {} });
    const v2 = await write(t.db, async (w) => (await w.deck(built.tp, 1), w.version));
    expect(await versions(student.cookie)).toEqual({ versions: { [built.tp]: v2 } });

    // The topic's content is cached per row version: the write above is served at once, the clock in a
    // cached answer is the current one, and a cached answer is the same JSON as a fresh one.
    const content = async () => {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/sync/topics/${built.tp}`,
        headers: { cookie: student.cookie },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      return r.json();
    };
    const fresh = await content();
    expect(fresh.decks).toHaveLength(2);
    expect(fresh.version).toBe(v2);
    const elsewhere = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: college.id, yearGroup: Y1 });
      await w.topic(await w.subject(m));
      return w.version;
    });
    const cached = await content();
    expect(cached).toEqual({ ...fresh, version: elsewhere });
    await write(t.db, async (w) => w.deck(built.tp, 1));
    expect((await content()).decks).toHaveLength(3);

    // Compressed as the client asks (br first, then gzip), the bytes decoding to the same JSON.
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/sync/topics/${built.tp}`,
      headers: { cookie: student.cookie },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/sync/topics/${built.tp}`,
        headers: { cookie: student.cookie, 'accept-encoding': accept },
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['vary']).toMatch(/accept-encoding/i);
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decode(r.rawPayload).toString()).toBe(plain.body);
    }
  });

  it("keeps a topic's compressed bytes while the content clock stands still", async () => {
    const cache = topicCache();
    const service = syncService({ db: t.db, cache });
    const built = await write(t.db, async (w) => {
      const m = await w.module({ collegeId: college.id, yearGroup: Y1 });
      const tp = await w.topic(await w.subject(m));
      await w.deck(tp, 30);
      return tp;
    });
    const actor: Actor = {
      id: student.id,
      role: 'user',
      emailVerified: true,
      collegeId: college.id,
      yearGroup: Y1,
      adminCollegeId: null,
      adminYearGroup: null,
    };
    const first = await service.topicContentWire(actor, built, 'br');
    expect(first.encoding).toBe('br');
    const again = await service.topicContentWire(actor, built, 'br');
    expect(again.body).toBe(first.body); // the same Buffer: served from the cache, not compressed again
    const json = JSON.parse(zlib.brotliDecompressSync(first.body as Buffer).toString());
    // Any content write moves the clock (which is in the body): compressed again, with the new clock.
    const moved = await write(t.db, async (w) => {
      await w.module({ collegeId: college.id, yearGroup: Y1 });
      return w.version;
    });
    const after = await service.topicContentWire(actor, built, 'br');
    expect(after.body).not.toBe(first.body);
    expect(JSON.parse(zlib.brotliDecompressSync(after.body as Buffer).toString())).toEqual({
      ...json,
      version: moved,
    });
    // No encoding asked for: the JSON text.
    expect(JSON.parse((await service.topicContentWire(actor, built, null)).body as string)).toEqual({
      ...json,
      version: moved,
    });
  });

  it('rejects a malformed cursor and sends a moved module to its old college as a deletion', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/sync/content?cursor=abc',
      headers: { cookie: student.cookie },
    });
    expect(bad.statusCode).toBe(400);
    const other = await createCollege(t.db, { years: [Y1] });
    const m = await write(t.db, (w) => w.module({ collegeId: college.id, yearGroup: Y1 }));
    const local = new LocalStore();
    await local.sync(t.app, student.cookie);
    expect(local.modules.has(m)).toBe(true);
    await withContentWrite({ db: t.db, events: null }, (uow) =>
      uow.visibilityChange({ module: m }, () =>
        uow.tx.update(module).set({ collegeId: other.id }).where(eq(module.id, m)),
      ),
    );
    await local.sync(t.app, student.cookie);
    expect(local.modules.has(m)).toBe(false);
    const count = await t.db.execute(sql`select count(*)::int as n from tombstone where entity_id = ${m}`);
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  it("notifyContentChanged reaches the college's students and admins and every superadmin, nobody else", async () => {
    const other = await createCollege(t.db, { years: [Y1] });
    const outsider = await signedInUser(t.app, t.db, { collegeId: other.id, yearGroup: Y1 });
    const sa = await signedInUser(t.app, t.db, { role: 'superadmin' });
    const sent: [string, string, unknown][] = [];
    const events = {
      publish: async (u: string, e: string, d?: Record<string, unknown>) => void sent.push([u, e, d]),
    };
    await notifyContentChanged(events, t.db, { collegeIds: [college.id], version: 42 });
    const to = sent.map(([u]) => u);
    expect(to).toEqual(expect.arrayContaining([student.id, admin.id, sa.id]));
    expect(to).not.toContain(outsider.id);
    expect(sent.every(([, e, d]) => e === 'content' && JSON.stringify(d) === '{"version":42}')).toBe(true);
  });
});
