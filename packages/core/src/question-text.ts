// Issue 19: a question's stem, options and explanation are either the plain text they always were (typed
// before pictures, or from a CSV import) or sanitised HTML from the quiz editor's rich editor. No stored
// marker: a field is HTML exactly when it opens with a block element (what the rich editor writes, and
// what the server makes of every HTML field it saves). Plain text keeps its meaning byte for byte (its
// `<` and `&` are text), so rows written before stay as they were: no migration, no change to the DTO,
// the sync or the CSV import. A legacy text that itself opened with, say, '<p>' would now show as HTML
// (sanitised): such a question showed raw markup before, which no author meant.

import { htmlToPlainText } from './plain-text.ts';

/** The block elements of the allow-list an HTML field opens with. */
const HTML_START = /^<(p|div|h[1-6]|ul|ol|dl|blockquote|pre|figure|table|img|hr)(\s[^>]*)?\/?>/i;

/** True when the stored field is HTML (from the rich editor); false for plain text. */
export const isQuestionHtml = (value: string): boolean => HTML_START.test(value.trimStart());

const escapeText = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The field as HTML: HTML as it is, plain text escaped with its line breaks kept (one paragraph, `<br>`
 * per line) — what the rich editor opens a plain-text question with. Empty stays empty.
 */
export function questionTextAsHtml(value: string): string {
  if (isQuestionHtml(value)) return value;
  const text = value.trim();
  if (!text) return '';
  return `<p>${text.split(/\r?\n/).map(escapeText).join('<br>')}</p>`;
}

/**
 * Sanitised HTML that no longer opens with a block element (markup typed in the Source view, such as
 * 'a <b>b</b>') is wrapped in a paragraph so it still reads as HTML; '' stays ''.
 */
export function asQuestionHtml(sanitized: string): string {
  const html = sanitized.trim();
  return html === '' || isQuestionHtml(html) ? html : `<p>${html}</p>`;
}

/** What a reader sees of the field (search, labels): HTML without its tags, plain text as it is, folded. */
export const questionPlainText = (value: string): string =>
  isQuestionHtml(value) ? htmlToPlainText(value) : value.normalize('NFC').replace(/\s+/g, ' ').trim();

/** True when the field shows nothing: no text (and, for HTML, no picture). */
export const isBlankQuestionText = (value: string): boolean =>
  questionPlainText(value) === '' && !(isQuestionHtml(value) && /<img\b/i.test(value));
