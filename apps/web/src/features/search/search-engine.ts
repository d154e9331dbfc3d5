// The signed-in user's search and what keeps it in step with the local store (issue 22). The index
// lives in a Web Worker (worker/): the main thread watches which topics have content here and tells
// the worker to index a new or re-downloaded topic (the worker reads its rows from the store itself),
// to drop topics that went (archived, deleted, out of reach) and to take the announcements when they
// change; it posts queries and renders the answers. One engine per user; a new user starts afresh.
// Kept in memory, rebuilt from the store when the shell starts (nothing can go stale); its size is
// published for the offline card (lib/search-footprint.ts).
import { searchFootprint } from '../../lib/search-footprint.ts';
import { watchSearchPlan, type SearchPlan } from './local/search-source.ts';
import type { SearchPlace } from './search-docs.ts';
import type { SearchAnswer } from './search-index.ts';
import { createSearchClient, type WorkerFactory } from './worker/search-client.ts';

export type SearchStatus = {
  /** Topics whose content is on this device, and how many of them are in the index. */
  topics: number;
  indexed: number;
  /** Subjects with topics not downloaded (not searched until they are). */
  missingSubjects: number;
  places: ReadonlyMap<string, SearchPlace>;
  /** Moves whenever the index changes (results are recomputed). */
  version: number;
};

export type SearchEngine = {
  userId: string;
  /** The answer to `query`; null when a newer query replaced it before it was answered. */
  search: (query: string, perKind?: number) => Promise<SearchAnswer | null>;
  getStatus: () => SearchStatus;
  subscribe: (listener: () => void) => () => void;
  /** Resolves when every topic of the latest plan is indexed (tests, benchmarks). */
  settled: () => Promise<void>;
  stop: () => void;
};

const ANNOUNCEMENTS = 'announcements';

export type SearchEngineOptions = {
  /** The worker to run the index in (the app's by default; none: in the page, as in tests). */
  worker?: WorkerFactory | null;
};

export function startSearchEngine(userId: string, options: SearchEngineOptions = {}): SearchEngine {
  const client = createSearchClient(options.worker);
  const indexed = new Map<string, string>();
  const listeners = new Set<() => void>();
  let plan: SearchPlan | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let status: SearchStatus = { topics: 0, indexed: 0, missingSubjects: 0, places: new Map(), version: 0 };

  const publish = (changed: boolean) => {
    if (!plan) return;
    let done = 0;
    for (const [id, t] of plan.topics) if (indexed.get(id) === t.signature) done++;
    status = {
      topics: plan.topics.size,
      indexed: done,
      missingSubjects: plan.missingSubjects,
      places: plan.places,
      version: status.version + (changed ? 1 : 0),
    };
    for (const l of listeners) l();
  };

  const measure = async () => {
    const size = await client.size();
    if (!stopped) searchFootprint.set(size);
  };

  const work = async () => {
    while (!stopped && plan) {
      const p = plan;
      let changed = false;
      for (const group of [...indexed.keys()]) {
        if (group === ANNOUNCEMENTS || p.topics.has(group)) continue;
        await client.send({ type: 'drop', group });
        indexed.delete(group);
        changed = true;
      }
      if (stopped) return;
      if (indexed.get(ANNOUNCEMENTS) !== p.announcementsSignature) {
        await client.send({ type: 'group', group: ANNOUNCEMENTS, docs: p.announcements });
        indexed.set(ANNOUNCEMENTS, p.announcementsSignature);
        changed = true;
      }
      if (stopped) return;
      if (changed) publish(true);
      const next = [...p.topics].find(([id, t]) => indexed.get(id) !== t.signature);
      if (!next) return;
      const [topicId, { subjectId, signature }] = next;
      const reply = await client.send({ type: 'topic', userId, topicId, subjectId });
      if (stopped) return;
      // A topic that could not be read (the store closing) is left for the next plan.
      if (reply.type !== 'done' || !reply.ok) return;
      indexed.set(topicId, signature);
      publish(true);
    }
  };

  const kick = () => {
    running ??= work().finally(() => {
      running = null;
      if (stopped) return;
      // A plan that arrived during the last step's await is picked up here.
      if (plan && needsWork(plan)) kick();
      else void measure();
    });
  };
  const needsWork = (p: SearchPlan) =>
    indexed.get(ANNOUNCEMENTS) !== p.announcementsSignature ||
    [...p.topics].some(([id, t]) => indexed.get(id) !== t.signature) ||
    [...indexed.keys()].some((g) => g !== ANNOUNCEMENTS && !p.topics.has(g));

  const unwatch = watchSearchPlan(userId, (p) => {
    plan = p;
    publish(false);
    kick();
  });

  return {
    userId,
    search: (query, perKind) => client.search(query, perKind),
    getStatus: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: async () => {
      while (!stopped && (!plan || running || needsWork(plan))) {
        await (running ?? new Promise((r) => setTimeout(r, 10)));
      }
    },
    stop: () => {
      stopped = true;
      unwatch();
      listeners.clear();
      client.stop();
      searchFootprint.set(null);
    },
  };
}

let current: SearchEngine | null = null;

/** The engine of `userId` (started on first use; another user's is stopped). */
export function searchEngineOf(userId: string): SearchEngine {
  if (current?.userId !== userId) {
    current?.stop();
    current = startSearchEngine(userId);
  }
  return current;
}

/** Stops the engine of `userId` (sign-out: the shell goes). */
export function stopSearchEngine(userId: string): void {
  if (current?.userId !== userId) return;
  current.stop();
  current = null;
}
