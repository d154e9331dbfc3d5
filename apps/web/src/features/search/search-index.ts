// The in-memory search index of one user's device (issue 22), on MiniSearch (chosen by measurement:
// README benchmarks, scripts/bench/search.ts). Documents come in groups — one per topic, one for the
// announcements — so a topic's new download replaces exactly its own documents and a topic that goes
// takes its documents with it. Queries: every word must match (AND), each as a word or the start of
// one; words of 5+ letters forgive one typo, 9+ two; title and heading count double. Words are folded
// once (case, accents: normalize.ts), the query's the same way.
import MiniSearch, { type SearchResult } from 'minisearch';
import { searchTerms } from './normalize.ts';
import { SEARCH_KINDS, type SearchDoc, type SearchKind } from './search-docs.ts';

export type SearchHit = { doc: SearchDoc; words: readonly string[] };
export type SearchGroup = { kind: SearchKind; hits: SearchHit[]; total: number };
export type SearchAnswer = { query: string; groups: SearchGroup[]; total: number };

/** Edits forgiven in a query word of this length: none under 5 letters. */
export const typosAllowed = (term: string): number => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0);

export function createMiniSearch(): MiniSearch<SearchDoc> {
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

export type SearchIndex = ReturnType<typeof createSearchIndex>;

export function createSearchIndex() {
  const mini = createMiniSearch();
  const docs = new Map<string, SearchDoc>();
  const groups = new Map<string, Set<string>>();

  const remove = (id: string) => {
    if (!docs.delete(id)) return;
    mini.discard(id);
  };

  return {
    /** Adds (or replaces) documents of `group`; call in small batches to keep frames free. */
    add(group: string, batch: readonly SearchDoc[]): void {
      let ids = groups.get(group);
      if (!ids) groups.set(group, (ids = new Set()));
      for (const doc of batch) {
        remove(doc.id);
        docs.set(doc.id, doc);
        ids.add(doc.id);
        mini.add(doc);
      }
    },
    /** Removes `group`'s documents, or (with `keep`) only those whose id is not in `keep`. */
    removeGroup(group: string, keep?: ReadonlySet<string>): void {
      const ids = groups.get(group);
      if (!ids) return;
      for (const id of ids) {
        if (keep?.has(id)) continue;
        remove(id);
        ids.delete(id);
      }
      if (!ids.size) groups.delete(group);
    },
    get size(): number {
      return docs.size;
    },
    /** The hits of `query` by kind (best first, at most `perKind` listed), with the words that matched. */
    search(query: string, perKind = 6): SearchAnswer {
      const q = query.trim();
      const results: SearchResult[] = searchTerms(q).length ? mini.search(q) : [];
      const byKind = new Map<SearchKind, SearchGroup>(
        SEARCH_KINDS.map((kind) => [kind, { kind, hits: [], total: 0 }]),
      );
      for (const r of results) {
        const doc = docs.get(String(r.id));
        const group = doc && byKind.get(doc.kind);
        if (!doc || !group) continue;
        group.total++;
        if (group.hits.length < perKind) group.hits.push({ doc, words: r.terms });
      }
      const groups = [...byKind.values()].filter((g) => g.total > 0);
      return { query: q, groups, total: groups.reduce((n, g) => n + g.total, 0) };
    },
  };
}
