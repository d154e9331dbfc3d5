// Bundled for the search benchmark page (esbuild, IIFE): the web app's REAL search documents and index
// (apps/web/src/features/search, MiniSearch) and the same documents in FlexSearch, exposed as
// window.zanSearchBench. Timings are taken in the page (performance.now()).
import { Charset, Document } from 'flexsearch';
import MiniSearch from 'minisearch';
import {
  cardDoc,
  lectureDocs,
  questionDoc,
  type SearchDoc,
} from '../../../apps/web/src/features/search/search-docs.ts';
import { createMiniSearch, createSearchIndex } from '../../../apps/web/src/features/search/search-index.ts';
import { generateSearchCorpus, searchQueries, type SearchCorpus } from '../lib/search-corpus.ts';

type Lib = 'minisearch' | 'flexsearch';
type Flex = Document<SearchDoc>;

let corpus: SearchCorpus | null = null;
let docs: SearchDoc[] = [];
let mini: ReturnType<typeof createSearchIndex> | null = null;
let flex: Flex | null = null;
const now = () => performance.now();
const place = (topicId: string) => ({ topicId, subjectId: 'subject-1' });

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

export const bench = {
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
    mini = null;
    flex = null;
    const t0 = now();
    if (lib === 'minisearch') {
      mini = createSearchIndex();
      for (let i = 0; i < docs.length; i += 200) mini.add(`t${i}`, docs.slice(i, i + 200));
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
      if (lib === 'minisearch') hits = mini!.search(query).total;
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
      if (lib === 'minisearch') mini!.add(`extra-${round}`, batch);
      else for (const d of batch) flex!.add(d);
      slices.push(now() - s);
    }
    // And taking it out again (a topic archived or re-downloaded).
    const r0 = now();
    if (lib === 'minisearch') mini!.removeGroup(`extra-${round}`);
    else for (const d of topicDocs) flex!.remove(d.id);
    const removeMs = now() - r0;
    return { buildMs, addMs: slices.reduce((a, b) => a + b, 0), longestMs: Math.max(...slices), removeMs };
  },
  /** Persisting instead of rebuilding: the MiniSearch index as JSON (size), and loading it back. */
  persist() {
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
