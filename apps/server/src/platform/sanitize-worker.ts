// The sanitise worker thread (ARCHITECTURE §12 "Heavy work is bounded and off the event loop"; issue 17):
// runs html-sanitizer on batches the pool in sanitize.ts sends, inside the memory limits the pool set.
import { parentPort } from 'node:worker_threads';
import { sanitizeFragment, type HtmlBounds, type SanitizeOutcome } from './html-sanitizer.ts';

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
