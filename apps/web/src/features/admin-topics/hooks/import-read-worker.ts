// The import-read worker's entry (issue 21): a large import text (thousands of Moodle XML questions) is
// detected and read here, off the main thread (a Vite module worker from the same origin, as search's).
import { readRequest, type WorkerReply, type WorkerRequest } from './import-read.ts';

self.addEventListener('message', (e: MessageEvent<WorkerRequest>) => {
  self.postMessage({ id: e.data.id, outcome: readRequest(e.data.request) } satisfies WorkerReply);
});
