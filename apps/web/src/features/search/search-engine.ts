// The signed-in user's search index and what keeps it in step with the local store (issue 22): it
// watches which topics have content here, indexes new or re-downloaded topics one at a time in small
// batches at idle time (never a long task), drops topics that went (archived, deleted, out of reach)
// and re-reads the announcements when they change. One engine per user; a new user starts afresh.
// Not persisted: rebuilt from the store when the shell starts (README benchmarks: rebuilding costs
// about what loading a saved index would, and nothing can go stale).
import { loadTopicDocs, watchSearchPlan, type SearchPlan } from './local/search-source.ts';
import type { SearchDoc, SearchPlace } from './search-docs.ts';
import { createSearchIndex, type SearchIndex } from './search-index.ts';

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
  index: SearchIndex;
  getStatus: () => SearchStatus;
  subscribe: (listener: () => void) => () => void;
  /** Resolves when every topic of the latest plan is indexed (tests, benchmarks). */
  settled: () => Promise<void>;
  stop: () => void;
};

const ANNOUNCEMENTS = 'announcements';
const BATCH = 200;

/** Waits for an idle moment (a short timeout where requestIdleCallback does not exist). */
const idle = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });

export function startSearchEngine(userId: string): SearchEngine {
  const index = createSearchIndex();
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

  const replace = async (group: string, docs: SearchDoc[]) => {
    for (let i = 0; i < docs.length; i += BATCH) {
      if (i > 0) await idle();
      if (stopped) return;
      index.add(group, docs.slice(i, i + BATCH));
    }
    index.removeGroup(group, new Set(docs.map((d) => d.id)));
  };

  const work = async () => {
    while (!stopped && plan) {
      const p = plan;
      let changed = false;
      for (const group of [...indexed.keys()]) {
        if (group === ANNOUNCEMENTS || p.topics.has(group)) continue;
        index.removeGroup(group);
        indexed.delete(group);
        changed = true;
      }
      if (indexed.get(ANNOUNCEMENTS) !== p.announcementsSignature) {
        await replace(ANNOUNCEMENTS, p.announcements);
        indexed.set(ANNOUNCEMENTS, p.announcementsSignature);
        changed = true;
      }
      if (changed) publish(true);
      const next = [...p.topics].find(([id, t]) => indexed.get(id) !== t.signature);
      if (!next) return;
      const [topicId, { subjectId, signature }] = next;
      await idle();
      if (stopped) return;
      const docs = await loadTopicDocs(userId, topicId, subjectId).catch(() => null);
      if (stopped) return;
      // A topic that could not be read (the store closing) is left for the next plan.
      if (!docs) return;
      await replace(topicId, docs);
      indexed.set(topicId, signature);
      publish(true);
    }
  };

  const kick = () => {
    running ??= work().finally(() => {
      running = null;
      // A plan that arrived during the last step's await is picked up here.
      if (!stopped && plan && needsWork(plan)) kick();
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
    index,
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
