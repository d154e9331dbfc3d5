// requireAccess on a topic's child rows (access.ts, access-repository.ts): each kind resolves to its
// topic with the 404 the services always answered (a card or question of a topic the caller does not
// see answers as its deck or quiz), 403 when can() refuses the topic, a set of ids refused when one is
// missing, hidden or refused, one query per set, and the rows writes serialise on locked.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG, type Actor } from '@zan/core';
import { card, contentImport, htmlContent } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { createTestApp } from '../../test/harness.ts';
import { createCollege } from '../../test/helpers.ts';
import { write } from '../../test/sync-fixtures.ts';
import { requireAccess } from './access.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

/** The content of one topic: a deck of two cards, a cloze note, a quiz of two questions, a page, an import record. */
type TopicContent = {
  topic: string;
  deck: string;
  cards: string[];
  note: string;
  quiz: string;
  questions: string[];
  page: string;
  record: string;
};

async function topicContent(collegeId: string, yearGroup: string, isGlobal = false): Promise<TopicContent> {
  return write(t.db, async (w) => {
    const topic = await w.topic(await w.subject(await w.module({ collegeId, yearGroup, isGlobal })));
    const deck = await w.deck(topic, 2);
    const scope = { collegeId, yearGroup };
    const cards = await w.tx.select({ id: card.id }).from(card).where(eq(card.deckId, deck));
    const note = crypto.randomUUID();
    await w.tx.insert(card).values(
      [1, 2].map((ord) => ({
        front: `{{c${ord}::x}}`,
        back: '',
        deckId: deck,
        kind: 'cloze' as const,
        noteId: note,
        ord,
        ...scope,
      })),
    );
    const { quizId, questions } = await w.quiz(topic, [1, 2]);
    const [page] = await w.tx
      .insert(htmlContent)
      .values({ title: 'Page', topicId: topic, ...scope })
      .returning({ id: htmlContent.id });
    const [record] = await w.tx
      .insert(contentImport)
      .values({
        topicId: topic,
        setKind: 'deck',
        setId: deck,
        setCreated: false,
        source: 'csv',
        contentVersion: w.version,
        addedIds: [],
        previous: [],
        imageIds: [],
      })
      .returning({ id: contentImport.id });
    return {
      topic,
      deck,
      cards: cards.map((c) => c.id),
      note,
      quiz: quizId,
      questions,
      page: page!.id,
      record: record!.id,
    };
  });
}

const admin = (collegeId: string, yearGroup = 'Y1'): Actor => ({
  id: crypto.randomUUID(),
  role: 'admin',
  emailVerified: true,
  collegeId,
  yearGroup,
  adminCollegeId: collegeId,
  adminYearGroup: yearGroup,
});

