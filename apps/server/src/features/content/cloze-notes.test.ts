// Cloze notes through the HTTP API (issue 20): one card per number, a save keeps the cards (and every
// student's progress) of the numbers still there, removes and adds by number; a cloze card is edited
// through its note only; spec messages for bad bodies; another scope's admin cannot touch the note.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOZE_NOTE_MAX_CARDS, MSG, type ClozeNoteResponse } from '@zan/core';
import { card, flashcardDeck, progressRecord, tombstone } from '../../db/schema/index.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { loggedReviewOp, pushProgress, write } from '../../../test/sync-fixtures.ts';

describe('cloze notes API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = '';
  let otherCookie = '';
  let farCookie = '';
  let studentCookie = '';
  let studentId = '';
  let topicId = '';
  beforeAll(async () => {
    t = await createTestApp();
    const c = await createCollege(t.db, { years: ['Y1', 'Y2'] });
    const far = await createCollege(t.db, { years: ['Y1'] });
    const admin = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y1' });
    const other = await createUser(t.db, { role: 'admin', adminCollegeId: c.id, adminYearGroup: 'Y2' });
    const farAdmin = await createUser(t.db, { role: 'admin', adminCollegeId: far.id, adminYearGroup: 'Y1' });
    const student = await createUser(t.db, { collegeId: c.id, yearGroup: 'Y1' });
    studentId = student.id;
    cookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    otherCookie = (await signIn(t.app, other.email, other.password)).cookie;
    farCookie = (await signIn(t.app, farAdmin.email, farAdmin.password)).cookie;
    studentCookie = (await signIn(t.app, student.email, student.password)).cookie;
    topicId = await write(t.db, async (w) =>
      w.topic(await w.subject(await w.module({ collegeId: c.id, yearGroup: 'Y1' }))),
    );
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, c = cookie) =>
    t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
  const byOrd = (r: ClozeNoteResponse) => new Map(r.cards.map((c) => [c.ord, c]));
  const deckCount = async (deckId: string) =>
    (await t.db.select().from(flashcardDeck).where(eq(flashcardDeck.id, deckId)))[0]!.cardCount;

  it('adds one card per distinct number with the sanitised text and Back Extra', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 1));
    const res = await call('POST', `/api/admin/decks/${deckId}/cloze-notes`, {
      text: '<p>{{c1::Paris}} is in {{c2::France}}; {{c1::Paris}} again <script>x()</script></p>',
      backExtra: '<p>Capital</p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<ClozeNoteResponse>();
    expect(body.cards.map((c) => c.ord)).toEqual([1, 2]);
    expect(body.cardCount).toBe(3);
    expect(body.removedCardIds).toEqual([]);
    for (const c of body.cards) {
      expect(c).toMatchObject({ kind: 'cloze', noteId: body.noteId, back: '<p>Capital</p>' });
      expect(c.front).toBe('<p>{{c1::Paris}} is in {{c2::France}}; {{c1::Paris}} again </p>');
    }
    expect(await deckCount(deckId)).toBe(3);
    const editor = (await call('GET', `/api/admin/decks/${deckId}`)).json<{ cards: { kind?: string }[] }>();
    expect(editor.cards.filter((c) => c.kind === 'cloze')).toHaveLength(2);
  });

  it('keeps the cards and progress of kept numbers, removes removed ones, adds new ones', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 0));
    const added = (
      await call('POST', `/api/admin/decks/${deckId}/cloze-notes`, {
        text: '{{c1::A}} {{c2::B}} {{c3::C}}',
        backExtra: '',
      })
    ).json<ClozeNoteResponse>();
    const before = byOrd(added);
    const c1 = before.get(1)!.id;
    await pushProgress(t.app, studentCookie, 'device-cloze', [
      loggedReviewOp(c1, null, 'good', Date.now() - 60_000).op,
    ]);

    const res = await call('PATCH', `/api/admin/cloze-notes/${added.noteId}`, {
      text: '{{c1::A2}} {{c3::C}} {{c4::D}}',
      backExtra: '<p>More</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<ClozeNoteResponse>();
    const now = byOrd(after);
    expect([...now.keys()]).toEqual([1, 3, 4]);
    expect(now.get(1)!.id).toBe(c1);
    expect(now.get(3)!.id).toBe(before.get(3)!.id);
    expect(now.get(1)!.front).toBe('{{c1::A2}} {{c3::C}} {{c4::D}}');
    expect(now.get(3)!.back).toBe('<p>More</p>');
    expect(after.removedCardIds).toEqual([before.get(2)!.id]);
    expect(after.cardCount).toBe(3);
    expect(await deckCount(deckId)).toBe(3);
    expect(
      await t.db
        .select()
        .from(card)
        .where(eq(card.id, before.get(2)!.id)),
    ).toEqual([]);
    const stones = await t.db
      .select()
      .from(tombstone)
      .where(eq(tombstone.entityId, before.get(2)!.id));
    expect(stones).toHaveLength(1);
    const progress = await t.db
      .select()
      .from(progressRecord)
      .where(and(eq(progressRecord.userId, studentId), eq(progressRecord.cardId, c1)));
    expect(progress).toHaveLength(1);
    expect(progress[0]!.deleted).toBe(false);
  });

  it('refuses a cloze card edited as a basic card, and bad note bodies with the core messages', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 0));
    const note = (
      await call('POST', `/api/admin/decks/${deckId}/cloze-notes`, { text: '{{c1::x}}', backExtra: '' })
    ).json<ClozeNoteResponse>();
    const asCard = await call('PATCH', `/api/admin/cards/${note.cards[0]!.id}`, { front: 'F', back: 'B' });
    expect(asCard.statusCode).toBe(409);
    expect(asCard.json().error.message).toBe(MSG.clozeCardEditNote);

    const url = `/api/admin/cloze-notes/${note.noteId}`;
    const none = await call('PATCH', url, { text: 'no deletion here', backExtra: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(MSG.clozeTextRequired);
    // A deletion the sanitiser removes makes no card.
    const dropped = await call('PATCH', url, { text: '<script>{{c1::x}}</script>', backExtra: '' });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json().error.message).toBe(MSG.clozeTextRequired);
    const many = Array.from({ length: CLOZE_NOTE_MAX_CARDS + 1 }, (_, i) => `{{c${i + 1}::w}}`).join(' ');
    const tooMany = await call('POST', `/api/admin/decks/${deckId}/cloze-notes`, { text: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(MSG.clozeTooManyDeletions(CLOZE_NOTE_MAX_CARDS));
    expect((await t.db.select().from(card).where(eq(card.id, note.cards[0]!.id)))[0]!.front).toBe(
      '{{c1::x}}',
    );
    expect((await call('PATCH', '/api/admin/cloze-notes/nope', { text: '{{c1::x}}' })).statusCode).toBe(404);
  });

  it('keeps other scopes out and deletes a whole note', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 1));
    const note = (
      await call('POST', `/api/admin/decks/${deckId}/cloze-notes`, { text: '{{c1::x}} {{c2::y}}' })
    ).json<ClozeNoteResponse>();
    const url = `/api/admin/cloze-notes/${note.noteId}`;
    for (const c of [otherCookie, farCookie]) {
      expect((await call('PATCH', url, { text: '{{c1::z}}' }, c)).statusCode).toBe(404);
      expect((await call('DELETE', url, undefined, c)).statusCode).toBe(404);
      expect(
        (await call('POST', `/api/admin/decks/${deckId}/cloze-notes`, { text: '{{c1::z}}' }, c)).statusCode,
      ).toBe(404);
    }
    expect((await call('DELETE', url, undefined, studentCookie)).statusCode).toBe(403);
    const del = await call('DELETE', url);
    expect(del.json()).toEqual({ ok: true, count: 1 });
    expect(await t.db.select().from(card).where(eq(card.noteId, note.noteId))).toEqual([]);
    expect((await call('DELETE', url)).statusCode).toBe(404);
  });
});
