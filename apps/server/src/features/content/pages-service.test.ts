// Lecture pages through the HTTP API: create and update with the spec's messages (nothing changes on
// bad input), the body sanitised with the render allow-list (recall passages kept), the topic's
// contentVersion bumped, images' usedIn in step with the page, out-of-scope callers refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { htmlContent, image, topic } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';

describe('lecture pages API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let otherCookie = '';
  let topicId = '';
  let collegeId = '';
  beforeAll(async () => {
    t = await createTestApp();
    const c = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    collegeId = c.id;
    const admin = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
    const other = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y2' });
    cookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    otherCookie = (await signIn(t.app, other.email, other.password)).cookie;
    topicId = await write(t.db, async (w) =>
      w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
    );
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, c = cookie) =>
    t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
  const version = async () =>
    (await t.db.select({ v: topic.contentVersion }).from(topic).where(eq(topic.id, topicId)))[0]!.v;
  const pageCount = async () => (await t.db.select().from(htmlContent)).length;

  it('creates and updates a sanitised lecture, keeping recall passages, and bumps the topic', async () => {
    const v0 = await version();
    const body =
      '<h2>Heart</h2><p>S1 <span class="recall">closes AV valves</span></p><script>x()</script>' +
      '<p onclick="x()">Tail</p>';
    const created = await call('POST', '/api/admin/pages', {
      topicId,
      title: ' Cardiac cycle ',
      htmlBody: body,
    });
    expect(created.statusCode).toBe(201);
    const { page } = created.json();
    expect(page.title).toBe('Cardiac cycle');
    expect(page.htmlBody).toBe(
      '<h2>Heart</h2><p>S1 <span class="recall">closes AV valves</span></p><p>Tail</p>',
    );
    expect(await version()).toBeGreaterThan(v0);

    const v1 = await version();
    const updated = await call('PATCH', `/api/admin/pages/${page.id}`, {
      title: 'Cycle',
      htmlBody: '<p>New</p>',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().page).toMatchObject({ id: page.id, title: 'Cycle', htmlBody: '<p>New</p>' });
    expect(await version()).toBeGreaterThan(v1);

    const loaded = await call('GET', `/api/admin/pages/${page.id}`);
    expect(loaded.json().page.htmlBody).toBe('<p>New</p>');
    expect(loaded.json().topic.id).toBe(topicId);
  });

  it("refuses a blank title, a missing topicId and a missing page with the spec's messages", async () => {
    const before = await pageCount();
    const noTitle = await call('POST', '/api/admin/pages', { topicId, title: '  ', htmlBody: '<p>x</p>' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().error.message).toBe(MSG.titleRequired);
    const noTopic = await call('POST', '/api/admin/pages', { title: 'T', htmlBody: '<p>x</p>' });
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().error.message).toBe(MSG.pageTopicRequired);
    const missing = await call('PATCH', '/api/admin/pages/nope', { title: 'T', htmlBody: '' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(MSG.contentNotFound);
    expect((await call('GET', '/api/admin/pages/nope')).json().error.message).toBe(MSG.contentNotFound);
    expect(await pageCount()).toBe(before);
  });

  it('another year group admin cannot read or edit the page', async () => {
    const { page } = (
      await call('POST', '/api/admin/pages', { topicId, title: 'Mine', htmlBody: '' })
    ).json();
    expect((await call('GET', `/api/admin/pages/${page.id}`, undefined, otherCookie)).statusCode).toBe(404);
    const edit = await call(
      'PATCH',
      `/api/admin/pages/${page.id}`,
      { title: 'X', htmlBody: '' },
      otherCookie,
    );
    expect(edit.statusCode).toBe(404);
    const create = await call('POST', '/api/admin/pages', { topicId, title: 'X', htmlBody: '' }, otherCookie);
    expect(create.statusCode).toBe(404);
  });

  it('usedIn follows the images a page shows', async () => {
    const [img] = await t.db
      .insert(image)
      .values({
        fileName: 'p.png',
        collegeId,
        yearGroup: 'Y1',
        storageUrl: '/files/html_content_images/p.png',
        webpUrl: '/files/html_content_images/p.webp',
      })
      .returning();
    const usedIn = async () => (await t.db.select().from(image).where(eq(image.id, img!.id)))[0]?.usedIn;
    const html = '<p>Fig</p><img src="/files/html_content_images/p.webp" alt="ECG">';
    const { page } = (
      await call('POST', '/api/admin/pages', { topicId, title: 'Img', htmlBody: html })
    ).json();
    expect(await usedIn()).toEqual([page.id]);
    await call('PATCH', `/api/admin/pages/${page.id}`, { title: 'Img', htmlBody: '<p>none</p>' });
    expect(await usedIn()).toEqual([]);
  });
});
