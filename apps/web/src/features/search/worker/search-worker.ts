// The search worker's entry (issue 22): the index and its store reads run here, off the main thread
// (Vite bundles it as a module worker from the same origin: CSP worker-src 'self', precached).
import { createSearchHost } from './search-host.ts';
import type { SearchRequest } from './search-protocol.ts';

const host = createSearchHost();
self.addEventListener('message', (e: MessageEvent<SearchRequest>) => {
  void host.handle(e.data).then((reply) => self.postMessage(reply));
});