/** The error a call throws, as status, code and message. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { status: err.statusCode, code: err.code, message: err.message };
}

const DECK_404 = { status: 404, code: 'DECK_NOT_FOUND', message: MSG.deckNotFound };
const QUIZ_404 = { status: 404, code: 'QUIZ_NOT_FOUND', message: MSG.quizNotFound };
const ITEM_404 = { status: 404, code: 'ITEM_NOT_FOUND', message: 'Item not found.' };
const OUT_OF_SCOPE = { status: 403, code: 'FORBIDDEN', message: MSG.outOfScope };

let A: string;
let own: TopicContent;
let other: TopicContent;
let global: TopicContent;
let me: Actor;

beforeAll(async () => {
  t = await createTestApp();
  A = (await createCollege(t.db, { years: ['Y1'] })).id;
  const B = (await createCollege(t.db, { years: ['Y1'] })).id;
  own = await topicContent(A, 'Y1');
  other = await topicContent(B, 'Y1');
  global = await topicContent(A, 'global', true);
  me = admin(A);
});
afterAll(async () => t.close());

describe('requireAccess: a child row resolved to its topic', () => {
  it('gives each kind its row(s) and its topic', async () => {
    const db = t.db;
    const deck = await requireAccess(me, 'resource.edit', { deck: own.deck }, { db });
    expect(deck.deck.id).toBe(own.deck);
    expect(deck.topic).toMatchObject({ id: own.topic, collegeId: A, yearGroup: 'Y1' });
    expect(deck.topic.subjectName).toMatch(/^Subject /);
    expect(deck.topic.moduleName).toMatch(/^Module /);
    const c = await requireAccess(me, 'resource.edit', { card: own.cards[0]! }, { db });
    expect([c.card.id, c.deck.id, c.topic.id]).toEqual([own.cards[0], own.deck, own.topic]);
    const q = await requireAccess(me, 'resource.edit', { question: own.questions[1]! }, { db });
    expect([q.question.id, q.quiz.id, q.topic.id]).toEqual([own.questions[1], own.quiz, own.topic]);
    expect((await requireAccess(me, 'resource.edit', { quiz: own.quiz }, { db })).quiz.id).toBe(own.quiz);
    expect((await requireAccess(me, 'resource.edit', { page: own.page }, { db })).page.title).toBe('Page');
    expect((await requireAccess(me, 'resource.edit', { note: own.note }, { db })).deck.id).toBe(own.deck);
    expect((await requireAccess(me, 'resource.edit', { import: own.record }, { db })).record.setId).toBe(
      own.deck,
    );
  });

  it("answers another college's rows with the 404 each service answered, and a missing one likewise", async () => {
    const db = t.db;
    // One kind and one id: the kinds' rows differ, the refusals do not.
    const edit = (
      child: Partial<Record<'deck' | 'quiz' | 'card' | 'question' | 'page' | 'note' | 'import', string>>,
    ) => refusal(requireAccess(me, 'resource.edit', child as { deck: string }, { db }));
    expect(await edit({ deck: other.deck })).toEqual(DECK_404);
    expect(await edit({ deck: 'nope' })).toEqual(DECK_404);
    expect(await edit({ quiz: other.quiz })).toEqual(QUIZ_404);
    // A card or question: missing is ITEM_NOT_FOUND, of a topic the caller does not see its set's 404.
    expect(await edit({ card: other.cards[0]! })).toEqual(DECK_404);
    expect(await edit({ card: 'nope' })).toEqual(ITEM_404);
    expect(await edit({ question: other.questions[0]! })).toEqual(QUIZ_404);
    expect(await edit({ question: 'nope' })).toEqual(ITEM_404);
    const page = { status: 404, code: 'CONTENT_NOT_FOUND', message: MSG.contentNotFound };
    expect(await edit({ page: other.page })).toEqual(page);
    const note = { status: 404, code: 'NOTE_NOT_FOUND', message: MSG.clozeNoteNotFound };
    expect(await edit({ note: other.note })).toEqual(note);
    expect(await edit({ note: other.cards[0]! })).toEqual(note);
    const record = { status: 404, code: 'IMPORT_NOT_FOUND', message: MSG.importNotFound };
    expect(await edit({ import: other.record })).toEqual(record);
    // An admin of another year of the same college does not see it either.
    expect(await refusal(requireAccess(admin(A, 'Y2'), 'resource.edit', { deck: own.deck }, { db }))).toEqual(
      DECK_404,
    );
  });

  it('refuses (403) a topic the caller sees but may not edit, and opens it to read', async () => {
    const db = t.db;
    expect(await refusal(requireAccess(me, 'resource.edit', { deck: global.deck }, { db }))).toEqual(
      OUT_OF_SCOPE,
    );
    expect(await refusal(requireAccess(me, 'resource.edit', { card: global.cards[0]! }, { db }))).toEqual(
      OUT_OF_SCOPE,
    );
    const read = await requireAccess(me, 'resource.view', { deck: global.deck }, { db });
    expect(read.deck.id).toBe(global.deck);
  });

  it('resolves a set in the order asked, each once, and refuses it for one missing, hidden or refused id', async () => {
    const db = t.db;
    const [a, b] = own.cards as [string, string];
    const rows = await requireAccess(me, 'resource.edit', { card: [b, a, b] }, { db });
    expect(rows.map((r) => r.card.id)).toEqual([b, a]);
    expect(await refusal(requireAccess(me, 'resource.edit', { card: [a, 'nope'] }, { db }))).toEqual(
      ITEM_404,
    );
    expect(
      await refusal(requireAccess(me, 'resource.edit', { card: [a, other.cards[0]!, b] }, { db })),
    ).toEqual(DECK_404);
    expect(
      await refusal(requireAccess(me, 'resource.edit', { card: [a, global.cards[0]!] }, { db })),
    ).toEqual(OUT_OF_SCOPE);
    // A superadmin edits every one of them.
    const superadmin: Actor = { ...me, role: 'superadmin', adminCollegeId: null, adminYearGroup: null };
    const all = [a, other.cards[0]!, global.cards[1]!];
    expect(
      (await requireAccess(superadmin, 'resource.edit', { card: all }, { db })).map((r) => r.topic.id),
    ).toEqual([own.topic, other.topic, global.topic]);
  });

  it('reads a set of ids with one query', async () => {
    const query = vi.spyOn(t.pool, 'query');
    try {
      const ids = [...own.cards, ...global.cards];
      const superadmin: Actor = { ...me, role: 'superadmin', adminCollegeId: null, adminYearGroup: null };
      const rows = await requireAccess(superadmin, 'resource.edit', { card: ids }, { db: t.db });
      expect(rows).toHaveLength(4);
      expect(query).toHaveBeenCalledTimes(1);
      query.mockClear();
      await refusal(
        requireAccess(
          me,
          'resource.edit',
          { question: [...own.questions, ...other.questions] },
          { db: t.db },
        ),
      );
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it('locks what writes on the child serialise on: a card its deck, an import record it and its topic', async () => {
    // Another connection of the pool asks for the row without waiting.
    const other = await t.pool.connect();
    const lockedNow = async (table: string, id: string) =>
      other.query(`select 1 from ${table} where id = $1 for update nowait`, [id]).then(
        () => false,
        (e: { code?: string }) => e.code === '55P03',
      );
    try {
      await t.db.transaction(async (tx) => {
        await requireAccess(me, 'resource.edit', { card: own.cards[0]! }, { db: tx, lock: true });
        expect(await lockedNow('flashcard_deck', own.deck)).toBe(true);
        expect(await lockedNow('card', own.cards[0]!)).toBe(false);
        expect(await lockedNow('topic', own.topic)).toBe(false);
      });
      await t.db.transaction(async (tx) => {
        await requireAccess(me, 'resource.edit', { import: own.record }, { db: tx, lock: true });
        expect(await lockedNow('content_import', own.record)).toBe(true);
        expect(await lockedNow('topic', own.topic)).toBe(true);
      });
      await t.db.transaction(async (tx) => {
        await requireAccess(me, 'resource.edit', { deck: own.deck }, { db: tx });
        expect(await lockedNow('flashcard_deck', own.deck)).toBe(false);
      });
    } finally {
      other.release();
    }
  });
});
