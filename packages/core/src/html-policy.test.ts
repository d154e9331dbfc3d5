import { describe, expect, it } from 'vitest';
import {
  hasDotSegment,
  finishSanitizedElement,
  HTML_ALLOWED_ATTRS,
  HTML_ALLOWED_TAGS,
  HTML_ALLOWED_URI,
  htmlSanitizeConfig,
  RECALL_CLASS,
  type SanitizedElement,
} from './html-policy.ts';

/** A stand-in element with attributes in insertion order. */
function element(
  tagName: string,
  attrs: Record<string, string> = {},
): SanitizedElement & { attrs: Map<string, string> } {
  const map = new Map(Object.entries(attrs));
  return {
    tagName,
    attrs: map,
    getAttribute: (n) => map.get(n) ?? null,
    setAttribute: (n, v) => void map.set(n, v),
    removeAttribute: (n) => void map.delete(n),
    hasAttribute: (n) => map.has(n),
  };
}

describe('the HTML allow-list', () => {
  it('has the rich-text tags the editor and the seed content use, including the recall carriers', () => {
    for (const tag of [
      'p',
      'h2',
      'h3',
      'strong',
      'em',
      'ul',
      'ol',
      'li',
      'table',
      'th',
      'td',
      'img',
      'a',
      'sub',
      'sup',
      'span',
      'div',
      'br',
    ]) {
      expect(HTML_ALLOWED_TAGS).toContain(tag);
    }
  });

  it('has nothing that runs, styles, embeds, submits or switches namespace', () => {
    const banned = [
      'script',
      'style',
      'iframe',
      'frame',
      'frameset',
      'object',
      'embed',
      'form',
      'input',
      'button',
      'textarea',
      'select',
      'option',
      'link',
      'meta',
      'base',
      'svg',
      'math',
      'template',
      'noscript',
      'audio',
      'video',
      'source',
      'canvas',
      'dialog',
      'details',
    ];
    for (const tag of banned) expect(HTML_ALLOWED_TAGS).not.toContain(tag);
    expect(HTML_ALLOWED_TAGS.every((t) => t === t.toLowerCase())).toBe(true);
  });

  it('allows no style, handler, id, name, srcset, form or target attributes', () => {
    for (const attr of [
      'style',
      'id',
      'name',
      'srcset',
      'formaction',
      'action',
      'target',
      'rel',
      'xmlns',
      'xlink:href',
    ]) {
      expect(HTML_ALLOWED_ATTRS).not.toContain(attr);
    }
    expect(HTML_ALLOWED_ATTRS.some((a) => a.startsWith('on'))).toBe(false);
    expect(HTML_ALLOWED_ATTRS).toEqual(
      expect.arrayContaining(['href', 'src', 'alt', 'class', 'colspan', 'rowspan']),
    );
  });

  it('URLs: http(s), mailto, tel and relative pass; script schemes do not', () => {
    for (const ok of [
      'https://example.org/a',
      'http://x',
      'mailto:a@b.c',
      'tel:+44',
      '/files/a.webp',
      '#top',
      'page.html',
      '?q=1',
      'images/a.png',
    ]) {
      expect(HTML_ALLOWED_URI.test(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'vbscript:x',
      'data:text/html,<script>',
      'file:///etc/passwd',
      'blob:https://x/y',
    ]) {
      expect(HTML_ALLOWED_URI.test(bad), bad).toBe(false);
    }
  });

  it('builds a fresh DOMPurify config each time (callers may not share mutable arrays)', () => {
    const a = htmlSanitizeConfig();
    a.ALLOWED_TAGS.push('script');
    expect(htmlSanitizeConfig().ALLOWED_TAGS).not.toContain('script');
    expect(a).toMatchObject({
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOW_UNKNOWN_PROTOCOLS: false,
    });
  });
});

describe('finishSanitizedElement', () => {
  it(`keeps only the "${RECALL_CLASS}" class`, () => {
    const span = element('SPAN', { class: 'recall fixed inset-0 recall' });
    finishSanitizedElement(span);
    expect(span.getAttribute('class')).toBe('recall');
    const div = element('DIV', { class: 'bg-red-500 z-50' });
    finishSanitizedElement(div);
    expect(div.hasAttribute('class')).toBe(false);
  });

  it('links get target="_blank" and rel="noopener noreferrer"; anchors without href are left alone', () => {
    const a = element('A', { href: 'https://example.org' });
    finishSanitizedElement(a);
    expect([...a.attrs]).toEqual([
      ['href', 'https://example.org'],
      ['target', '_blank'],
      ['rel', 'noopener noreferrer'],
    ]);
    const bare = element('a');
    finishSanitizedElement(bare);
    expect(bare.attrs.size).toBe(0);
    const img = element('IMG', { src: '/x.webp' });
    finishSanitizedElement(img);
    expect([...img.attrs]).toEqual([['src', '/x.webp']]);
  });
});

describe('hasDotSegment (issue 17)', () => {
  it('finds . and .. segments, percent-encoded or behind a backslash, in the path only', () => {
    for (const u of [
      '/files/../api/events',
      '/files/%2e%2e/x',
      '/files/..%2Fx',
      '/files/.\\x',
      '/a/./b',
      '..',
      '/files/%zz',
    ])
      expect(hasDotSegment(u), u).toBe(true);
    for (const u of [
      '/files/a/b.webp',
      '/files/a..b.png',
      '/x?next=../y',
      'https://cdn.example/a.png#..',
      '',
    ])
      expect(hasDotSegment(u), u).toBe(false);
  });
});
