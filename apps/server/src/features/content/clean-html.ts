// Admin-authored HTML as the content services store it (issue 17): card faces, lecture pages and bulk
// imports go through the sanitiser pool (platform/sanitize.ts, off the event loop) within core
// HTML_LIMITS, and a refusal names what broke the limit — the page, the face, or the card of an import.
import { HTML_LIMITS, MSG, plainTextLabel } from '@zan/core';
import { badRequest, type AppError } from '../../errors.ts';
import {
  sanitizeAll,
  SanitizeFailure,
  type HtmlBounds,
  type SanitizeOutcome,
} from '../../platform/sanitize.ts';

const FACE: HtmlBounds = { elements: HTML_LIMITS.faceElements, depth: HTML_LIMITS.depth };
const PAGE: HtmlBounds = { elements: HTML_LIMITS.pageElements, depth: HTML_LIMITS.depth };
const LABEL_MAX = 50;

const refused = (message: string): AppError => badRequest(message, 'HTML_LIMIT');

function outcomeError(o: Exclude<SanitizeOutcome, { ok: true }>, where: string, bounds: HtmlBounds) {
  return refused(
    o.reason === 'elements'
      ? MSG.htmlTooManyElements(where, bounds.elements)
      : MSG.htmlTooDeep(where, bounds.depth),
  );
}

/** A piece of HTML as stored, and whether it shows nothing (core isBlankHtml). */
export type Sanitized = { readonly html: string; readonly blank: boolean };

/** Every item sanitised, or the first refusal (in item order) as a 400 naming it through `where`. */
async function sanitizeOrRefuse(
  items: readonly string[],
  bounds: HtmlBounds,
  where: (i: number) => string,
  budget?: { readonly elements: number; readonly refuse: (i: number) => AppError },
): Promise<Sanitized[]> {
  let result;
  try {
    result = await sanitizeAll(items, bounds, budget?.elements);
  } catch (err) {
    if (err instanceof SanitizeFailure)
      throw refused(MSG.htmlTooSlow(items.length > 2 ? 'This import' : where(0)));
    throw err;
  }
  const out: Sanitized[] = [];
  let elements = 0;
  for (let i = 0; i < items.length; i++) {
    const o = result[i];
    if (!o) throw new Error('sanitiser skipped an item before any refusal');
    if (!o.ok) throw outcomeError(o, where(i), bounds);
    elements += o.elements;
    if (budget && elements > budget.elements) throw budget.refuse(i);
    out.push({ html: o.html.trim(), blank: o.blank });
  }
  return out;
}

/** A card's two faces as stored (trimmed), or 400 naming the face over its limits. */
export async function cleanFaces(
  front: string,
  back: string,
): Promise<{ front: Sanitized; back: Sanitized }> {
  const [f, b] = await sanitizeOrRefuse([front, back], FACE, (i) => (i === 0 ? 'The front' : 'The back'));
  return { front: f!, back: b! };
}

/** A lecture page's body as stored (trimmed), or 400 when it is over the page limits. */
export async function cleanPageHtml(html: string): Promise<string> {
  const [body] = await sanitizeOrRefuse([html], PAGE, () => 'The page');
  return body!.html;
}

/**
 * The faces of every card of a bulk import, in order, or 400 naming the card (by its front's text) whose
 * face broke its limits or at which the import passed its element budget.
 */
export async function cleanImportFaces(
  cards: readonly { readonly front: string; readonly back: string }[],
): Promise<{ front: Sanitized; back: Sanitized }[]> {
  // A card is named by its front's text, or by its place in the import when the front is only a picture.
  const card = (i: number) => {
    const n = Math.floor(i / 2);
    const text = plainTextLabel(cards[n]!.front, LABEL_MAX);
    return text ? `the card "${text}"` : `card ${n + 1} of the import`;
  };
  const faces = await sanitizeOrRefuse(
    cards.flatMap((c) => [c.front, c.back]),
    FACE,
    (i) => `The ${i % 2 === 0 ? 'front' : 'back'} of ${card(i)}`,
    {
      elements: HTML_LIMITS.importElements,
      refuse: (i) => refused(MSG.importTooManyElements(HTML_LIMITS.importElements, card(i))),
    },
  );
  return cards.map((_, i) => ({ front: faces[2 * i]!, back: faces[2 * i + 1]! }));
}
