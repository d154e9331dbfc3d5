// The server's HTML sanitiser (ARCHITECTURE §8, §12; issue 17): the one allow-list of @zan/core
// html-policy applied to a parse5 tree — the browser's HTML parsing algorithm without a DOM — instead of
// DOMPurify on a jsdom window, which took ~18 ms and ~1.5 MB per 190-tag card face and ~2 minutes for a
// 1 MB page of nested divs. It reproduces DOMPurify's decisions for this config (sanitize-parity.test.ts
// compares them) and counts elements while parsing, so an oversized input stops early. Pure and
// synchronous: it runs inside the sanitise worker (sanitize-worker.ts), never on the request path.
import {
  finishSanitizedElement,
  HTML_ALLOWED_ATTRS,
  HTML_ALLOWED_TAGS,
  HTML_ALLOWED_URI,
  isBlankHtml,
  type SanitizedElement,
} from '@zan/core';
import { defaultTreeAdapter, html as HTML, parse, serialize, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** What one sanitised piece of HTML may hold (core HTML_LIMITS picks the numbers per face and page). */
export type HtmlBounds = { readonly elements: number; readonly depth: number };

export type SanitizeOutcome =
  /** `blank`: shows nothing (core isBlankHtml), worked out here so a large import spares the event loop. */
  | { readonly ok: true; readonly html: string; readonly elements: number; readonly blank: boolean }
  | { readonly ok: false; readonly reason: 'elements' | 'depth' };

const ALLOWED_TAGS = new Set(HTML_ALLOWED_TAGS);
const ALLOWED_ATTRS = new Set(HTML_ALLOWED_ATTRS);
/** DOMPurify's default FORBID_CONTENTS: a disallowed element of these goes with everything inside it. */
const FORBID_CONTENTS = new Set([
  'annotation-xml',
  'audio',
  'colgroup',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'math',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'selectedcontent',
  'style',
  'svg',
  'template',
  'thead',
  'title',
  'video',
  'xmp',
]);
/** Attributes whose value is not a URL (DOMPurify's URI_SAFE_ATTRIBUTES within our allow-list). */
const URI_SAFE_ATTRS = new Set(['alt', 'class', 'title']);
/** Elements whose src may be a data: URL (DOMPurify's DATA_URI_TAGS within our allow-list). */
const DATA_URI_TAGS = new Set(['img']);
// eslint-disable-next-line no-control-regex -- DOMPurify's ATTR_WHITESPACE: control characters are what it strips
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const ATTR_VALUE_BREAKOUT =
  /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;

/** Thrown by the counting tree adapter to stop the parser as soon as the input is over its bound. */
class TooManyElements extends Error {}

/** Whether an attribute survives, as DOMPurify's _isValidAttribute decides for our config. */
function validAttribute(tag: string, name: string, value: string): boolean {
  if (!ALLOWED_ATTRS.has(name)) return false;
  if (URI_SAFE_ATTRS.has(name)) return true;
  if (HTML_ALLOWED_URI.test(value.replace(ATTR_WHITESPACE, ''))) return true;
  if ((name === 'src' || name === 'href') && value.startsWith('data:') && DATA_URI_TAGS.has(tag)) return true;
  return value === '';
}

/** The element's attributes as the allow-list leaves them (trimmed values, unsafe ones gone). */
function cleanAttributes(el: Element): void {
  const kept: typeof el.attrs = [];
  for (const attr of el.attrs) {
    if (attr.namespace) continue;
    const value = attr.name === 'value' ? attr.value : attr.value.trim();
    if (ATTR_VALUE_BREAKOUT.test(value)) continue;
    if (!validAttribute(el.tagName, attr.name, value)) continue;
    kept.push({ name: attr.name, value });
  }
  el.attrs = kept;
}

/** The shape core's finishSanitizedElement hook works on, over a parse5 element (a class: no closures per element). */
class ElementView implements SanitizedElement {
  constructor(private readonly el: Element) {}
  get tagName(): string {
    return this.el.tagName;
  }
  // Loops, not array callbacks: this runs for every element (and under tsx every callback is wrapped).
  private find(name: string) {
    for (const a of this.el.attrs) if (a.name === name) return a;
    return undefined;
  }
  getAttribute(name: string): string | null {
    return this.find(name)?.value ?? null;
  }
  hasAttribute(name: string): boolean {
    return this.find(name) !== undefined;
  }
  removeAttribute(name: string): void {
    const at = this.el.attrs.indexOf(this.find(name)!);
    if (at >= 0) this.el.attrs.splice(at, 1);
  }
  setAttribute(name: string, value: string): void {
    const attr = this.find(name);
    if (attr) attr.value = value;
    else this.el.attrs.push({ name, value });
  }
}

/**
 * DOMPurify's SAFE_FOR_XML probe: an element with no element children whose text reads like markup while
 * its serialisation also holds markup (only possible here through a comment beside the text) goes with
 * its content.
 */
function hidesMarkup(el: Element): boolean {
  let comment = false;
  let text = '';
  for (const n of el.childNodes) {
    if ('tagName' in n) return false;
    if (n.nodeName === '#comment') comment = true;
    else if (n.nodeName === '#text') text += (n as DefaultTreeAdapterTypes.TextNode).value;
  }
  return comment && /<[/\w!]/.test(text);
}

/** Replaces child `at` of `parent` by `replacement` (its children, when unwrapping; nothing, when removing). */
function replaceChild(parent: ParentNode, at: number, replacement: readonly Node[]): void {
  for (const child of replacement) child.parentNode = parent;
  parent.childNodes.splice(at, 1, ...replacement);
}

/** Walks the body iteratively (no recursion: depth is bounded by `bounds.depth`, not the stack). */
function cleanTree(body: Element, bounds: HtmlBounds): { elements: number } | 'depth' {
  let elements = 0;
  const stack: { parent: ParentNode; depth: number }[] = [{ parent: body, depth: 0 }];
  while (stack.length > 0) {
    const { parent, depth } = stack.pop()!;
    // Children may be replaced while walking (unwrapping hoists grandchildren in place): index by position.
    let i = 0;
    while (i < parent.childNodes.length) {
      const node = parent.childNodes[i]!;
      if (node.nodeName === '#text') {
        i++;
        continue;
      }
      if (!('tagName' in node)) {
        replaceChild(parent, i, []); // comments, doctypes
        continue;
      }
      if (hidesMarkup(node)) {
        replaceChild(parent, i, []);
        continue;
      }
      const tag = node.tagName.toLowerCase();
      const html = node.namespaceURI === HTML.NS.HTML;
      if (!ALLOWED_TAGS.has(tag) || !html) {
        // DOMPurify keeps the content of a disallowed element unless it is one whose content is
        // dangerous; an element of another namespace (SVG/MathML) is dropped with its content.
        const keep = html && !FORBID_CONTENTS.has(tag) ? node.childNodes : [];
        replaceChild(parent, i, keep);
        continue;
      }
      cleanAttributes(node);
      finishSanitizedElement(new ElementView(node));
      elements++;
      if (depth + 1 > bounds.depth) return 'depth';
      stack.push({ parent: node, depth: depth + 1 });
      i++;
    }
  }
  return { elements };
}

/**
 * `html` as the server stores it: parsed as a document body the way a browser parses it, reduced to the
 * allow-list, serialised. Refuses (without throwing) input that builds more than `bounds.elements`
 * elements while parsing, or nests allowed elements deeper than `bounds.depth`.
 */
export function sanitizeFragment(html: string, bounds: HtmlBounds): SanitizeOutcome {
  // As DOMPurify: text without a '<' holds no markup and is returned as it is ('a & b' stays).
  if (!html.includes('<')) return { ok: true, html, elements: 0, blank: isBlankHtml(html.trim()) };
  let created = 0;
  // html, head and body are created for every document; the bound is on what the input adds.
  const limit = bounds.elements + 3;
  const treeAdapter: typeof defaultTreeAdapter = {
    ...defaultTreeAdapter,
    createElement(tagName, namespaceURI, attrs) {
      if (++created > limit) throw new TooManyElements();
      return defaultTreeAdapter.createElement(tagName, namespaceURI, attrs);
    },
  };
  let doc: DefaultTreeAdapterTypes.Document;
  try {
    doc = parse(html, { treeAdapter, scriptingEnabled: false });
  } catch (err) {
    if (err instanceof TooManyElements) return { ok: false, reason: 'elements' };
    throw err;
  }
  const root = doc.childNodes.find((n): n is Element => 'tagName' in n && n.tagName === 'html');
  const body = root?.childNodes.find((n): n is Element => 'tagName' in n && n.tagName === 'body');
  if (!body) return { ok: true, html: '', elements: 0, blank: true };
  // DOMPurify puts leading whitespace back in front of the body's content.
  const leading = /^[\r\n\t ]+/.exec(html)?.[0];
  if (leading) {
    const text = defaultTreeAdapter.createTextNode(leading);
    text.parentNode = body;
    body.childNodes.unshift(text);
  }
  const walked = cleanTree(body, bounds);
  if (walked === 'depth') return { ok: false, reason: 'depth' };
  const out = serialize(body);
  return { ok: true, html: out, elements: walked.elements, blank: isBlankHtml(out.trim()) };
}
