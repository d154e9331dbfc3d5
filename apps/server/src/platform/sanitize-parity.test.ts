// The server's DOM-free sanitiser (html-sanitizer.ts, issue 17) against DOMPurify on a jsdom window —
// what the server ran before and what the web still runs on render — with the same allow-list: the
// same output for known attack vectors, the rich text editors write, and random markup.
import {
  finishSanitizedElement,
  HTML_ALLOWED_ATTRS,
  HTML_ALLOWED_TAGS,
  HTML_ALLOWED_URI,
  htmlSanitizeConfig,
} from '@zan/core';
import createDOMPurify from 'dompurify';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeFragment } from './html-sanitizer.ts';

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
purify.addHook('afterSanitizeAttributes', finishSanitizedElement);
const CONFIG = htmlSanitizeConfig();
const reference = (html: string) => purify.sanitize(html, CONFIG);
const ours = (html: string) => {
  const out = sanitizeFragment(html, { elements: 100_000, depth: 1_000 });
  if (!out.ok) throw new Error(out.reason);
  return out.html;
};

const VECTORS = [
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg><p>after</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a><a href="  JaVaScRiPt:alert(1)">y</a><a href="java\tscript:alert(1)">z</a>',
  '<a href="data:text/html,<script>alert(1)</script>">d</a><img src="data:image/png;base64,AAAA">',
  '<a href="https://e.org/?a=1&b=2" title="t">l</a><a href="#x">h</a><a href="/files/x.webp">f</a>',
  '<p title="--!>">a</p><p title="]]>">b</p><p title="</style>">c</p><p title="a/>b">d</p>',
  '<p><!-- c -->&lt;b&gt;</p><p><!-- <img src=x> -->t</p>',
  '<table><tr><td>a<td>b</table><table><caption>c</caption><colgroup><col span=2></colgroup><tbody><tr><th scope=row>h</th></tr></tbody></table>',
  '<ul><li>a<li>b</ul><ol start=3 reversed><li>c</ol><dl><dt>t<dd>d</dl>',
  '<b><i>x</b>y</i><p>p<div>d</div>',
  '<p><b><i><u>x<p>y<p>z',
  '<select><option>a</select><textarea><b>t</b></textarea><button>go</button>',
  '<template><p>t</p></template><x-custom>kept</x-custom><blink>b</blink>',
  '<iframe src=x>i</iframe><object data=x>o</object><embed src=x><video src=x>v</video><audio>a</audio>',
  '<span class="recall recall z-50">r</span><div class="x">d</div>',
  '<img src="/files/../api/events"><img src="https://cdn.example/a.png" alt="A" width="640" height="480">',
  '  leading<p>x</p>',
  '\n<p>newline first</p>',
  '<title>t</title><style>s</style><p>body</p>',
  '<h1 id=x name=y>h</h1><pre>  pre\n  text</pre><code>c</code><kbd>k</kbd>',
  'Na+ < 135 & K+ > 5 <br> <br/> <hr/>',
  '<a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><a href="ftp://x">f</a><a href="vbscript:x">v</a>',
  '<td colspan="javascript:x">c</td><table><tr><td rowspan=2 colspan=" 3 ">c</td></tr></table>',
  '<p>&nbsp;&amp;&lt;&gt;&quot;&#39;\u00a0</p><p title="a&quot;b">q</p>',
  '<frameset><frame src=x></frameset><p>f</p>',
  '<body onload=x><p>b</p></body><html><head><script>x</script></head></html>',
  '<plaintext><p>x',
  '<xmp><img src=x onerror=1></xmp>',
  '<p>unclosed <b>bold <i>both</p> after',
];

describe('sanitizeFragment matches DOMPurify (jsdom) for the allow-list', () => {
  it.each(VECTORS.map((v) => [v]))('%s', (html) => {
    expect(ours(html)).toBe(reference(html));
  });

  it('on random markup', () => {
    const tags = [
      'p',
      'b',
      'i',
      'a',
      'img',
      'div',
      'span',
      'ul',
      'li',
      'svg',
      'math',
      'script',
      'style',
      'form',
      'x-y',
      'template',
      'noscript',
      'select',
      'option',
      'br',
      'h2',
      'pre',
      'title',
    ];
    const attrs = ['href', 'src', 'class', 'title', 'onclick', 'style', 'width', 'alt', 'id', 'colspan'];
    const values = [
      'x',
      'javascript:alert(1)',
      '/files/a.webp',
      'recall',
      '1',
      ' http://e.org ',
      '"><img src=x>',
      '--!>',
      'data:image/png,x',
      '',
    ];
    const piece = fc.oneof(
      fc.constantFrom(...tags).map((t) => `<${t}>`),
      fc.constantFrom(...tags).map((t) => `</${t}>`),
      fc
        .tuple(fc.constantFrom(...tags), fc.constantFrom(...attrs), fc.constantFrom(...values))
        .map(([t, a, v]) => `<${t} ${a}="${v.replace(/"/g, '&quot;')}">`),
      fc.constantFrom('text', ' ', '&amp;', '<', '>', '<!-- c -->', '&lt;b&gt;', '\n'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const html = pieces.join('');
        expect(ours(html)).toBe(reference(html));
      }),
      { numRuns: 1_500 },
    );
  });

  it('on random tables: what the server stores parses back to allowed markup only', () => {
    // Text inside a table is moved out by the parser ("foster parenting"): before the table in parse5,
    // as the HTML standard and browsers do, after it in jsdom; and in a document without a doctype a
    // table may sit inside a paragraph, which no serialisation gives back. So here the property is the
    // one that matters: parsed again (by jsdom), the stored HTML holds only allowed elements, attributes
    // and URLs.
    const piece = fc.oneof(
      fc
        .constantFrom('table', 'tr', 'td', 'th', 'tbody', 'caption', 'p', 'b', 'svg', 'script', 'form')
        .map((t) => `<${t}>`),
      fc.constantFrom('table', 'tr', 'td', 'p', 'b', 'svg').map((t) => `</${t}>`),
      fc.constantFrom(
        'text',
        '<img src=x onerror=1>',
        '<a href="javascript:x">a</a>',
        '<td colspan=2>',
        '<style>',
        '<!--',
      ),
    );
    const allowedAttrs = new Set([...HTML_ALLOWED_ATTRS, 'target', 'rel']);
    let urls = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const out = ours(pieces.join(''));
        const box = window.document.createElement('div');
        box.innerHTML = out;
        for (const el of box.querySelectorAll('*')) {
          expect(HTML_ALLOWED_TAGS).toContain(el.localName);
          for (const attr of el.attributes) {
            expect(allowedAttrs).toContain(attr.name);
            if (attr.name !== 'href' && attr.name !== 'src') continue;
            urls += 1;
            expect(attr.value).toMatch(HTML_ALLOWED_URI);
          }
        }
      }),
      { numRuns: 500 },
    );
    // The URL check ran: some output kept a URL attribute.
    expect(urls).toBeGreaterThan(0);
  });
});
