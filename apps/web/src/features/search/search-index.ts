// The search index of one user's device (issue 22), held by the search worker. Its words live in
// MiniSearch's radix tree (`minisearch/SearchableMap`: exact, prefix and typo lookups); the postings
// and the scoring are ours — typed arrays per word, BM25 per field as MiniSearch scores it — so that a
// word found in most documents costs one pass over numbers and only the best few hits per kind become
// objects (MiniSearch's own search builds a result per matching document: ~0.3–0.5 s for 50,000).
// Documents come in groups (a topic, the announcements): a topic's new download replaces exactly its
// own documents, and a topic that goes takes its documents with it. Queries: every word must match
// (AND); a word of 3+ letters also matches as the start of a longer word; words of 5+ letters forgive
// one typo, 9+ two; title and heading count double. Words are folded once (case, accents: normalize.ts).
import SearchableMap from 'minisearch/SearchableMap';
import { searchTerms } from './normalize.ts';
import { SEARCH_KINDS, type SearchDoc, type SearchKind } from './search-docs.ts';

export type SearchHit = { doc: SearchDoc; words: readonly string[] };
type SearchGroup = { kind: SearchKind; hits: SearchHit[]; total: number };
export type SearchAnswer = { query: string; groups: SearchGroup[]; total: number };

/** Edits forgiven in a query word of this length: none under 5 letters. */
export const typosAllowed = (term: string): number => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0);
/** Shorter words match only whole words (two letters would expand to a tenth of the vocabulary). */
const PREFIX_FROM = 3;
/** Words of a query looked up (more are ignored). */
const MAX_WORDS = 8;

const FIELDS = ['title', 'heading', 'text'] as const;
const F = FIELDS.length;
const BOOST = [2, 2, 1];
// MiniSearch's defaults (BM25+ and the weights of prefix and typo matches).
const K = 1.2;
const B = 0.7;
const D = 0.5;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** One word's documents: numbers, and the word's count in each field (F per document). */
type Postings = { docs: Int32Array; tf: Uint16Array; n: number; dead: number; live: number; df: number[] };
type Lookup = { p: Postings; weight: number };

const grow = <T extends Int32Array | Uint16Array | Uint8Array | Float32Array>(a: T, size: number): T => {
  if (a.length >= size) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(size, a.length * 2));
  next.set(a);
  return next;
};

/** Each word of the document's fields with its count per field. */
function countTerms(doc: SearchDoc, lens?: (field: number, length: number) => void) {
  const counts = new Map<string, number[]>();
  FIELDS.forEach((field, fi) => {
    const terms = searchTerms(doc[field]);
    lens?.(fi, terms.length);
    for (const t of terms) {
      let c = counts.get(t);
      if (!c) counts.set(t, (c = new Array<number>(F).fill(0)));
      c[fi] = (c[fi] ?? 0) + 1;
    }
  });
  return counts;
}

