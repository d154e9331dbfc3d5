// Admin-authored HTML as it may be stored (issues 17, 38), for every writer of content — the editors and
// bulk imports (features/content) and the Anki import (features/anki): the bounds a card face or page is
// sanitised within (core HTML_LIMITS) and the most characters it may have once sanitised. Pure, so that
// the bulk-body worker judges an import's faces with the same numbers (features/content/import-faces.ts).
import { HTML_LIMITS, MSG, PAGE_HTML_MAX, RESOURCE_TEXT_MAX } from '@zan/core';
import type { HtmlBounds } from '../platform/html-sanitizer.ts';

export const FACE_BOUNDS: HtmlBounds = { elements: HTML_LIMITS.faceElements, depth: HTML_LIMITS.depth };
export const PAGE_BOUNDS: HtmlBounds = { elements: HTML_LIMITS.pageElements, depth: HTML_LIMITS.depth };
/**
 * The most characters stored HTML may have: as many as its input (a face, an HTML question field, a page).
 * Cleaning can make it longer — closing tags, link attributes, escapes: 600 KB of links stored as 2.9 MB.
 */
export const FACE_CHARS = RESOURCE_TEXT_MAX;
export const PAGE_CHARS = PAGE_HTML_MAX;

/** The refusal of stored HTML longer than `max` characters, `where` naming it; null when it fits. */
export const tooLongStored = (html: string, where: string, max: number): string | null =>
  html.length > max ? MSG.htmlTooLongCleaned(where, max) : null;

/** A piece of HTML as stored (trimmed), and whether it shows nothing (core isBlankHtml). */
export type Sanitized = { readonly html: string; readonly blank: boolean };
