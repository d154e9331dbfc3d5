// The one HTML allow-list (ARCHITECTURE §8) for admin-authored HTML — lectures and card faces — used by
// DOMPurify on the server when saving and in the browser when rendering. Pure data plus one element rule.

/** The class of a recall passage: the lecture viewer hides and reveals every element carrying it. */
export const RECALL_CLASS = 'recall';

/** HTML only (no SVG/MathML); nothing that runs, styles, embeds or submits. */
export const HTML_ALLOWED_TAGS: readonly string[] = [
  'p',
  'br',
  'hr',
  'div',
  'span',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'mark',
  'sub',
  'sup',
  'small',
  'code',
  'pre',
  'kbd',
  'blockquote',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** No style, no event handlers, no ids or names (DOM clobbering), no data-/aria- attributes. */
export const HTML_ALLOWED_ATTRS: readonly string[] = [
  'href',
  'src',
  'alt',
  'title',
  'class',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
  'start',
  'reversed',
];

/** Class names kept on any allowed element; every other class is removed (no borrowing the app's styles). */
const HTML_ALLOWED_CLASSES: readonly string[] = [RECALL_CLASS];

/** http(s), mailto and tel links, and relative URLs; everything else (javascript:, vbscript:, …) is dropped. */
export const HTML_ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** A fresh DOMPurify config (its arrays are mutable) built from the allow-list above. */
export function htmlSanitizeConfig() {
  return {
    ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
    ALLOWED_ATTR: [...HTML_ALLOWED_ATTRS],
    ALLOWED_URI_REGEXP: HTML_ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  };
}

/** The part of a DOM Element the rule below needs (core has no DOM types). */
export type SanitizedElement = {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  hasAttribute(name: string): boolean;
};

/**
 * Whether a URL's path has a dot segment (`.` or `..`, percent-encoded or behind a backslash too): a
 * `src="/files/../api/events"` would leave /files/ once a browser resolves it (issue 17). Such paths are
 * dropped on save and render, and never prefetched.
 */
export function hasDotSegment(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded
    .replace(/\\/g, '/')
    .split('/')
    .some((seg) => seg === '.' || seg === '..');
}

/**
 * DOMPurify's afterSanitizeAttributes hook, on both sides: keeps only allowed classes, drops a src or
 * href whose path has dot segments, and makes every link open in a new tab with rel="noopener noreferrer".
 */
export function finishSanitizedElement(el: SanitizedElement): void {
  finishElement(el, HTML_ALLOWED_CLASSES);
}

/**
 * The same hook keeping `extraClasses` too: the player sanitises a cloze card's faces after rendering
 * their deletions, whose spans carry CLOZE_CLASS (issue 20); stored HTML never keeps it.
 */
export const finishSanitizedElementKeeping =
  (extraClasses: readonly string[]) =>
  (el: SanitizedElement): void =>
    finishElement(el, [...HTML_ALLOWED_CLASSES, ...extraClasses]);

function finishElement(el: SanitizedElement, allowed: readonly string[]): void {
  const cls = el.getAttribute('class');
  if (cls !== null) {
    const kept = cls.split(/\s+/).filter((c) => allowed.includes(c));
    if (kept.length > 0) el.setAttribute('class', [...new Set(kept)].join(' '));
    else el.removeAttribute('class');
  }
  for (const attr of ['src', 'href']) {
    const value = el.getAttribute(attr);
    if (value !== null && hasDotSegment(value)) el.removeAttribute(attr);
  }
  if (el.tagName.toUpperCase() === 'A' && el.hasAttribute('href')) {
    el.setAttribute('target', '_blank');
    el.setAttribute('rel', 'noopener noreferrer');
  }
}
