// The verdict on sanitised HTML (issue 17), pure so that the request path (clean-html.ts, with the sanitise
// pool's outcomes) and the bulk-body worker (sanitising an import where it parsed it) answer alike: each
// face within core HTML_LIMITS and, as stored, its input's length limit (issue 38; the numbers in
// domain/stored-html.ts), an import within its element budget and every front showing something — the
// first refusal, in item order, names its card.
import { HTML_LIMITS, MSG, plainTextLabel } from '@zan/core';
import { FACE_BOUNDS, FACE_CHARS, tooLongStored, type Sanitized } from '../../domain/stored-html.ts';
import type { HtmlBounds, SanitizeOutcome } from '../../platform/html-sanitizer.ts';

const LABEL_MAX = 50;

export type CleanCard = { readonly front: Sanitized; readonly back: Sanitized };
/** Why HTML was refused: the message names it; `code` is the error code the API answers with. */
export type Refusal = { readonly code: 'HTML_LIMIT' | 'VALIDATION'; readonly message: string };

/** The message for a piece of HTML over its bounds, `where` naming it ('The page', 'The front of …'). */
export function outcomeMessage(
  o: Extract<SanitizeOutcome, { ok: false }>,
  where: string,
  bounds: HtmlBounds,
): string {
  return o.reason === 'elements'
    ? MSG.htmlTooManyElements(where, bounds.elements)
    : MSG.htmlTooDeep(where, bounds.depth);
}

/**
 * The faces of an import's cards (front and back of card n are faces 2n and 2n + 1), judged in order:
 * `outcomeAt` gives a face's sanitised outcome (computed there and then, or looked up), and is not asked
 * for faces after the first refusal.
 */
export function judgeImportFaces(
  cards: readonly { readonly front: string; readonly back: string }[],
  outcomeAt: (face: number, html: string) => SanitizeOutcome | undefined,
): { readonly ok: true; readonly cards: CleanCard[] } | ({ readonly ok: false } & Refusal) {
  // A card is named by its front's text, or by its place in the import when the front is only a picture.
  const card = (n: number) => {
    const text = plainTextLabel(cards[n]!.front, LABEL_MAX);
    return text ? `the card "${text}"` : `card ${n + 1} of the import`;
  };
  const out: CleanCard[] = [];
  let elements = 0;
  for (let n = 0; n < cards.length; n++) {
    const faces: Sanitized[] = [];
    for (const side of ['front', 'back'] as const) {
      const o = outcomeAt(2 * n + faces.length, cards[n]![side]);
      if (!o) throw new Error('sanitiser skipped a face before any refusal');
      if (!o.ok) {
        const message = outcomeMessage(o, `The ${side} of ${card(n)}`, FACE_BOUNDS);
        return { ok: false, code: 'HTML_LIMIT', message };
      }
      const html = o.html.trim();
      const tooLong = tooLongStored(html, `The ${side} of ${card(n)}`, FACE_CHARS);
      if (tooLong) return { ok: false, code: 'HTML_LIMIT', message: tooLong };
      elements += o.elements;
      if (elements > HTML_LIMITS.importElements) {
        const message = MSG.importTooManyElements(HTML_LIMITS.importElements, card(n));
        return { ok: false, code: 'HTML_LIMIT', message };
      }
      faces.push({ html, blank: o.blank });
    }
    out.push({ front: faces[0]!, back: faces[1]! });
  }
  if (out.some((c) => c.front.blank))
    return { ok: false, code: 'VALIDATION', message: MSG.importFrontRequired };
  return { ok: true, cards: out };
}
