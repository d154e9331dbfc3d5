// Issue 21 through the HTTP API: a bulk import's embedded pictures become images of the topic's scope
// (rows, files, usedIn, srcs rewritten), a refused import leaves no rows and no files, the import is
// recorded, and 'Undo import' removes what it added and restores exactly what it changed — refused
// once anything it wrote was edited, refused twice, and a 404 for another college.
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TopicResourcesResponse } from '@zan/core';
import { card, contentImport, flashcardDeck, image, mcqQuestion, mcqQuiz } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { TINY_PNG } from '../../../test/authorization-resources.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';

const png = TINY_PNG.toString('base64');
const question = (q: string, extra: Record<string, unknown> = {}) => ({
  question: q,
  option1: 'One',
  option2: 'Two',
  option3: null,
  option4: null,
  option5: null,
  correctOption: 1,
  explanation: null,
  ...extra,
});

describe('imports: embedded pictures and undo', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let strangerCookie = '';
  let topicId = '';
  let storageDir = '';
  beforeAll(async () => {
    t = await createTestApp();
    if (t.config.storage.driver !== 'local') throw new Error('these tests read the local storage');
    storageDir = t.config.storage.dir;
    const c = await createCollege(t.db, { years: ['Y1'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const admin = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
    const stranger = await createUser(t.db, {
      role: 'admin',
      adminCollegeId: other.id,
      adminYearGroup: 'Y1',
    });
    cookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    strangerCookie = (await signIn(t.app, stranger.email, stranger.password)).cookie;
    topicId = await write(t.db, async (w) =>
      w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
    );
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, c = cookie) =>
    t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
  const files = (): string[] => {
    const dir = path.join(storageDir, 'html_content_images');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };
  const resources = async (): Promise<TopicResourcesResponse> =>
    (await call('GET', `/api/admin/topics/${topicId}/resources`)).json();
  const undo = (id: string, c = cookie) => call('POST', `/api/admin/imports/${id}/undo`, undefined, c);

  it('stores the pictures the cards use as images of the topic, rewrites their srcs and records the import', async () => {
    const before = files();
    const res = await call('POST', `/api/admin/topics/${topicId}/bulk/cards`, {
      name: 'Pictured',
      source: 'anki-text',
      add: [
        { front: '<p>Heart <img src="zan-import:heart.png"></p>', back: '<p>Pump</p>' },
        { front: '<p>Plain</p>', back: '<p>Text</p>' },
      ],
      update: [],
      files: [
        { name: 'heart.png', mime: 'image/png', base64: png },
        { name: 'unused.png', mime: 'image/png', base64: png },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ created: true, added: 2, count: 2 });
    const rows = await t.db.select().from(card).where(eq(card.deckId, body.id));
    const pictured = rows.find((r) => r.front.includes('Heart'))!;
    const images = await t.db.select().from(image).where(eq(image.fileName, 'heart.png'));
    expect(images).toHaveLength(1);
    expect(images[0]!.usedIn).toEqual([pictured.id]);
    expect(images[0]!.isOptimized).toBe(true);
    expect(pictured.front).toBe(`<p>Heart <img src="${images[0]!.storageUrl}"></p>`);
    expect(await t.db.select().from(image).where(eq(image.fileName, 'unused.png'))).toHaveLength(0);
    // The original and its webp, nothing for the unused file.
    expect(files().length - before.length).toBe(2);

    const [record] = await t.db.select().from(contentImport).where(eq(contentImport.id, body.importId));
    expect(record).toMatchObject({
      topicId,
      setKind: 'deck',
      setId: body.id,
      setCreated: true,
      source: 'anki-text',
      imageIds: [images[0]!.id],
      previous: [],
    });
    expect([...record!.addedIds].sort()).toEqual(rows.map((r) => r.id).sort());
    const listed = (await resources()).imports.find((i) => i.setId === body.id);
    expect(listed).toMatchObject({ id: body.importId, kind: 'deck', added: 2, images: 1, undoable: true });

    // Undo: the cards, the picture (row and files) and the deck it created go.
    const undone = await undo(body.importId);
    expect(undone.json()).toEqual({ ok: true, removed: 2, restored: 0, imagesRemoved: 1, setDeleted: true });
    expect(await t.db.select().from(flashcardDeck).where(eq(flashcardDeck.id, body.id))).toHaveLength(0);
    expect(await t.db.select().from(image).where(eq(image.id, images[0]!.id))).toHaveLength(0);
    expect(files()).toEqual(before);
    const again = await undo(body.importId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.importAlreadyUndone);
  });

  it('refuses a missing, broken or non-image picture by name and a failed import leaves no rows and no files', async () => {
    const before = files();
    const imagesBefore = (await t.db.select().from(image)).length;
    const url = `/api/admin/topics/${topicId}/bulk/cards`;
    const picture = { front: '<p>X <img src="zan-import:a b.png"></p>', back: '<p>Y</p>' };
    const missing = await call('POST', url, { name: 'Bad', add: [picture], update: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(MSG.importFileMissing('a b.png'));
    const notBase64 = await call('POST', url, {
      name: 'Bad',
      add: [picture],
      update: [],
      files: [{ name: 'a b.png', mime: 'image/png', base64: '***' }],
    });
    expect(notBase64.json().error.message).toBe(MSG.importFileRejected('a b.png', MSG.importFileNotBase64));
    const text = await call('POST', url, {
      name: 'Bad',
      add: [picture],
      update: [],
      files: [{ name: 'a b.png', mime: 'image/png', base64: Buffer.from('hello').toString('base64') }],
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(MSG.importFileRejected('a b.png', MSG.imageWrongType));
    // A good picture, but a row that fails once sanitised: nothing written, the stored files removed.
    const failed = await call('POST', url, {
      name: 'Bad',
      add: [picture, { front: '<p> </p>', back: '<p>No front</p>' }],
      update: [],
      files: [{ name: 'a b.png', mime: 'image/png', base64: png }],
    });
    expect(failed.statusCode).toBe(400);
    expect(files()).toEqual(before);
    expect((await t.db.select().from(image)).length).toBe(imagesBefore);
    expect(await t.db.select().from(flashcardDeck).where(eq(flashcardDeck.name, 'Bad'))).toHaveLength(0);
    expect(await t.db.select().from(contentImport).where(eq(contentImport.topicId, topicId))).toHaveLength(1);
  });

  it('takes WebP and GIF pictures (readers accept them) as an upload takes a PNG: stored as PNG with its webp', async () => {
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00c' } })
      .gif()
      .toBuffer();
    const res = await call('POST', `/api/admin/topics/${topicId}/bulk/questions`, {
      name: 'Moving pictures',
      source: 'moodle-xml',
      add: [question('<p>Which? <img src="zan-import:scan.webp"> <img src="zan-import:beat.gif"></p>')],
      update: [],
      files: [
        { name: 'scan.webp', mime: 'image/webp', base64: webp.toString('base64') },
        { name: 'beat.gif', mime: 'image/gif', base64: gif.toString('base64') },
      ],
    });
    expect(res.statusCode).toBe(200);
    const [q] = await t.db.select().from(mcqQuestion).where(eq(mcqQuestion.quizId, res.json().id));
    for (const [name, width, height] of [
      ['scan.webp', 40, 30],
      ['beat.gif', 20, 10],
    ] as const) {
      const [img] = await t.db.select().from(image).where(eq(image.fileName, name));
      expect(img, name).toMatchObject({ isOptimized: true });
      expect(img!.storageUrl).toMatch(/\.png$/);
      expect(img!.webpUrl).toMatch(/\.webp$/);
      expect(q!.question).toContain(`<img src="${img!.storageUrl}">`);
      const stored = fs.readFileSync(path.join(storageDir, img!.storageUrl.replace(/^\/files\//, '')));
      expect(await sharp(stored).metadata(), name).toMatchObject({ format: 'png', width, height });
    }
  });

  it('passes pictures and the source through the off-thread reader of a large body', async () => {
    const filler = 'x'.repeat(1000);
    const add = Array.from({ length: 300 }, (_, i) => ({
      front: `<p>Card ${i} ${filler}</p>`,
      back: '<p>B</p>',
    }));
    add[7] = { front: '<p>Big <img src="zan-import:big.png"></p>', back: '<p>B</p>' };
    const res = await call('POST', `/api/admin/topics/${topicId}/bulk/cards`, {
      name: 'Large',
      source: 'quizlet',
      add,
      update: [],
      files: [{ name: 'big.png', mime: 'image/png', base64: png }],
    });
    expect(res.statusCode).toBe(200);
    const [img] = await t.db.select().from(image).where(eq(image.fileName, 'big.png'));
    const [pictured] = await t.db
      .select()
      .from(card)
      .where(eq(card.front, `<p>Big <img src="${img!.storageUrl}"></p>`));
    expect(img!.usedIn).toEqual([pictured!.id]);
    const [record] = await t.db.select().from(contentImport).where(eq(contentImport.id, res.json().importId));
    expect(record!.source).toBe('quizlet');
  });

  it('undo restores exactly what an import into an existing quiz changed, and keeps what was there', async () => {
    const url = `/api/admin/topics/${topicId}/bulk/questions`;
    const first = (
      await call('POST', url, {
        name: 'Cardio',
        add: [question('Q1'), question('Q2')],
        update: [],
        source: 'gift',
      })
    ).json();
    const before = await t.db.select().from(mcqQuestion).where(eq(mcqQuestion.quizId, first.id));
    const q1 = before.find((q) => q.question === 'Q1')!;
    const second = await call('POST', url, {
      name: 'cardio',
      source: 'moodle-xml',
      add: [question('<p>Q3 <img src="zan-import:ecg.png"></p>')],
      update: [{ id: q1.id, item: question('<p>Q1 changed</p>', { correctOption: 2, explanation: 'Why' }) }],
      files: [{ name: 'ecg.png', mime: 'image/png', base64: png }],
    });
    expect(second.json()).toMatchObject({ id: first.id, created: false, added: 1, updated: 1, count: 3 });
    const listed = (await resources()).imports.find((i) => i.setId === first.id);
    expect(listed).toMatchObject({
      id: second.json().importId,
      source: 'moodle-xml',
      updated: 1,
      undoable: true,
    });

    const res = await undo(second.json().importId);
    expect(res.json()).toEqual({ ok: true, removed: 1, restored: 1, imagesRemoved: 1, setDeleted: false });
    const after = await t.db.select().from(mcqQuestion).where(eq(mcqQuestion.quizId, first.id));
    const strip = (q: (typeof after)[number]) => {
      const { rowVersion: _v, updatedAt: _u, ...rest } = q;
      return rest;
    };
    expect(after.map(strip).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      before.map(strip).sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await t.db.select().from(mcqQuiz).where(eq(mcqQuiz.id, first.id)))[0]!.questionCount).toBe(2);
    // The latest import is the undone one: no button.
    expect((await resources()).imports.find((i) => i.setId === first.id)?.undoable).toBe(false);
    // Q1, which the first import added, was written again since (by the undo): that import stays.
    const older = await undo(first.importId);
    expect(older.statusCode).toBe(409);
    expect(older.json().error.message).toBe(MSG.importEditedSince(1, 'question', '"Q1"'));
  });

  it('refuses undo once an item it wrote was edited, saying so, and answers 404 to another college', async () => {
    const res = await call('POST', `/api/admin/topics/${topicId}/bulk/cards`, {
      name: 'Edited',
      add: [
        { front: '<p>Aorta</p>', back: '<p>Artery</p>' },
        { front: '<p>Vena cava</p>', back: '<p>Vein</p>' },
      ],
      update: [],
    });
    const { id: deckId, importId } = res.json();
    const [first] = await t.db.select().from(card).where(eq(card.front, '<p>Aorta</p>'));
    expect(
      (await call('POST', `/api/admin/imports/${importId}/undo`, undefined, strangerCookie)).statusCode,
    ).toBe(404);
    expect((await undo('no-such-import')).statusCode).toBe(404);
    await call('PATCH', `/api/admin/cards/${first!.id}`, { front: '<p>Aorta!</p>', back: '<p>Artery</p>' });
    expect((await resources()).imports.find((i) => i.setId === deckId)?.undoable).toBe(false);
    const refused = await undo(importId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(MSG.importEditedSince(1, 'card', '"Aorta!"'));
    expect(await t.db.select().from(card).where(eq(card.deckId, deckId))).toHaveLength(2);
    const [record] = await t.db.select().from(contentImport).where(eq(contentImport.id, importId));
    expect(record!.undoneAt).toBeNull();
  });
});
