// Admin-authored HTML as the content services store it (issue 17): card faces, lecture pages and bulk
// imports go through the sanitiser pool (platform/sanitize.ts, off the event loop) within core
// HTML_LIMITS, and a refusal names what broke the limit — the page, the face, or the card of an import.
// A large import's faces are sanitised and judged in the worker that parsed its body (bulk-body.ts), which
// marks the body; the verdict is the same pure one (import-faces.ts) either way.
import { HTML_LIMITS, MSG } from '@zan/core';
import { badRequest } from '../../errors.ts';
import { sanitizeAll, SanitizeFailure, type HtmlBounds } from '../../platform/sanitize.ts';
import {
  FACE_BOUNDS,
  judgeImportFaces,
  outcomeMessage,
  PAGE_BOUNDS,
  type CleanCard,
  type Sanitized,
} from './import-faces.ts';

export type { Sanitized } from './import-faces.ts';

const slow = (where: string) => badRequest(MSG.htmlTooSlow(where), 'HTML_LIMIT');

/** Every item sanitised, or the first refusal (in item order) as a 400 naming it through `where`. */
async function sanitizeOrRefuse(
  items: readonly string[],
  bounds: HtmlBounds,
  where: (i: number) => string,
): Promise<Sanitized[]> {
  let result;
  try {
    result = await sanitizeAll(items, bounds);
  } catch (err) {
    if (err instanceof SanitizeFailure) throw slow(where(0));
    throw err;
  }
  return items.map((_, i) => {
    const o = result[i];
    if (!o) throw new Error('sanitiser skipped an item before any refusal');
    if (!o.ok) throw badRequest(outcomeMessage(o, where(i), bounds), 'HTML_LIMIT');
    return { html: o.html.trim(), blank: o.blank };
  });
}

/** A card's two faces as stored (trimmed), or 400 naming the face over its limits. */
export async function cleanFaces(
  front: string,
  back: string,
): Promise<{ front: Sanitized; back: Sanitized }> {
  const [f, b] = await sanitizeOrRefuse([front, back], FACE_BOUNDS, (i) =>
    i === 0 ? 'The front' : 'The back',
  );
  return { front: f!, back: b! };
}

/** A lecture page's body as stored (trimmed), or 400 when it is over the page limits. */
export async function cleanPageHtml(html: string): Promise<string> {
  const [body] = await sanitizeOrRefuse([html], PAGE_BOUNDS, () => 'The page');
  return body!.html;
}

/** Import bodies whose faces the bulk-body worker already sanitised and judged (set only by the server). */
const judged = new WeakSet<object>();
export const markFacesJudged = (body: object): void => void judged.add(body);

/**
 * The faces of every card of a bulk import, in order, as stored — already so when the body was judged
 * where it was parsed — or 400 naming the card whose face broke its limits, at which the import passed its
 * element budget, or 'Front is required.' when a front shows nothing.
 */
export async function cleanImportFaces(
  body: object,
  cards: readonly { readonly front: string; readonly back: string }[],
): Promise<{ front: string; back: string }[]> {
  if (judged.has(body)) return cards.map((c) => ({ front: c.front, back: c.back }));
  const faces = cards.flatMap((c) => [c.front, c.back]);
  let result;
  try {
    result = await sanitizeAll(faces, FACE_BOUNDS, HTML_LIMITS.importElements);
  } catch (err) {
    if (err instanceof SanitizeFailure) throw slow('This import');
    throw err;
  }
  const verdict = judgeImportFaces(cards, (i) => result[i]);
  if (!verdict.ok) throw badRequest(verdict.message, verdict.code);
  return verdict.cards.map((c: CleanCard) => ({ front: c.front.html, back: c.back.html }));
}
