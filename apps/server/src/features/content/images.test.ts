// Images through the HTTP API on the local storage driver: an upload is checked, converted to webp and
// served from /files with nosniff and immutable caching; a text file named .png is refused with the
// spec's message and nothing stored; browse lists newest first (by topic or by college and year, with
// what each image is used in); delete removes the row and both files; every row change is announced
// live ('image' event) to the college's users.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { createEventBus } from '../../platform/events.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';
import { multipartFile } from '../../../test/authorization-resources.ts';

describe('images API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let topicId = '';
  let collegeId = '';
  let studentId = '';
  beforeAll(async () => {
    t = await createTestApp();
    const c = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    collegeId = c.id;
    studentId = (await createUser(t.db, { collegeId: c.id, yearGroup: 'Y1' })).id;
    const admin = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
    cookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    topicId = await write(t.db, async (w) =>
      w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
    );
  });
  afterAll(async () => t.close());

  const upload = (name: string, bytes: Buffer) => {
    const m = multipartFile(name, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/images?topicId=${topicId}`,
      headers: { cookie, ...m.headers },
      payload: m.payload,
    });
  };

  it('uploads, converts to webp, serves the files, lists and deletes them', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const res = await upload('heart diagram.png', png);
    expect(res.statusCode).toBe(201);
    const { image, warning } = res.json();
    expect(warning).toBeNull();
    expect(image.isOptimized).toBe(true);
    expect(image.webpUrl).toMatch(/^\/files\/html_content_images\/.+\.webp$/);

    const webp = await t.app.inject({ method: 'GET', url: image.webpUrl });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['x-content-type-options']).toBe('nosniff');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(1600);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/images?topicId=${topicId}`,
      headers: { cookie },
    });
    expect(list.json().images[0].id).toBe(image.id);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/images/${image.id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: image.webpUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: image.storageUrl })).statusCode).toBe(404);
  });

  it('refuses a text file renamed .png with the spec message and stores nothing', async () => {
    const res = await upload('notes.png', Buffer.from('just some text, not an image'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.imageUploadFailedReason(MSG.imageWrongType));
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/admin/images?topicId=${topicId}`,
      headers: { cookie },
    });
    expect(none.json().error.message).toBe(MSG.imageNoFile);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/images?topicId=${topicId}`,
      headers: { cookie },
    });
    expect(list.json().images).toEqual([]);
  });

  it('lists by college and year group with what each image is used in, and refuses other scopes', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#393' } })
      .png()
      .toBuffer();
    const { image } = (await upload('valve.png', png)).json();
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/admin/pages',
      headers: { cookie },
      payload: { topicId, title: 'Valves', htmlBody: `<p><img src="${image.webpUrl}" alt="v"></p>` },
    });
    const pageId = page.json().page.id;
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/images?${query}`, headers: { cookie } });
    const list = await get(`collegeId=${collegeId}&yearGroup=Y1`);
    expect(list.statusCode).toBe(200);
    expect(list.json().images[0]).toMatchObject({
      id: image.id,
      usedIn: [pageId],
      uses: [{ id: pageId, kind: 'page', label: 'Valves', topicId }],
    });
    expect((await get(`collegeId=${collegeId}&yearGroup=Y1&usedIn=${pageId}`)).json().images).toHaveLength(1);
    expect((await get(`collegeId=${collegeId}&yearGroup=Y1&usedIn=nothing`)).json().images).toEqual([]);
    expect((await get(`collegeId=${collegeId}&yearGroup=Y2`)).statusCode).toBe(403);
    expect((await get(`collegeId=${collegeId}`)).statusCode).toBe(400);
    expect((await get(`topicId=${topicId}&collegeId=${collegeId}&yearGroup=Y1`)).statusCode).toBe(400);
  });

  it('announces upload and delete to the college with a live image event', async () => {
    const bus = createEventBus({ pool: t.pool, log: { warn: () => {} } });
    await bus.start();
    const chunks: string[] = [];
    const res = Object.assign(new EventEmitter(), {
      writeHead: () => res,
      write: (c: string) => chunks.push(c) > 0,
      end: () => res.emit('close'),
    });
    bus.stream(res as unknown as ServerResponse, { userId: studentId, sessionId: 's' });
    const until = async (check: () => boolean) => {
      const stop = Date.now() + 3000;
      while (!check()) {
        if (Date.now() > stop) throw new Error('no live event');
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#933' } })
        .png()
        .toBuffer();
      const { image } = (await upload('live.png', png)).json();
      const event = `event: image\ndata: ${JSON.stringify({ imageId: image.id })}`;
      await until(() => chunks.filter((c) => c.startsWith(event)).length === 1);
      await t.app.inject({ method: 'DELETE', url: `/api/admin/images/${image.id}`, headers: { cookie } });
      await until(() => chunks.filter((c) => c.startsWith(event)).length === 2);
    } finally {
      await bus.close();
    }
  });
});
