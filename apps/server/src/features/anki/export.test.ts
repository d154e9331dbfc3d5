// 'Export .apkg' through the HTTP API (issue 20): a deck of basic, cloze and Anki-imported cards with a
// picture comes back from the package read as it is (fronts, backs, cloze text, the picture as media
// with its src rewritten), with the same note ids and guids on a second export; other colleges and
// students are refused.
import { MSG } from '@zan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, flashcardDeck, topic } from '../../db/schema/index.ts';
import { OFF_THREAD } from '../../platform/off-thread.ts';
import { holdSlot } from '../../platform/off-thread-hold.ts';
import { createStorage } from '../../platform/storage.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';
import { eq } from 'drizzle-orm';
import { readAnkiPackage } from './read-package.ts';
import { PNG } from './test-packages.ts';
import { ZAN_BASIC_ID, ZAN_CLOZE_ID } from './write-package.ts';
import type { AnkiPackage } from './model.ts';
import { stableAnkiId } from './export-model.ts';

describe('GET /api/admin/decks/:id/apkg', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookies: Record<'admin' | 'stranger' | 'student', string> = { admin: '', stranger: '', student: '' };
  let deckId = '';
  const noteId = crypto.randomUUID();
  const ids = { basic: '', cloze1: '', imported: '' };
  let pictureSrc = '';

  beforeAll(async () => {
    t = await createTestApp();
    const c = await createCollege(t.db, { years: ['Y1'] });
    const other = await createCollege(t.db, { years: ['Y1'] });
    const users = {
      admin: await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' }),
      stranger: await createUser(t.db, { role: 'admin', adminCollegeId: other.id, adminYearGroup: 'Y1' }),
      student: await createUser(t.db, { collegeId: c.id, yearGroup: 'Y1' }),
    };
    for (const k of ['admin', 'stranger', 'student'] as const)
      cookies[k] = (await signIn(t.app, users[k].email, users[k].password)).cookie;
    const storage = createStorage(t.config.storage);
    const key = `html_content_images/u1_1_heart.webp`;
    await storage.put(key, PNG, { contentType: 'image/webp' });
    pictureSrc = storage.publicUrl(key);
    deckId = await write(t.db, async (w) => {
      const topicId = await w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' })));
      const id = await w.deck(topicId, 0);
      await w.tx
        .update(flashcardDeck)
        .set({ name: 'Cardio: "drugs"', rowVersion: w.version })
        .where(eq(flashcardDeck.id, id));
      const [tp] = await w.tx.select().from(topic).where(eq(topic.id, topicId));
      const scope = { collegeId: tp!.collegeId, yearGroup: tp!.yearGroup, rowVersion: w.version, deckId: id };
      const text = '<p>{{c1::Amiodarone}} is class {{c2::III}}</p>';
      const rows = await w.tx
        .insert(card)
        .values([
          {
            front: `<p>Heart <img src="${pictureSrc}"></p>`,
            back: '<p>Pump</p>',
            ...scope,
            createdAt: new Date(1000),
          },
          {
            front: text,
            back: '<p>Long half-life</p>',
            kind: 'cloze',
            noteId,
            ord: 1,
            ...scope,
            createdAt: new Date(2000),
          },
          {
            front: text,
            back: '<p>Long half-life</p>',
            kind: 'cloze',
            noteId,
            ord: 2,
            ...scope,
            createdAt: new Date(3000),
          },
          {
            front: '<p>Imported</p>',
            back: '<p>From Anki</p>',
            ankiNoteId: '1500000000123',
            ankiOrd: 0,
            ...scope,
            createdAt: new Date(4000),
          },
        ])
        .returning({ id: card.id });
      ids.basic = rows[0]!.id;
      ids.cloze1 = rows[1]!.id;
      ids.imported = rows[3]!.id;
      return id;
    });
  });
  afterAll(async () => t.close());

  const get = (who: keyof typeof cookies, id = deckId) =>
    t.app.inject({ method: 'GET', url: `/api/admin/decks/${id}/apkg`, headers: { cookie: cookies[who] } });
  const read = async (body: Buffer): Promise<AnkiPackage> => {
    const r = await readAnkiPackage(new Uint8Array(body));
    if ('error' in r) throw new Error(r.error.message);
    return r.package;
  };

  it('exports the deck as a package that reads back with the same cards, picture and stable ids', async () => {
    const res = await get('admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Cardio drugs.apkg')}`,
    );
    const p = await read(res.rawPayload);
    expect(p.format).toBe('legacy2');
    expect(p.decks.map((d) => d.name)).toContain('Cardio: "drugs"');
    const byId = (id: number) => p.notes.find((n) => n.id === id)!;
    const fields = [...p.notes]
      .sort((a, b) => a.fields[0]!.localeCompare(b.fields[0]!))
      .map((n) => [n.notetypeId, ...n.fields]);
    expect(fields).toEqual([
      [ZAN_CLOZE_ID, '<p>{{c1::Amiodarone}} is class {{c2::III}}</p>', '<p>Long half-life</p>'],
      [ZAN_BASIC_ID, '<p>Heart <img src="u1_1_heart.webp"></p>', '<p>Pump</p>'],
      [ZAN_BASIC_ID, '<p>Imported</p>', '<p>From Anki</p>'],
    ]);
    const cloze = byId(stableAnkiId(`note:${noteId}`));
    expect(cloze.fields[1]).toBe('<p>Long half-life</p>');
    expect(
      p.cards
        .filter((c) => c.noteId === cloze.id)
        .map((c) => c.ord)
        .sort(),
    ).toEqual([0, 1]);
    expect(p.cards).toHaveLength(4);
    expect(p.cards.every((c) => c.scheduling.type === 0)).toBe(true);
    expect(byId(1_500_000_000_123).fields[0]).toBe('<p>Imported</p>');
    expect(byId(stableAnkiId(`note:${ids.basic}`)).fields[1]).toBe('<p>Pump</p>');
    expect(p.media.map((m) => [m.name, m.kind])).toEqual([['u1_1_heart.webp', 'image']]);
    expect(Buffer.from(p.media[0]!.bytes).equals(Buffer.from(PNG))).toBe(true);

    const again = await read((await get('admin')).rawPayload);
    expect(again.notes.map((n) => [n.id, n.guid])).toEqual(p.notes.map((n) => [n.id, n.guid]));
    expect(again.cards.map((c) => c.id)).toEqual(p.cards.map((c) => c.id));
  });

  // Issue 38: writing a package (SQLite in WebAssembly, the zip) held the event loop 1–4 s for a student's
  // 20,000 reviews; it is written in the off-thread pool, so a full pool answers 429 busy.
  it('writes packages in the off-thread pool: a full pool answers 429 busy, a free one the file', async () => {
    const bounds = { ...OFF_THREAD };
    Object.assign(OFF_THREAD, { concurrent: 1, queue: 0 });
    const held = holdSlot();
    try {
      for (const url of [`/api/decks/${deckId}/apkg`, `/api/admin/decks/${deckId}/apkg`]) {
        const who = url.startsWith('/api/admin') ? 'admin' : 'student';
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies[who] } });
        expect(res.statusCode, url).toBe(429);
        const seconds = Number(res.headers['retry-after']);
        expect(res.json().error).toEqual({ code: 'SERVER_BUSY', message: MSG.serverBusy(seconds) });
      }
    } finally {
      Object.assign(OFF_THREAD, bounds);
      await held.release();
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/decks/${deckId}/apkg`,
      headers: { cookie: cookies.student },
    });
    expect(res.statusCode).toBe(200);
    expect((await read(res.rawPayload)).cards).toHaveLength(4);
  }, 60_000);

  it('refuses an admin of another college (404), a student (403) and a missing deck (404)', async () => {
    expect((await get('stranger')).statusCode).toBe(404);
    expect((await get('student')).statusCode).toBe(403);
    expect((await get('admin', crypto.randomUUID())).statusCode).toBe(404);
  });
});
