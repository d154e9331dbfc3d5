// Issue 17: a college's images are its own. Admin A putting the URL of college B's unused image into
// A's own page (or card) neither makes it "used" by A's content — B's admin would see A's private
// title in "Used in" — nor lets A's delete of that page remove B's image and files. Issue 38: within
// one college, content a year-group admin deletes takes with it only images that admin could delete
// directly — never the college-wide (global) images the superadmin uploaded.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';
import { multipartFile } from '../../../test/authorization-resources.ts';

describe("a college's images are its own", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const a = { cookie: '', topicId: '' };
  const b = { cookie: '', topicId: '' };
  beforeAll(async () => {
    t = await createTestApp();
    for (const side of [a, b]) {
      const c = await createCollege(t.db, { years: ['Y1'] });
      const admin = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
      side.cookie = (await signIn(t.app, admin.email, admin.password)).cookie;
      side.topicId = await write(t.db, async (w) =>
        w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
      );
    }
  });
  afterAll(async () => t.close());

  const api = (side: typeof a, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: side.cookie }, ...(payload ? { payload } : {}) });

  async function uploadForB() {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const m = multipartFile('b-histology.png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/images?topicId=${b.topicId}`,
      headers: { cookie: b.cookie, ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().image as { id: string; storageUrl: string; webpUrl: string };
  }

  const bImages = async () =>
    (await api(b, 'GET', `/api/admin/images?topicId=${b.topicId}`)).json().images as {
      id: string;
      usedIn: string[];
      uses?: { label: string }[];
    }[];

  it("a page of college A linking B's image neither uses it nor deletes it", async () => {
    const img = await uploadForB();
    const created = await api(a, 'POST', '/api/admin/pages', {
      topicId: a.topicId,
      title: 'A private draft of college A',
      htmlBody: `<p>borrowed</p><img src="${img.webpUrl}"><img src="${img.storageUrl}">`,
    });
    expect(created.statusCode).toBe(201);
    const mine = (await bImages()).find((i) => i.id === img.id);
    expect(mine?.usedIn).toEqual([]);
    expect(JSON.stringify(mine?.uses ?? [])).not.toContain('A private draft');

    const deleted = await api(a, 'DELETE', `/api/admin/pages/${created.json().page.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await bImages()).map((i) => i.id)).toContain(img.id);
    expect((await t.app.inject({ method: 'GET', url: img.webpUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: img.storageUrl })).statusCode).toBe(200);
  });

  it("cards of college A linking B's image neither use it nor delete it with their deck", async () => {
    const img = await uploadForB();
    const bulk = await api(a, 'POST', `/api/admin/topics/${a.topicId}/bulk/cards`, {
      name: 'Borrowed pictures',
      add: [{ front: `<img src="${img.webpUrl}">`, back: 'B’s picture' }],
      update: [],
    });
    expect(bulk.statusCode).toBe(200);
    expect((await bImages()).find((i) => i.id === img.id)?.usedIn).toEqual([]);
    const deckId = bulk.json().id as string;
    expect((await api(a, 'DELETE', `/api/admin/decks/${deckId}`)).statusCode).toBe(200);
    expect((await bImages()).map((i) => i.id)).toContain(img.id);
    expect((await t.app.inject({ method: 'GET', url: img.webpUrl })).statusCode).toBe(200);
  });

  it("an upload's usedIn must be content of the image's own scope", async () => {
    const aPage = await api(a, 'POST', '/api/admin/pages', {
      topicId: a.topicId,
      title: 'Another private page of A',
      htmlBody: '<p>text</p>',
    });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#33c' } })
      .png()
      .toBuffer();
    const tryUpload = (usedIn: string) => {
      const m = multipartFile('x.png', png);
      return t.app.inject({
        method: 'POST',
        url: `/api/admin/images?topicId=${b.topicId}&usedIn=${encodeURIComponent(usedIn)}`,
        headers: { cookie: b.cookie, ...m.headers },
        payload: m.payload,
      });
    };
    for (const usedIn of [aPage.json().page.id as string, 'no-such-content']) {
      const res = await tryUpload(usedIn);
      expect(res.statusCode, usedIn).toBe(400);
      expect(res.json().error.message).toBe(MSG.imageUsedInOutOfScope);
    }
    const bPage = await api(b, 'POST', '/api/admin/pages', {
      topicId: b.topicId,
      title: 'B page',
      htmlBody: '<p>text</p>',
    });
    const ok = await tryUpload(bPage.json().page.id as string);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().image.usedIn).toEqual([bPage.json().page.id]);
  });
});

describe("deleting content removes only images within the deleter's own scope", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let collegeId = '';
  let topicId = '';
  let admin = '';
  let superadmin = '';
  beforeAll(async () => {
    t = await createTestApp();
    const c = await createCollege(t.db, { years: ['Y1'] });
    collegeId = c.id;
    const a = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
    const s = await createUser(t.db, { role: 'superadmin' });
    admin = (await signIn(t.app, a.email, a.password)).cookie;
    superadmin = (await signIn(t.app, s.email, s.password)).cookie;
    topicId = await write(t.db, async (w) =>
      w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
    );
  });
  afterAll(async () => t.close());

  const api = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  async function upload(cookie: string, query: string) {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#c3c' } })
      .png()
      .toBuffer();
    const m = multipartFile('picture.png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/images?${query}`,
      headers: { cookie, ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().image as { id: string; storageUrl: string; webpUrl: string };
  }
  const collegeWide = () => upload(superadmin, `collegeId=${collegeId}&yearGroup=global`);
  const globalImages = async () =>
    (await api(superadmin, 'GET', `/api/admin/images?collegeId=${collegeId}&yearGroup=global`)).json()
      .images as { id: string; usedIn: string[] }[];
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it("a page's delete keeps the college-wide image it showed and removes the admin's own", async () => {
    const wide = await collegeWide();
    expect((await api(admin, 'DELETE', `/api/admin/images/${wide.id}`)).statusCode).toBe(404);
    const own = await upload(admin, `topicId=${topicId}`);
    const page = await api(admin, 'POST', '/api/admin/pages', {
      topicId,
      title: 'Histology',
      htmlBody: `<p>x</p><img src="${wide.webpUrl}"><img src="${own.webpUrl}">`,
    });
    expect(page.statusCode).toBe(201);
    const pageId = page.json().page.id as string;
    expect((await globalImages()).find((i) => i.id === wide.id)?.usedIn).toEqual([pageId]);

    expect((await api(admin, 'DELETE', `/api/admin/pages/${pageId}`)).statusCode).toBe(200);
    expect((await globalImages()).find((i) => i.id === wide.id)?.usedIn).toEqual([]);
    expect(await served(wide.webpUrl)).toBe(200);
    expect(await served(wide.storageUrl)).toBe(200);
    const mine = (await api(admin, 'GET', `/api/admin/images?topicId=${topicId}`)).json().images as {
      id: string;
    }[];
    expect(mine.map((i) => i.id)).not.toContain(own.id);
    expect(await served(own.webpUrl)).toBe(404);
    expect(await served(own.storageUrl)).toBe(404);
  });

  it("a deck's delete keeps the college-wide image its cards showed", async () => {
    const wide = await collegeWide();
    const bulk = await api(admin, 'POST', `/api/admin/topics/${topicId}/bulk/cards`, {
      name: 'College pictures',
      add: [{ front: `<img src="${wide.webpUrl}">`, back: 'wide' }],
      update: [],
    });
    expect(bulk.statusCode).toBe(200);
    expect((await globalImages()).find((i) => i.id === wide.id)?.usedIn).toHaveLength(1);
    expect((await api(admin, 'DELETE', `/api/admin/decks/${bulk.json().id}`)).statusCode).toBe(200);
    expect((await globalImages()).find((i) => i.id === wide.id)?.usedIn).toEqual([]);
    expect(await served(wide.webpUrl)).toBe(200);
  });
});
