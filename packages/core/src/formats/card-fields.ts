// What the card formats (Quizlet, Anki text) share: plain text ↔ a Zan card face (faces are HTML,
// sanitised on render), the card's rules by line (front required, cells bounded) and the input bounds.
import type { CardDraft } from '../bulk-import.ts';
import { IMPORT_LINE_MAX, IMPORT_TEXT_MAX, RESOURCE_TEXT_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Plain text as a card face: `<`, `>` and `&` escaped (they are text), spaces within a line folded (as
 * HTML shows them), blank lines dropped, line breaks as `<br>`; NUL removed (PostgreSQL text cannot hold it).
 */
export const textToFace = (text: string): string =>
  text
    .replace(/\0/g, '')
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .map(escapeHtml)
    .join('<br>');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const BLOCK_END = /<\/(p|div|li|h[1-6]|tr|blockquote|pre)\s*>/gi;

/**
 * A card face as plain text: `<br>` and block ends become line breaks, other tags vanish (a picture is
 * lost: the format has none), entities are decoded, spaces within a line folded, blank lines dropped.
 */
export function faceToText(html: string): string {
  return html
    .replace(/\r?\n|\r/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    })
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The card of a record, or its messages: a front is required, no face over RESOURCE_TEXT_MAX. */
export function checkCard(front: string, back: string): CardDraft | string[] {
  if (front === '') return [MSG.importFrontRequired];
  const faces: [string, string][] = [
    ['Front', front],
    ['Back', back],
  ];
  const long = faces
    .filter(([, v]) => v.length > RESOURCE_TEXT_MAX)
    .map(([label]) => MSG.importCellTooLong(label, RESOURCE_TEXT_MAX));
  return long.length > 0 ? long : { front, back };
}

/** The whole input's failure when it is too large to read, else null. */
export function textTooLarge(text: string): string | null {
  return text.length > IMPORT_TEXT_MAX ? MSG.importFileTooLarge(Math.round(IMPORT_TEXT_MAX / 1e6)) : null;
}

/** 1-based line of a character offset (the question formats' finder, one for every reader). */
export { lineFinder } from './question-fields.ts';

/** The first physical line longer than IMPORT_LINE_MAX (1-based), else null. */
export function firstLongLine(text: string): number | null {
  let line = 1;
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (stop - start > IMPORT_LINE_MAX) return line;
    if (end < 0) return null;
    start = end + 1;
    line += 1;
  }
}
