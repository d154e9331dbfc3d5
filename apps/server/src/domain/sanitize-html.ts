// Admin-authored HTML through the sanitiser pool (platform/sanitize.ts, off the event loop), for every
// writer of content (features/content's clean-html.ts, the Anki import): a request the pool gave up on
// (too much CPU time or memory) is a 400 HTML_LIMIT naming what took too long.
import { MSG } from '@zan/core';
import { badRequest } from '../errors.ts';
import { sanitizeAll, SanitizeFailure, type HtmlBounds, type SanitizeResult } from '../platform/sanitize.ts';

/** `items` sanitised within `bounds` (and `budget` elements in all), or 400 that `where` takes too long. */
export async function sanitizeOrSlow(
  items: readonly string[],
  bounds: HtmlBounds,
  where: string,
  budget?: number,
): Promise<SanitizeResult> {
  try {
    return await sanitizeAll(items, bounds, budget);
  } catch (err) {
    if (err instanceof SanitizeFailure) throw badRequest(MSG.htmlTooSlow(where), 'HTML_LIMIT');
    throw err;
  }
}
