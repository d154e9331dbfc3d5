// Admin-authored HTML as the content services store it (issue 17): card faces, lecture pages and bulk
// imports go through the sanitiser pool (domain/sanitize-html.ts, off the event loop) within core
// HTML_LIMITS and, as stored, their input's length limit (issue 38; domain/stored-html.ts), and a refusal
// names what broke the limit — the page, the face, or the card of an import.
// A large import's faces are sanitised and judged in the worker that parsed its body (bulk-body.ts), which
// marks the body; the verdict is the same pure one (import-faces.ts) either way.
import { asQuestionHtml, HTML_LIMITS, isQuestionHtml } from '@zan/core';
import { badRequest } from '../../errors.ts';
import { sanitizeOrSlow } from '../../domain/sanitize-html.ts';
import {
  FACE_BOUNDS,
  FACE_CHARS,
  PAGE_BOUNDS,
  PAGE_CHARS,
  tooLongStored,
  type Sanitized,
} from '../../domain/stored-html.ts';
import type { HtmlBounds } from '../../platform/sanitize.ts';
import { judgeImportFaces, outcomeMessage, type CleanCard } from './import-faces.ts';

/** `html` as stored, or 400 when it is longer than `max` characters. */
function storable(html: string, where: string, max: number): string {
  const tooLong = tooLongStored(html, where, max);
  if (tooLong) throw badRequest(tooLong, 'HTML_LIMIT');
  return html;
}

/**
 * Every item sanitised, or the first refusal (in item order) as a 400 naming it through `where`: over
 * `bounds`, or longer than `maxChars` once sanitised.
 */
async function sanitizeOrRefuse(
  items: readonly string[],
  bounds: HtmlBounds,
  maxChars: number,
  where: (i: number) => string,
): Promise<Sanitized[]> {
  const result = await sanitizeOrSlow(items, bounds, where(0));
  return items.map((_, i) => {
    const o = result[i];
    if (!o) throw new Error('sanitiser skipped an item before any refusal');
    if (!o.ok) throw badRequest(outcomeMessage(o, where(i), bounds), 'HTML_LIMIT');
    return { html: storable(o.html.trim(), where(i), maxChars), blank: o.blank };
  });
}

/** A card's two faces as stored (trimmed), or 400 naming the face over its limits. */
export async function cleanFaces(
  front: string,
  back: string,
): Promise<{ front: Sanitized; back: Sanitized }> {
  const [f, b] = await sanitizeOrRefuse([front, back], FACE_BOUNDS, FACE_CHARS, (i) =>
    i === 0 ? 'The front' : 'The back',
  );
  return { front: f!, back: b! };
}

/** A lecture page's body as stored (trimmed), or 400 when it is over the page limits. */
export async function cleanPageHtml(html: string): Promise<string> {
  const [body] = await sanitizeOrRefuse([html], PAGE_BOUNDS, PAGE_CHARS, () => 'The page');
  return body!.html;
}

/** A question's fields in stored order (stem, options 1–5, explanation); null where absent. */
export type QuestionFields = readonly (string | null)[];
const FIELD_NAMES = [
  'The question',
  'Option A',
  'Option B',
  'Option C',
  'Option D',
  'Option E',
  'The explanation',
];

/**
 * Issue 19: the HTML fields of questions (core isQuestionHtml: what the quiz editor's rich editor writes)
 * go through the same pool and face limits as card faces, and stay HTML once sanitised (core
 * asQuestionHtml); a field that shows nothing becomes ''. Plain-text fields are left as they are (the
 * caller trims them). A refusal names the field, and the question when there are several (an import).
 */
export async function cleanQuestionHtml(questions: readonly QuestionFields[]): Promise<(string | null)[][]> {
  const at: [number, number][] = [];
  questions.forEach((q, n) => q.forEach((f, i) => f !== null && isQuestionHtml(f) && at.push([n, i])));
  const out = questions.map((q) => [...q]);
  if (!at.length) return out;
  const name = (k: number) => {
    const [n, i] = at[k]!;
    const field = FIELD_NAMES[i] ?? 'A field';
    return questions.length > 1 ? `${field} of question ${n + 1} of the import` : field;
  };
  const clean = await sanitizeOrRefuse(
    at.map(([n, i]) => questions[n]![i]!),
    FACE_BOUNDS,
    FACE_CHARS,
    name,
  );
  at.forEach(([n, i], k) => {
    const c = clean[k]!;
    out[n]![i] = c.blank ? '' : storable(asQuestionHtml(c.html), name(k), FACE_CHARS);
  });
  return out;
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
  const result = await sanitizeOrSlow(faces, FACE_BOUNDS, 'This import', HTML_LIMITS.importElements);
  const verdict = judgeImportFaces(cards, (i) => result[i]);
  if (!verdict.ok) throw badRequest(verdict.message, verdict.code);
  return verdict.cards.map((c: CleanCard) => ({ front: c.front.html, back: c.back.html }));
}
