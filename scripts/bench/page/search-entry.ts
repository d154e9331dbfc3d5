// Bundled for the search benchmark's library comparison (`--compare`; esbuild, IIFE): the web app's
// REAL search documents and index (apps/web/src/features/search, run here on the main thread), MiniSearch's
// own search in the set-up the app used before (MiniSearch 7.2.0) and FlexSearch, on the same documents,
// exposed as window.zanSearchBench. Timings are taken in the page (performance.now()).
import { Charset, Document } from 'flexsearch';
import MiniSearch from 'minisearch';
import {
  cardDoc,
  lectureDocs,
  questionDoc,
  type SearchDoc,
} from '../../../apps/web/src/features/search/search-docs.ts';
import { searchTerms } from '../../../apps/web/src/features/search/normalize.ts';
import { createSearchIndex, typosAllowed } from '../../../apps/web/src/features/search/search-index.ts';
import { generateSearchCorpus, searchQueries, type SearchCorpus } from '../lib/search-corpus.ts';

type Lib = 'app' | 'minisearch' | 'flexsearch';
type Flex = Document<SearchDoc>;

let corpus: SearchCorpus | null = null;
let docs: SearchDoc[] = [];
let appIndex: ReturnType<typeof createSearchIndex> | null = null;
let mini: MiniSearch<SearchDoc> | null = null;
let flex: Flex | null = null;
const now = () => performance.now();
const place = (topicId: string) => ({ topicId, subjectId: 'subject-1' });

/** MiniSearch as the app used it before its own postings: every word a prefix, typos from 5 letters. */
function createMiniSearch(): MiniSearch<SearchDoc> {
  return new MiniSearch<SearchDoc>({
    fields: ['title', 'heading', 'text'],
    storeFields: [],
    tokenize: searchTerms,
    processTerm: (term) => term || null,
    searchOptions: {
      prefix: true,
      fuzzy: (term: string) => typosAllowed(term) || false,
      maxFuzzy: 2,
      combineWith: 'AND',
      boost: { title: 2, heading: 2 },
    },
  });
}

/** FlexSearch's nearest set-up: prefixes ('forward'), its accent- and case-folding, sound-alike encoder. */
function createFlex(): Flex {
  return new Document<SearchDoc>({
    document: { id: 'id', index: ['title', 'heading', 'text'] },
    tokenize: 'forward',
    encoder: Charset.LatinBalance,
  });
}

function buildDocs(c: SearchCorpus): SearchDoc[] {
  return [
    ...c.cards.map((x) => cardDoc(x.card, place(x.topicId))),
    ...c.questions.map((x) => questionDoc(x.question, place(x.topicId))),
    ...c.pages.flatMap((p) => lectureDocs(p, place(p.topicId))),
  ];
}

/** One 1,000-card topic (a fresh seed: new words and ids), as rows. */
const topicCards = (n = 1000) =>
  generateSearchCorpus(99)
    .cards.slice(0, n)
    .map((x) => ({ ...x.card, id: `extra-${x.card.id}` }));

const bench = {
  generate() {
    const t0 = now();
    corpus = generateSearchCorpus();
    const t1 = now();
    docs = buildDocs(corpus);
    return {
      generateMs: t1 - t0,
      docsMs: now() - t1,
      docs: docs.length,
      queries: searchQueries(corpus.vocab),
    };
  },
  /** Builds the full index; returns the time. */
  build(lib: Lib) {
    // One index in memory at a time (the page would run out of memory with both).
    appIndex = null;
    mini = null;
    flex = null;
    const t0 = now();
    if (lib === 'app') {
      appIndex = createSearchIndex();
      for (let i = 0; i < docs.length; i += 200) appIndex.add(`t${i}`, docs.slice(i, i + 200));
    } else if (lib === 'minisearch') {
      mini = createMiniSearch();
      for (let i = 0; i < docs.length; i += 200) mini.addAll(docs.slice(i, i + 200));
    } else {
      flex = createFlex();
      for (const d of docs) flex.add(d);
    }
    return now() - t0;
  },
  /** `runs` timings of `query` (ms each) and its hit count. */
  query(lib: Lib, query: string, runs: number) {
    const times: number[] = [];
    let hits = 0;
    for (let r = 0; r < runs; r++) {
      const t0 = now();
      if (lib === 'app') hits = appIndex!.search(query).total;
      else if (lib === 'minisearch') hits = mini!.search(query).length;
      else hits = new Set(flex!.search(query, { limit: 1000 }).flatMap((f) => f.result)).size;
      times.push(now() - t0);
    }
    return { times, hits };
  },
  /**
   * Indexing one more 1,000-card topic into the full index: the documents built from the rows and
   * added in the engine's 200-document batches; the total and the longest batch (each runs in its own
   * idle slice, so the longest is the longest task).
   */
  addTopic(lib: Lib, round: number) {
    const rows = topicCards();
    const t0 = now();
    const topicDocs = rows.map((c) => cardDoc({ ...c, id: `${c.id}-${round}` }, place(`extra-${round}`)));
    const buildMs = now() - t0;
    const slices: number[] = [];
    for (let i = 0; i < topicDocs.length; i += 200) {
      const s = now();
      const batch = topicDocs.slice(i, i + 200);
      if (lib === 'app') appIndex!.add(`extra-${round}`, batch);
      else if (lib === 'minisearch') mini!.addAll(batch);
      else for (const d of batch) flex!.add(d);
      slices.push(now() - s);
    }
    // And taking it out again (a topic archived or re-downloaded).
    const r0 = now();
    if (lib === 'app') appIndex!.removeGroup(`extra-${round}`);
    else if (lib === 'minisearch') for (const d of topicDocs) mini!.discard(d.id);
    else for (const d of topicDocs) flex!.remove(d.id);
    const removeMs = now() - r0;
    return { buildMs, addMs: slices.reduce((a, b) => a + b, 0), longestMs: Math.max(...slices), removeMs };
  },
  /** Persisting instead of rebuilding: the MiniSearch index as JSON (size), and loading it back. */
  persist() {
    appIndex = null;
    mini = null;
    flex = null;
    const m = createMiniSearch();
    m.addAll(docs);
    const t0 = now();
    const json = JSON.stringify(m);
    const t1 = now();
    MiniSearch.loadJSON(json, { fields: ['title', 'heading', 'text'] });
    return { bytes: new Blob([json]).size, stringifyMs: t1 - t0, loadMs: now() - t1 };
  },
};

export type ZanSearchBench = typeof bench;
(globalThis as unknown as { zanSearchBench: ZanSearchBench }).zanSearchBench = bench;
