// The sanitise worker thread (ARCHITECTURE §12 "Heavy work is bounded and off the event loop"; issue 17):
// runs html-sanitizer on batches the pool in sanitize.ts sends, inside the memory limits the pool set.
import { parentPort } from 'node:worker_threads';
import { sanitizeFragment, type HtmlBounds, type SanitizeOutcome } from './html-sanitizer.ts';
import { currentThreadId, HEAVY_NICE, niceThisThread } from './cpu-scheduling.ts';

export type SanitizeWorkerTid = { readonly tid: number | null };

// Below the event loop in the CPU scheduler (a 1 MB page takes ~0.4 s here): other requests run first.
// The pool reads this thread's CPU time for its batch time limit.
niceThisThread(HEAVY_NICE);
parentPort?.postMessage({ tid: currentThreadId() } satisfies SanitizeWorkerTid);

export type SanitizeRequest = { readonly items: readonly string[]; readonly bounds: HtmlBounds };
export type SanitizeReply = { readonly outcomes: readonly SanitizeOutcome[] } | { readonly error: string };

parentPort?.on('message', (req: SanitizeRequest) => {
  let reply: SanitizeReply;
  try {
    reply = { outcomes: req.items.map((html) => sanitizeFragment(html, req.bounds)) };
  } catch (err) {
    reply = { error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(reply);
});
