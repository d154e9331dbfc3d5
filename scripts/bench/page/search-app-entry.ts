// Bundled for the search benchmark's app page (esbuild, ESM): the web app's REAL search engine
// (apps/web/src/features/search: the store watch on the main thread, the index in the search worker,
// which reads the rows from IndexedDB itself) over the seeded corpus written to the real local store,
// exposed as window.zanSearchApp. Timings are taken in the page (performance.now()).
import { searchFootprint } from '../../../apps/web/src/lib/search-footprint.ts';
import { getUserDb } from '../../../apps/web/src/local/db.ts';
import { startSearchEngine, type SearchEngine } from '../../../apps/web/src/features/search/search-engine.ts';
import { generateSearchCorpus, searchQueries, SEARCH_SIZES } from '../lib/search-corpus.ts';

const USER = 'search-bench-user';
const scoped = { collegeId: 'c', yearGroup: 'Y1', isArchived: false, createdAt: 0, updatedAt: 0 };
const now = () => performance.now();
let engine: SearchEngine | null = null;

const waitFor = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};

const app = {
  /** Writes the corpus to the user's local store as a sync would (one deck and one quiz per topic). */
  async seed() {
    const t0 = now();
    const c = generateSearchCorpus();
    const db = getUserDb(USER);
    await db.modules.put({
      id: 'm1',
      name: 'Renal',
      stage: 1,
      isFree: true,
      isGlobal: false,
      extraInfo: null,
      ...scoped,
    });
    await db.subjects.put({ id: 's1', name: 'Medicine', moduleId: 'm1', isGlobal: false, ...scoped });
    const topicIds = Array.from({ length: SEARCH_SIZES.topics }, (_, i) => `topic-${i}`);
    const deckOf = new Map(c.cards.map((x) => [x.card.deckId, x.topicId]));
    const quizOf = new Map(c.questions.map((x) => [x.question.quizId, x.topicId]));
    await db.flashcardDecks.bulkPut(
      [...deckOf].map(([id, topicId]) => ({ id, name: id, topicId, cardCount: 1000, ...scoped })),
    );
    await db.mcqQuizzes.bulkPut(
      [...quizOf].map(([id, topicId]) => ({ id, name: id, topicId, questionCount: 200, ...scoped })),
    );
    for (let i = 0; i < c.cards.length; i += 5000)
      await db.cards.bulkPut(c.cards.slice(i, i + 5000).map((x) => ({ ...x.card, isArchived: false })));
    await db.mcqQuestions.bulkPut(c.questions.map((x) => ({ ...x.question, isArchived: false })));
    await db.htmlContent.bulkPut(c.pages.map((p) => ({ ...p, isArchived: false })));
    await db.topics.bulkPut(topicIds.map((id) => topicRow(id)));
    return { seedMs: now() - t0, queries: searchQueries(c.vocab) };
  },
  /** Starts the engine (index in `workerUrl`) and waits for the whole corpus to be indexed. */
  async start(workerUrl: string) {
    const t0 = now();
    engine = startSearchEngine(USER, { worker: () => new Worker(workerUrl, { type: 'module' }) });
    await waitFor(() => engine!.getStatus().topics === SEARCH_SIZES.topics);
    await engine.settled();
    const buildMs = now() - t0;
    return { buildMs, ...(await measureSize()) };
  },
  /** `runs` end-to-end answers to `query` (posted to the worker, answer back on the main thread). */
  async query(query: string, runs: number) {
    const times: number[] = [];
    let hits = 0;
    for (let r = 0; r < runs; r++) {
      const t0 = now();
      const answer = await engine!.search(query);
      times.push(now() - t0);
      hits = answer?.total ?? -1;
    }
    return { times, hits };
  },
  /** A 1,000-card topic's rows written as a download writes them (its topic row not yet stamped). */
  async prepareTopic(round: number) {
    const db = getUserDb(USER);
    const topicId = `extra-${round}`;
    const deckId = `extra-deck-${round}`;
    const cards = generateSearchCorpus(99 + round)
      .cards.slice(0, 1000)
      .map((x) => ({ ...x.card, id: `${topicId}-${x.card.id}`, deckId, isArchived: false }));
    await db.flashcardDecks.put({ id: deckId, name: deckId, topicId, cardCount: 1000, ...scoped });
    await db.cards.bulkPut(cards);
  },
  /** Stamps the topic (as the download's last write does) and waits until the engine has it indexed. */
  async stampTopic(round: number) {
    const before = engine!.getStatus().indexed;
    const t0 = now();
    await getUserDb(USER).topics.put(topicRow(`extra-${round}`));
    await waitFor(() => engine!.getStatus().indexed === before + 1);
    return now() - t0;
  },
  /** The same wait with nothing happening (the baseline of the main thread's own polling). */
  async idle(forMs: number) {
    const t0 = now();
    await waitFor(() => now() - t0 >= forMs);
  },
  /** The topic goes again (archived, deleted): the time until the engine has dropped it. */
  async dropTopic(round: number) {
    const before = engine!.getStatus().indexed;
    const t0 = now();
    await getUserDb(USER).topics.delete(`extra-${round}`);
    await waitFor(() => engine!.getStatus().indexed === before - 1);
    await engine!.settled();
    return now() - t0;
  },
};

function topicRow(id: string) {
  return {
    id,
    name: id,
    nameLowercase: id,
    subjectId: 's1',
    moduleId: 'm1',
    isGlobal: false,
    contentVersion: 1,
    lastSynced: 1,
    ...scoped,
  };
}

async function measureSize() {
  await waitFor(() => searchFootprint.get() !== null);
  return { indexBytes: searchFootprint.get()?.bytes ?? 0, indexDocs: searchFootprint.get()?.docs ?? 0 };
}

export type ZanSearchApp = typeof app;
(globalThis as unknown as { zanSearchApp: ZanSearchApp }).zanSearchApp = app;
