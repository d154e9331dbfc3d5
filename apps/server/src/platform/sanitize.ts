// Admin-authored HTML (lecture pages, card faces) is sanitised on save (ARCHITECTURE §8) with the same
// allow-list the web applies on render (@zan/core html-policy), by DOMPurify on a jsdom window.
import { finishSanitizedElement, htmlSanitizeConfig } from '@zan/core';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

let purifier: DOMPurify | null = null;
const CONFIG = htmlSanitizeConfig();

/** One DOMPurify on one jsdom window for the process, made on first use. */
function instance(): DOMPurify {
  if (purifier) return purifier;
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  const p = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  if (!p.isSupported) throw new Error('DOMPurify is not supported on this jsdom window');
  p.addHook('afterSanitizeAttributes', finishSanitizedElement);
  purifier = p;
  return p;
}

/** The HTML as the server stores it: allowed tags, attributes, URLs and classes only. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, CONFIG);
}
