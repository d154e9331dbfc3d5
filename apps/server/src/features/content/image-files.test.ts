// Image files on both storage drivers (the local directory and S3 against s3rver), through the HTTP
// routes: an upload stores the original and its webp (isOptimized, webpUrl set); deleting the image,
// its only page, deck or quiz, or an archived topic (its pages', cards' and questions' images)
// permanently removes the files after the commit — and a file already missing does not fail the delete.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { createStorage, type StorageDriver } from '../../platform/storage.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { write } from '../../../test/sync-fixtures.ts';
import { multipartFile } from '../../../test/authorization-resources.ts';

type Driver = { storage: Config['storage']; close: () => Promise<void> };
const drivers: [string, () => Promise<Driver>][] = [
  [
    'local directory',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zan-files-'));
      return {
        storage: { driver: 'local', dir },
        close: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const s = await startS3Server();
      return { storage: { driver: 's3', s3: s.s3 }, close: s.close };
    },
  ],
];

describe.each(drivers)('image files on the %s driver', (_name, makeDriver) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let driver: Driver;
  let files: StorageDriver;
  let admin = '';
  let superadmin = '';
  let collegeId = '';
  let png: Buffer;
  beforeAll(async () => {
    driver = await makeDriver();
    t = await createTestApp({ storage: driver.storage });
    files = createStorage(driver.storage);
    const c = await createCollege(t.db, { years: ['Y1'] });
    collegeId = c.id;
    const a = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
    const s = await createUser(t.db, { role: 'superadmin' });
    admin = (await signIn(t.app, a.email, a.password)).cookie;
    superadmin = (await signIn(t.app, s.email, s.password)).cookie;
    png = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#36c' } })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await driver?.close();
  });

  const newTopic = () =>
    write(t.db, async (w) => w.topic(await w.subject(await w.module({ collegeId, yearGroup: 'Y1' }))));
  const upload = async (topicId: string) => {
    const m = multipartFile('valve.png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/images?topicId=${topicId}`,
      headers: { cookie: admin, ...m.headers },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().image as { id: string; storageUrl: string; webpUrl: string; isOptimized: boolean };
  };
  const exists = (url: string | null) => files.exists(files.keyForUrl(url ?? '') ?? '');
  const bothExist = async (img: { storageUrl: string; webpUrl: string | null }) =>
    [await exists(img.storageUrl), await exists(img.webpUrl)] as const;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('upload through the route converts to webp and stores both objects', async () => {
    const img = await upload(await newTopic());
    expect(img.isOptimized).toBe(true);
    expect(img.webpUrl).toMatch(/\.webp$/);
    expect(await bothExist(img)).toEqual([true, true]);
    const stored = await files.get(files.keyForUrl(img.webpUrl)!);
    expect(stored?.contentType).toBe('image/webp');
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);
  });

  it('deleting an image removes both files, even when one is already gone', async () => {
    const img = await upload(await newTopic());
    await files.delete(files.keyForUrl(img.webpUrl)!);
    const res = await call('DELETE', `/api/admin/images/${img.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(await bothExist(img)).toEqual([false, false]);
  });

  it('permanently deleting a page removes the files of the images only it used', async () => {
    const topicId = await newTopic();
    const own = await upload(topicId);
    const shared = await upload(topicId);
    const page = (htmlBody: string) =>
      call('POST', '/api/admin/pages', admin, { topicId, title: 'Valves', htmlBody }).then(
        (r) => r.json().page.id as string,
      );
    const doomed = await page(
      `<p><img src="${own.webpUrl}" alt="a"><img src="${shared.webpUrl}" alt="b"></p>`,
    );
    await page(`<p><img src="${shared.webpUrl}" alt="b"></p>`);
    expect((await call('DELETE', `/api/admin/pages/${doomed}`, admin)).statusCode).toBe(200);
    expect(await bothExist(own)).toEqual([false, false]);
    expect(await bothExist(shared)).toEqual([true, true]);
  });

  const cardWith = async (deckId: string, img: { webpUrl: string }) => {
    const res = await call('POST', `/api/admin/decks/${deckId}/cards`, admin, {
      front: `<p><img src="${img.webpUrl}" alt="x"></p>`,
      back: '<p>Back</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('permanently deleting a deck removes the files of the images only its cards used', async () => {
    const topicId = await newTopic();
    const own = await upload(topicId);
    const shared = await upload(topicId);
    const [doomed, kept] = await write(t.db, async (w) => [
      await w.deck(topicId, 0),
      await w.deck(topicId, 0),
    ]);
    await cardWith(doomed!, own);
    await cardWith(doomed!, shared);
    await cardWith(kept!, shared);
    expect((await call('DELETE', `/api/admin/decks/${doomed}`, admin)).statusCode).toBe(200);
    expect(await bothExist(own)).toEqual([false, false]);
    expect(await bothExist(shared)).toEqual([true, true]);
  });

  it('permanently deleting an archived topic removes its pages’ image files', async () => {
    const topicId = await newTopic();
    const img = await upload(topicId);
    await call('POST', '/api/admin/pages', admin, {
      topicId,
      title: 'Atria',
      htmlBody: `<p><img src="${img.storageUrl}" alt="x"></p>`,
    });
    expect((await call('POST', `/api/admin/topics/${topicId}/archive`, superadmin)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/admin/archive/topics/${topicId}`, superadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted.images).toBe(1);
    expect(await bothExist(img)).toEqual([false, false]);
  });

  it('permanently deleting an archived topic removes its questions’ image files too (issue 19)', async () => {
    const topicId = await newTopic();
    const own = await upload(topicId);
    const quiz = (await call('POST', `/api/admin/topics/${topicId}/quizzes`, admin, { name: 'ECGs' })).json()
      .quiz.id as string;
    const q = await call('POST', `/api/admin/quizzes/${quiz}/questions`, admin, {
      question: `<p>Rhythm?</p><p><img src="${own.webpUrl}" alt="ECG"></p>`,
      option1: 'Sinus',
      option2: 'AF',
      option3: null,
      option4: null,
      option5: null,
      correctOption: 2,
      explanation: null,
    });
    expect(q.statusCode, q.body).toBe(201);
    expect((await call('POST', `/api/admin/topics/${topicId}/archive`, superadmin)).statusCode).toBe(200);
    // The confirmation counts it before the delete removes it.
    const impact = await call('GET', `/api/admin/archive/topics/${topicId}`, superadmin);
    expect(impact.json().counts.images).toBe(1);
    const res = await call('DELETE', `/api/admin/archive/topics/${topicId}`, superadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted.images).toBe(1);
    expect(await bothExist(own)).toEqual([false, false]);
  });

  it('permanently deleting an archived topic removes its cards’ image files too, and its uses of others', async () => {
    const topicId = await newTopic();
    const other = await newTopic();
    const own = await upload(topicId);
    const shared = await upload(topicId);
    const [deck, otherDeck] = await write(t.db, async (w) => [
      await w.deck(topicId, 0),
      await w.deck(other, 0),
    ]);
    await cardWith(deck!, own);
    await cardWith(deck!, shared);
    await cardWith(otherDeck!, shared);
    expect((await call('POST', `/api/admin/topics/${topicId}/archive`, superadmin)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/admin/archive/topics/${topicId}`, superadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted.images).toBe(1);
    expect(await bothExist(own)).toEqual([false, false]);
    expect(await bothExist(shared)).toEqual([true, true]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/images?topicId=${other}`,
      headers: { cookie: admin },
    });
    const row = (list.json().images as { id: string; usedIn: string[] }[]).find((i) => i.id === shared.id);
    expect(row?.usedIn).toHaveLength(1); // the deleted card no longer counts as a use
  });
});
