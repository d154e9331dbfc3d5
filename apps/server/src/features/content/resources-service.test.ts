// Topic resources through the HTTP API: counts in step with cards and questions, edits keep ids (so
// student progress stays) and bump the topic's contentVersion, spec messages for bad input (nothing
// changes), sanitised faces, permanent deletes with tombstones and images' usedIn, out-of-scope 404s.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@zan/core';
import { card, image, mcqQuiz, tombstone, topic } from '../../db/schema/index.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';

describe('topic resources API', () => {
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

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, c = cookie) =>
    t.app.inject({ method, url, headers: { cookie: c }, ...(payload ? { payload } : {}) });
  const version = async () =>
    (await t.db.select({ v: topic.contentVersion }).from(topic).where(eq(topic.id, topicId)))[0]!.v;

  it('adds, edits and deletes cards with cardCount in step; edits keep the id', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 1));
    const v0 = await version();
    const added = await call('POST', `/api/admin/decks/${deckId}/cards`, {
      front: '<p>Front <script>x()</script></p>',
      back: '<p>Back</p>',
    });
    expect(added.statusCode).toBe(201);
    const { card: c, cardCount } = added.json();
    expect(cardCount).toBe(2);
    expect(c.front).toBe('<p>Front </p>');
    expect(await version()).toBeGreaterThan(v0);

    const edited = await call('PATCH', `/api/admin/cards/${c.id}`, {
      front: '<p>New</p>',
      back: '<p>Back</p>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().card.id).toBe(c.id);

    const blank = await call('PATCH', `/api/admin/cards/${c.id}`, { front: '<p> </p>', back: '<p>Back</p>' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MSG.frontBackRequired);
    expect((await t.db.select().from(card).where(eq(card.id, c.id)))[0]?.front).toBe('<p>New</p>');

    const del = await call('DELETE', `/api/admin/cards/${c.id}`);
    expect(del.json()).toEqual({ ok: true, count: 1 });
    const editor = (await call('GET', `/api/admin/decks/${deckId}`)).json();
    expect(editor.deck.cardCount).toBe(1);
    expect(editor.cards).toHaveLength(1);
  });

  it('validates questions with the spec messages and keeps questionCount in step', async () => {
    const quizId = await withContentWrite({ db: t.db, events: null }, async ({ tx }) => {
      const [q] = await tx
        .insert(mcqQuiz)
        .values({ name: 'Quiz', topicId, collegeId, yearGroup: 'Y1' })
        .returning();
      return q!.id;
    });
    const url = `/api/admin/quizzes/${quizId}/questions`;
    const ok = {
      question: 'Which nerve?',
      option1: 'Ulnar',
      option2: 'Radial',
      option3: ' ',
      correctOption: 2,
      explanation: 'Because.',
    };
    expect((await call('POST', url, { ...ok, question: ' ' })).json().error.message).toBe(
      MSG.questionRequired,
    );
    expect((await call('POST', url, { ...ok, option2: '' })).json().error.message).toBe(
      MSG.twoOptionsRequired,
    );
    expect((await call('POST', url, { ...ok, correctOption: 6 })).statusCode).toBe(400);
    expect((await call('POST', url, { ...ok, correctOption: 3 })).statusCode).toBe(400);
    const added = await call('POST', url, ok);
    expect(added.statusCode).toBe(201);
    expect(added.json().questionCount).toBe(1);
    expect(added.json().question.option3).toBeNull();
    const id = added.json().question.id;
    const edited = await call('PATCH', `/api/admin/questions/${id}`, { ...ok, correctOption: 1 });
    expect(edited.json().question).toMatchObject({ id, correctOption: 1 });
    expect((await call('DELETE', `/api/admin/questions/${id}`)).json()).toEqual({ ok: true, count: 0 });
    expect((await call('GET', `/api/admin/quizzes/${quizId}`)).json().quiz.questionCount).toBe(0);
  });

  it('creates an empty deck and quiz by name (New Deck / New Quiz); a name is one set per topic', async () => {
    const v0 = await version();
    const deck = await call('POST', `/api/admin/topics/${topicId}/decks`, { name: '  Renal cards ' });
    expect(deck.statusCode).toBe(201);
    expect(deck.json().deck).toMatchObject({ name: 'Renal cards', topicId, cardCount: 0, yearGroup: 'Y1' });
    expect(await version()).toBeGreaterThan(v0);
    const editor = (await call('GET', `/api/admin/decks/${deck.json().deck.id}`)).json();
    expect(editor.cards).toEqual([]);

    const again = await call('POST', `/api/admin/topics/${topicId}/decks`, { name: 'RENAL CARDS' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MSG.setNameTaken('deck'));
    const blank = await call('POST', `/api/admin/topics/${topicId}/decks`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(MSG.importNameRequired('Flashcards'));

    const quiz = await call('POST', `/api/admin/topics/${topicId}/quizzes`, { name: 'Renal cards' });
    expect(quiz.statusCode).toBe(201);
    expect(quiz.json().quiz).toMatchObject({ name: 'Renal cards', questionCount: 0 });
    const quizAgain = await call('POST', `/api/admin/topics/${topicId}/quizzes`, { name: 'renal cards' });
    expect(quizAgain.json().error.message).toBe(MSG.setNameTaken('quiz'));
    // A bulk import of that name adds to the new deck instead of making a second one.
    const bulk = await call('POST', `/api/admin/topics/${topicId}/bulk/cards`, {
      name: 'Renal Cards',
      add: [{ front: 'F', back: 'B' }],
      update: [],
    });
    expect(bulk.json()).toMatchObject({ id: deck.json().deck.id, created: false, count: 1 });

    const out = await call('POST', `/api/admin/topics/${topicId}/quizzes`, { name: 'Other' }, otherCookie);
    expect(out.statusCode).toBe(404);
  });

  it('answers 404 to an admin of another year and changes nothing', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 1));
    expect(
      (await call('GET', `/api/admin/decks/${deckId}`, undefined, otherCookie)).json().error.message,
    ).toBe(MSG.deckNotFound);
    expect((await call('DELETE', `/api/admin/decks/${deckId}`, undefined, otherCookie)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/admin/topics/${topicId}/resources`, undefined, otherCookie)).json().error
        .message,
    ).toBe(MSG.topicNotFound);
  });

  it('deletes a deck permanently: cards tombstoned, image uses dropped', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 2));
    const cards = await t.db.select({ id: card.id }).from(card).where(eq(card.deckId, deckId));
    const [img] = await t.db
      .insert(image)
      .values({
        fileName: 'a.png',
        usedIn: [cards[0]!.id, 'page-x'],
        collegeId,
        yearGroup: 'Y1',
        storageUrl: '/files/a.png',
      })
      .returning();
    const res = await call('DELETE', `/api/admin/decks/${deckId}`);
    expect(res.json()).toEqual({ ok: true, count: 2 });
    const stones = await t.db.select().from(tombstone).where(eq(tombstone.entityId, cards[1]!.id));
    expect(stones).toHaveLength(1);
    expect((await t.db.select().from(image).where(eq(image.id, img!.id)))[0]?.usedIn).toEqual(['page-x']);
  });

  it('bulk imports into a new deck, then into the same deck by name with updates keeping ids; a bad row writes nothing', async () => {
    const url = `/api/admin/topics/${topicId}/bulk/cards`;
    const first = await call('POST', url, {
      name: 'Cardio',
      add: [
        { front: 'Heart?', back: 'Pump' },
        { front: 'Valve?', back: '' },
      ],
      update: [],
    });
    expect(first.statusCode).toBe(200);
    const { id, created, count } = first.json();
    expect({ created, count }).toEqual({ created: true, count: 2 });
    const cards = (await call('GET', `/api/admin/decks/${id}`)).json().cards;
    const heart = cards.find((c: { front: string }) => c.front === 'Heart?');
    const second = await call('POST', url, {
      name: 'cardio',
      add: [{ front: 'Lung?', back: 'Air' }],
      update: [{ id: heart.id, item: { front: 'Heart?', back: 'A pump' } }],
    });
    expect(second.json()).toMatchObject({ id, created: false, added: 1, updated: 1, count: 3 });
    const bad = await call('POST', url, {
      name: 'Cardio',
      add: [
        { front: 'Ok', back: 'x' },
        { front: '<p> </p>', back: 'x' },
      ],
      update: [],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/admin/decks/${id}`)).json().deck.cardCount).toBe(3);
    const noName = await call('POST', url, { name: ' ', add: [{ front: 'a', back: 'b' }], update: [] });
    expect(noName.json().error.message).toBe(MSG.importNameRequired('Flashcards'));
    const empty = await call('POST', url, { name: 'X', add: [], update: [] });
    expect(empty.json().error.message).toBe(MSG.importEmpty);
  });

  it('usedIn follows the images a card links, and drops them when the link goes', async () => {
    const deckId = await write(t.db, (w) => w.deck(topicId, 0));
    const [img] = await t.db
      .insert(image)
      .values({
        fileName: 'b.png',
        collegeId,
        yearGroup: 'Y1',
        storageUrl: '/files/html_content_images/b.png',
        webpUrl: '/files/html_content_images/b.webp',
      })
      .returning();
    const added = await call('POST', `/api/admin/decks/${deckId}/cards`, {
      front: '<p>Which?</p><img src="/files/html_content_images/b.webp" alt="">',
      back: 'This',
    });
    const cardId = added.json().card.id;
    const usedIn = async () => (await t.db.select().from(image).where(eq(image.id, img!.id)))[0]?.usedIn;
    expect(await usedIn()).toEqual([cardId]);
    await call('PATCH', `/api/admin/cards/${cardId}`, { front: '<p>Which?</p>', back: 'This' });
    expect(await usedIn()).toEqual([]);
  });

  it('questions (issue 19): plain text kept as typed; HTML sanitised, linked to its images, blank HTML refused', async () => {
    const quizId = await withContentWrite({ db: t.db, events: null }, async ({ tx }) => {
      const [q] = await tx
        .insert(mcqQuiz)
        .values({ name: 'Pictures', topicId, collegeId, yearGroup: 'Y1' })
        .returning();
      return q!.id;
    });
    const [img] = await t.db
      .insert(image)
      .values({
        fileName: 'ecg.png',
        collegeId,
        yearGroup: 'Y1',
        storageUrl: '/files/html_content_images/ecg.png',
        webpUrl: '/files/html_content_images/ecg.webp',
      })
      .returning();
    const usedIn = async () => (await t.db.select().from(image).where(eq(image.id, img!.id)))[0]?.usedIn;
    const url = `/api/admin/quizzes/${quizId}/questions`;
    const plain = await call('POST', url, {
      question: ' K+ < 3.5 & <b>x</b>? ',
      option1: 'a < b',
      option2: 'B',
      correctOption: 1,
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().question).toMatchObject({ question: 'K+ < 3.5 & <b>x</b>?', option1: 'a < b' });

    const rich = {
      question: '<p>Rhythm? <img src="/files/html_content_images/ecg.webp" alt="ECG" onerror="x()"></p>',
      option1: '<p>AF <script>x()</script></p>',
      option2: 'Flutter',
      option3: '<p></p>',
      correctOption: 1,
      explanation: '<p><br></p>',
    };
    const added = await call('POST', url, rich);
    expect(added.statusCode).toBe(201);
    const q = added.json().question;
    expect(q.question).toBe('<p>Rhythm? <img src="/files/html_content_images/ecg.webp" alt="ECG"></p>');
    expect(q.option1).toBe('<p>AF </p>');
    expect(q.option3).toBeNull();
    expect(q.explanation).toBeNull();
    expect(await usedIn()).toEqual([q.id]);

    const blank = await call('PATCH', `/api/admin/questions/${q.id}`, { ...rich, question: '<p> </p>' });
    expect(blank.json().error.message).toBe(MSG.questionRequired);
    const noOption = await call('PATCH', `/api/admin/questions/${q.id}`, {
      ...rich,
      option2: '<p><script>x()</script></p>',
    });
    expect(noOption.json().error.message).toBe(MSG.twoOptionsRequired);
    // Only a picture is something to show.
    const picture = await call('PATCH', `/api/admin/questions/${q.id}`, {
      ...rich,
      question: '<img src="/files/html_content_images/ecg.webp" alt="">',
    });
    expect(picture.statusCode).toBe(200);

    await call('PATCH', `/api/admin/questions/${q.id}`, { ...rich, question: '<p>No picture</p>' });
    expect(await usedIn()).toEqual([]);
    await call('PATCH', `/api/admin/questions/${q.id}`, rich);
    expect(await usedIn()).toEqual([q.id]);
    const images = (await call('GET', `/api/admin/images?topicId=${topicId}`)).json();
    expect(images.images.find((i: { id: string }) => i.id === img!.id)?.uses).toEqual([
      { id: q.id, kind: 'question', label: 'Rhythm?', topicId },
    ]);
    await call('DELETE', `/api/admin/questions/${q.id}`);
    expect(await usedIn()).toEqual([]);
  });
});
