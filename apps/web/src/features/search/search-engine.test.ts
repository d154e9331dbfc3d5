import { afterEach, describe, expect, it } from 'vitest';
import { searchFootprint } from '../../lib/search-footprint.ts';
import { closeUserDb, getUserDb } from '../../local/db.ts';
import { searchEngineOf, startSearchEngine, stopSearchEngine, type SearchEngine } from './search-engine.ts';

const uid = () => 'search-' + crypto.randomUUID();
const scoped = { collegeId: 'c1', yearGroup: 'Y1', isArchived: false, createdAt: 0, updatedAt: 0 };

/** One module › subject › topic with a deck of `cards` cards ('Question n' / 'Answer n'). */
async function seedContent(userId: string, { cards }: { cards: number }) {
  const db = getUserDb(userId);
  await db.modules.put({
    id: 'm1',
    name: 'Cardiovascular System',
    stage: 1,
    isFree: true,
    isGlobal: false,
    extraInfo: null,
    ...scoped,
  });
  await db.subjects.put({ id: 's1', name: 'Physiology', moduleId: 'm1', isGlobal: false, ...scoped });
  await db.topics.put({
    id: 't1',
    name: 'Cardiac Cycle',
    nameLowercase: 'cardiac cycle',
    subjectId: 's1',
    moduleId: 'm1',
    isGlobal: false,
    contentVersion: 1,
    lastSynced: 1,
    ...scoped,
  });
  await db.flashcardDecks.put({ id: 'd1', name: 'Heart Sounds', topicId: 't1', cardCount: cards, ...scoped });
  await db.cards.bulkPut(
    Array.from({ length: cards }, (_, i) => ({
      id: `c${i + 1}`,
      deckId: 'd1',
      front: `<p>Question ${i + 1}</p>`,
      back: `<p>Answer ${i + 1}</p>`,
      ...scoped,
    })),
  );
}

async function seedQuizAndLecture(userId: string) {
  const db = getUserDb(userId);
  await db.mcqQuizzes.put({ id: 'qz1', name: 'Quiz', topicId: 't1', questionCount: 1, ...scoped });
  await db.mcqQuestions.put({
    id: 'q1',
    quizId: 'qz1',
    question: 'Which valve closes first?',
    option1: 'Mitral',
    option2: 'Aortic',
    option3: null,
    option4: null,
    option5: null,
    correctOption: 1,
    explanation: null,
    ...scoped,
  });
  await db.htmlContent.put({
    id: 'p1',
    title: 'The Cardiac Cycle',
    htmlBody: '<h2>Isovolumetric contraction</h2><p>All valves shut.</p>',
    topicId: 't1',
    ...scoped,
  });
}
const engines: SearchEngine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.stop();
  closeUserDb();
});

const start = (userId: string) => {
  const engine = startSearchEngine(userId);
  engines.push(engine);
  return engine;
};
const ids = async (engine: SearchEngine, q: string) =>
  ((await engine.search(q))?.groups ?? []).flatMap((g) => g.hits.map((h) => h.doc.id));
/** Waits until the engine has caught up with the store (the live query answers, then the work). */
async function caughtUp(engine: SearchEngine, check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) {
    await engine.settled();
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(await check()).toBe(true);
}

describe('the search index follows the local store', () => {
  it('indexes downloaded topics and announcements, with where each topic sits', async () => {
    const userId = uid();
    await seedContent(userId, { cards: 2 });
    await seedQuizAndLecture(userId);
    const engine = start(userId);
    await caughtUp(engine, () => engine.getStatus().indexed === 1);
    expect(await ids(engine, 'question 2')).toEqual(['card:c2']);
    expect(await ids(engine, 'mitral')).toEqual(['question:q1']);
    expect(await ids(engine, 'isovolumetric')).toEqual(['lecture:p1:1']);
    expect(engine.getStatus()).toMatchObject({ topics: 1, indexed: 1, missingSubjects: 0 });
    // Its memory is published for the offline card (2 cards, 1 question, 2 lecture sections).
    await caughtUp(engine, () => searchFootprint.get()?.docs === 5);
    expect(searchFootprint.get()?.bytes).toBeGreaterThan(1000);
    engine.stop();
    expect(searchFootprint.get()).toBeNull();
    expect(engine.getStatus().places.get('t1')).toEqual({
      module: 'Cardiovascular System',
      subject: 'Physiology',
      topic: 'Cardiac Cycle',
    });
  });

  it('re-indexes a topic whose content changes, and drops what went', async () => {
    const userId = uid();
    await seedContent(userId, { cards: 2 });
    const engine = start(userId);
    await caughtUp(engine, async () => (await ids(engine, 'answer')).length === 2);
    const db = getUserDb(userId);
    // A new download: one card rewritten, one gone, the topic stamped again.
    await db.transaction('rw', db.cards, db.topics, async () => {
      await db.cards.delete('c2');
      await db.cards.update('c1', { front: '<p>Ejection fraction</p>' });
      await db.topics.update('t1', { lastSynced: 2, contentVersion: 2 });
    });
    await caughtUp(engine, async () => (await ids(engine, 'ejection')).length === 1);
    expect(await ids(engine, 'question')).toEqual([]);
    expect(await ids(engine, 'answer')).toEqual(['card:c1']);
  });

  it('drops an archived topic and counts subjects not downloaded', async () => {
    const userId = uid();
    await seedContent(userId, { cards: 1 });
    const engine = start(userId);
    await caughtUp(engine, async () => (await ids(engine, 'answer')).length === 1);
    await getUserDb(userId).topics.update('t1', { isArchived: true });
    await caughtUp(engine, async () => (await ids(engine, 'answer')).length === 0);
    await getUserDb(userId).topics.update('t1', { isArchived: false, lastSynced: undefined });
    await caughtUp(engine, () => engine.getStatus().missingSubjects === 1);
    expect(await ids(engine, 'answer')).toEqual([]);
  });

  it('keeps one engine per user', async () => {
    const a = uid();
    const b = uid();
    const first = searchEngineOf(a);
    expect(searchEngineOf(a)).toBe(first);
    const second = searchEngineOf(b);
    expect(second).not.toBe(first);
    expect(second.userId).toBe(b);
    stopSearchEngine(b);
    expect(searchEngineOf(b)).not.toBe(second);
    stopSearchEngine(b);
  });
});
