// The main thread's side of the search worker (issue 22): posts requests, matches the replies. Where
// there are no workers (tests in jsdom) the same host runs in the page, answering asynchronously.
// Queries are coalesced: while one is being answered only the latest new one waits, and the ones it
// replaced resolve to null (the answer to an older query than the field holds is never wanted).
import type { SearchAnswer } from '../search-index.ts';
import { createSearchHost } from './search-host.ts';
import type { SearchReply, SearchRequest } from './search-protocol.ts';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type SearchCommand = Distribute<Exclude<SearchRequest, { type: 'search' }>>;

export type SearchClient = {
  send: (command: SearchCommand) => Promise<SearchReply>;
  search: (query: string, perKind?: number) => Promise<SearchAnswer | null>;
  size: () => Promise<{ bytes: number; docs: number }>;
  stop: () => void;
};

export type WorkerFactory = () => Worker;

const appSearchWorker: WorkerFactory = () =>
  new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module', name: 'search' });

export function createSearchClient(makeWorker: WorkerFactory | null = appSearchWorker): SearchClient {
  const waiting = new Map<number, (reply: SearchReply) => void>();
  let nextId = 1;
  const receive = (reply: SearchReply) => {
    const resolve = waiting.get(reply.id);
    waiting.delete(reply.id);
    resolve?.(reply);
  };
  let post: (msg: SearchRequest) => void;
  let stop = () => undefined as void;
  if (makeWorker && typeof Worker !== 'undefined') {
    const worker = makeWorker();
    worker.addEventListener('message', (e: MessageEvent<SearchReply>) => receive(e.data));
    post = (msg) => worker.postMessage(msg);
    stop = () => worker.terminate();
  } else {
    const host = createSearchHost();
    post = (msg) => {
      void Promise.resolve()
        .then(() => host.handle(msg))
        .then(receive);
    };
  }
  const request = (msg: SearchCommand | Omit<Extract<SearchRequest, { type: 'search' }>, 'id'>) =>
    new Promise<SearchReply>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      post({ ...msg, id } satisfies SearchRequest);
    });

  let inFlight = false;
  let queued: { query: string; perKind: number; resolve: (a: SearchAnswer | null) => void } | null = null;
  const run = (query: string, perKind: number, resolve: (a: SearchAnswer | null) => void) => {
    inFlight = true;
    void request({ type: 'search', query, perKind }).then((reply) => {
      inFlight = false;
      resolve(reply.type === 'answer' ? reply.answer : null);
      const next = queued;
      queued = null;
      if (next) run(next.query, next.perKind, next.resolve);
    });
  };

  return {
    send: request,
    search: (query, perKind = 6) =>
      new Promise((resolve) => {
        if (!inFlight) return run(query, perKind, resolve);
        queued?.resolve(null);
        queued = { query, perKind, resolve };
      }),
    size: async () => {
      const reply = await request({ type: 'size' });
      return reply.type === 'size' ? { bytes: reply.bytes, docs: reply.docs } : { bytes: 0, docs: 0 };
    },
    stop: () => {
      stop();
      queued?.resolve(null);
      queued = null;
      waiting.clear();
    },
  };
}