export function createSearchIndex() {
  const terms = new SearchableMap<Postings>();
  const numbers = new Map<string, number>();
  const groups = new Map<string, Set<string>>();
  // By document number (never reused; a replaced document gets a new one): the document, its kind,
  // its field lengths.
  const store: (SearchDoc | undefined)[] = [];
  let kinds = new Uint8Array(1024);
  let lens = new Float32Array(1024 * F);
  const totalLen = new Array<number>(F).fill(0);
  let live = 0;
  // Query scratch, by document number; only the entries a query touched are reset.
  let score = new Float64Array(0);
  let mask = new Uint32Array(0);

  const addDoc = (doc: SearchDoc) => {
    removeDoc(doc.id);
    const n = store.length;
    store.push(doc);
    numbers.set(doc.id, n);
    kinds = grow(kinds, n + 1);
    lens = grow(lens, (n + 1) * F);
    kinds[n] = SEARCH_KINDS.indexOf(doc.kind);
    const counts = countTerms(doc, (fi, length) => {
      lens[n * F + fi] = length;
      totalLen[fi] = (totalLen[fi] ?? 0) + length;
    });
    for (const [term, c] of counts) {
      let p = terms.get(term);
      if (!p) {
        p = { docs: new Int32Array(4), tf: new Uint16Array(4 * F), n: 0, dead: 0, live: 0, df: [0, 0, 0] };
        terms.set(term, p);
      }
      p.docs = grow(p.docs, p.n + 1);
      p.tf = grow(p.tf, (p.n + 1) * F);
      p.docs[p.n] = n;
      for (let fi = 0; fi < F; fi++) {
        const tf = c[fi] ?? 0;
        p.tf[p.n * F + fi] = Math.min(tf, 65535);
        if (tf) p.df[fi] = (p.df[fi] ?? 0) + 1;
      }
      p.n++;
      p.live++;
    }
    live++;
  };

  /** Marks the document gone; its postings are dropped when a query next reads them. */
  function removeDoc(id: string) {
    const n = numbers.get(id);
    if (n === undefined) return;
    const doc = store[n];
    numbers.delete(id);
    store[n] = undefined;
    if (!doc) return;
    for (const [term, c] of countTerms(doc)) {
      const p = terms.get(term);
      if (!p) continue;
      p.dead++;
      p.live--;
      for (let fi = 0; fi < F; fi++) if (c[fi]) p.df[fi] = (p.df[fi] ?? 0) - 1;
      if (p.live <= 0) terms.delete(term);
    }
    for (let fi = 0; fi < F; fi++) totalLen[fi] = (totalLen[fi] ?? 0) - (lens[n * F + fi] ?? 0);
    live--;
  }

  const compact = (p: Postings) => {
    let w = 0;
    for (let r = 0; r < p.n; r++) {
      const d = p.docs[r] ?? 0;
      if (store[d] === undefined) continue;
      p.docs[w] = d;
      for (let fi = 0; fi < F; fi++) p.tf[w * F + fi] = p.tf[r * F + fi] ?? 0;
      w++;
    }
    p.n = w;
    p.dead = 0;
  };

  /** The indexed words a query word stands for, each with its weight (exact 1, prefix and typo less). */
  const expand = (word: string): Map<string, Lookup> => {
    const out = new Map<string, Lookup>();
    const exact = terms.get(word);
    if (exact) out.set(word, { p: exact, weight: 1 });
    if (word.length >= PREFIX_FROM) {
      for (const [term, p] of terms.atPrefix(word)) {
        if (term === word) continue;
        const extra = term.length - word.length;
        out.set(term, { p, weight: (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * extra) });
      }
    }
    const typos = typosAllowed(word);
    if (typos) {
      for (const [term, [p, distance]] of terms.fuzzyGet(word, typos)) {
        if (out.has(term)) continue;
        out.set(term, { p, weight: (FUZZY_WEIGHT * word.length) / (word.length + distance) });
      }
    }
    return out;
  };

  const cost = (lookups: Map<string, Lookup>) => {
    let n = 0;
    for (const { p } of lookups.values()) n += p.n;
    return n;
  };

  return {
    /** Adds (or replaces) documents of `group`. */
    add(group: string, batch: readonly SearchDoc[]): void {
      let ids = groups.get(group);
      if (!ids) groups.set(group, (ids = new Set()));
      for (const doc of batch) {
        addDoc(doc);
        ids.add(doc.id);
      }
    },
    /** Removes `group`'s documents, or (with `keep`) only those whose id is not in `keep`. */
    removeGroup(group: string, keep?: ReadonlySet<string>): void {
      const ids = groups.get(group);
      if (!ids) return;
      for (const id of ids) {
        if (keep?.has(id)) continue;
        removeDoc(id);
        ids.delete(id);
      }
      if (!ids.size) groups.delete(group);
    },
    get size(): number {
      return live;
    },
    /** The hits of `query` by kind (best first, at most `perKind` listed), with the words that matched. */
    search(query: string, perKind = 6): SearchAnswer {
      const q = query.trim();
      const words = [...new Set(searchTerms(q))].slice(0, MAX_WORDS);
      const empty: SearchAnswer = { query: q, groups: [], total: 0 };
      if (!words.length || !live) return empty;
      // The rarest word first: later words only add to documents every earlier word matched.
      const lookups = words.map(expand).sort((a, b) => cost(a) - cost(b));
      if (lookups.some((l) => l.size === 0)) return empty;
      if (score.length < store.length) {
        score = new Float64Array(store.length * 2);
        mask = new Uint32Array(store.length * 2);
      }
      const avg = totalLen.map((t) => Math.max(1, t) / live);
      const touched: number[] = [];
      lookups.forEach((lookup, wi) => {
        const bit = 1 << wi;
        const need = bit - 1;
        for (const { p, weight } of lookup.values()) {
          if (p.dead) compact(p);
          for (let fi = 0; fi < F; fi++) {
            const df = p.df[fi] ?? 0;
            if (!df) continue;
            const idf = Math.log(1 + (live - df + 0.5) / (df + 0.5));
            const factor = (BOOST[fi] ?? 1) * weight * idf;
            const avgLen = avg[fi] ?? 1;
            for (let r = 0; r < p.n; r++) {
              const tf = p.tf[r * F + fi] ?? 0;
              if (!tf) continue;
              const d = p.docs[r] ?? 0;
              const m = mask[d] ?? 0;
              if (wi > 0 && (m & need) !== need) continue;
              if (m === 0) touched.push(d);
              mask[d] = m | bit;
              const len = lens[d * F + fi] ?? 0;
              score[d] =
                (score[d] ?? 0) + factor * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * len) / avgLen)));
            }
          }
        }
      });
      const all = (1 << lookups.length) - 1;
      const totals = SEARCH_KINDS.map(() => 0);
      const tops: number[][] = SEARCH_KINDS.map(() => []);
      for (const d of touched) {
        if (mask[d] !== all) continue;
        const k = kinds[d] ?? 0;
        totals[k] = (totals[k] ?? 0) + 1;
        const top = tops[k] ?? [];
        const s = score[d] ?? 0;
        if (top.length >= perKind && s <= (score[top[top.length - 1] ?? 0] ?? 0)) continue;
        let at = top.length;
        while (at > 0 && (score[top[at - 1] ?? 0] ?? 0) < s) at--;
        top.splice(at, 0, d);
        if (top.length > perKind) top.pop();
      }
      const looked = new Set(lookups.flatMap((l) => [...l.keys()]));
      const hitOf = (d: number): SearchHit | null => {
        const doc = store[d];
        if (!doc) return null;
        const matched = new Set<string>();
        for (const field of FIELDS)
          for (const t of searchTerms(doc[field])) if (looked.has(t)) matched.add(t);
        return { doc, words: [...matched] };
      };
      const groups: SearchGroup[] = [];
      SEARCH_KINDS.forEach((kind, k) => {
        const total = totals[k] ?? 0;
        if (!total) return;
        const hits = (tops[k] ?? []).map(hitOf).filter((h): h is SearchHit => h !== null);
        groups.push({ kind, hits, total });
      });
      for (const d of touched) {
        mask[d] = 0;
        score[d] = 0;
      }
      return { query: q, groups, total: groups.reduce((n, g) => n + g.total, 0) };
    },
    /**
     * About how much memory the index takes (its words, postings and documents, strings at 2 bytes a
     * character): the line the offline card shows next to the storage estimate.
     */
    memoryBytes(): number {
      let bytes = kinds.byteLength + lens.byteLength + score.byteLength + mask.byteLength;
      for (const [term, p] of terms) bytes += 48 + term.length * 2 + p.docs.byteLength + p.tf.byteLength;
      for (const doc of store) {
        if (!doc) continue;
        bytes += 120 + 2 * (doc.id.length * 2 + doc.title.length + doc.heading.length + doc.text.length);
        // A card's or question's label is its title (the same string).
        bytes += 2 * ((doc.label === doc.title ? 0 : doc.label.length) + doc.to.length);
      }
      return bytes;
    },
  };
}
