// The allow-list as the server applies it on save (html-sanitizer.ts; run in the worker pool by
// sanitize.ts), and its bounds (issue 17).
import { HTML_LIMITS } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { sanitizeFragment, type HtmlBounds } from './html-sanitizer.ts';

const UNBOUNDED: HtmlBounds = { elements: Number.MAX_SAFE_INTEGER, depth: Number.MAX_SAFE_INTEGER };

function sanitizeHtml(html: string): string {
  const out = sanitizeFragment(html, UNBOUNDED);
  if (!out.ok) throw new Error(`refused: ${out.reason}`);
  return out.html;
}

describe('sanitizeFragment (server, on save)', () => {
  it('returns plain text (bulk-imported cells) as it is, and cleans text that carries markup', () => {
    expect(sanitizeHtml('What does the SA node do? "Sets" it')).toBe('What does the SA node do? "Sets" it');
    expect(sanitizeHtml('a & b')).toBe('a & b');
    expect(sanitizeHtml('x <img src=x onerror=alert(1)>')).toBe('x <img src="x">');
  });

  it('removes script, style, iframe, form, objects and every on* handler', () => {
    const out = sanitizeHtml(
      '<p onclick="x()" onmouseover="y()">Text</p><script>alert(1)</script><style>p{color:red}</style>' +
        '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"><button>Go</button></form>' +
        '<object data="x.swf"></object><embed src="x"><img src="/a.png" onerror="alert(1)"><body onload="z()">',
    );
    // Removed elements keep their text (the button's label); their markup and handlers go.
    expect(out).toBe('<p>Text</p>Go<img src="/a.png">');
    for (const bad of [
      'script',
      'style',
      'iframe',
      'form',
      'input',
      'button',
      'object',
      'embed',
      'onerror',
      'onclick',
      'onload',
    ]) {
      expect(out).not.toContain(bad);
    }
  });

  it('drops style, id, name, data- and aria- attributes', () => {
    expect(
      sanitizeHtml('<p style="position:fixed" id="root" data-x="1" aria-hidden="true" title="t">x</p>'),
    ).toBe('<p title="t">x</p>');
  });

  it('links get target="_blank" and rel="noopener noreferrer"; script URLs are removed', () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_self" rel="opener">ok</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(
      sanitizeHtml('<a href="javascript:alert(1)">a</a><a href=" jav&#x09;ascript:alert(1)">b</a>'),
    ).toBe('<a>a</a><a>b</a>');
    expect(sanitizeHtml('<a href="mailto:dean@example.org">mail</a>')).toContain('rel="noopener noreferrer"');
  });

  it('keeps recall markup (span and div with class="recall") and drops every other class', () => {
    const html =
      '<p>The <span class="recall">nucleolus</span> is not membrane-bound.</p>' +
      '<div class="recall"><ul><li>S1: mitral</li></ul></div><p class="fixed inset-0 recall">both</p><span class="z-50">y</span>';
    expect(sanitizeHtml(html)).toBe(
      '<p>The <span class="recall">nucleolus</span> is not membrane-bound.</p>' +
        '<div class="recall"><ul><li>S1: mitral</li></ul></div><p class="recall">both</p><span>y</span>',
    );
  });

  it('drops SVG and MathML with their content', () => {
    const out = sanitizeHtml(
      '<p>a</p><svg onload="x()"><script>alert(1)</script><circle r="1"/><foreignObject><p>in</p></foreignObject></svg>' +
        '<math><mi>x</mi><mtext><img src=x onerror=alert(1)></mtext></math><p>b</p>',
    );
    expect(out).toBe('<p>a</p><p>b</p>');
  });

  it('keeps the rich-text the editor writes: headings, emphasis, lists, tables, images, links', () => {
    const html =
      '<h2>Phases</h2><p><strong>S1</strong> and <em>S2</em> <sub>2</sub><sup>+</sup></p><ol start="3"><li>a</li></ol>' +
      '<table><thead><tr><th scope="col">Valve</th></tr></thead><tbody><tr><td colspan="2">Mitral</td></tr></tbody></table>' +
      '<p><img src="/files/html_content_images/u_1_heart.webp" alt="Heart" width="640" height="480"></p><hr><blockquote>q</blockquote>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('defeats mutation XSS and clobbering tricks', () => {
    expect(sanitizeHtml('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).not.toContain(
      'onerror',
    );
    expect(sanitizeHtml('<img name="getElementById"><form id="x"></form>')).toBe('<img>');
    expect(sanitizeHtml('<template><script>alert(1)</script></template>ok')).toBe('ok');
  });

  it('leaves plain text alone and escapes stray angle brackets', () => {
    expect(sanitizeHtml('Na+ < 135 mmol/L & K+ > 5')).toBe('Na+ &lt; 135 mmol/L &amp; K+ &gt; 5');
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('the demo content', () => {
  it('passes through unchanged (the allow-list fits what lectures and cards use)', async () => {
    const { DEMO_CONTENT } = await import('../db/seed/content/index.ts');
    const topics = DEMO_CONTENT.modules.flatMap((m) => m.subjects.flatMap((s) => s.topics));
    const html = [
      ...topics.flatMap((t) => t.pages.map((p) => p.htmlBody)),
      ...topics.flatMap((t) => t.decks.flatMap((d) => d.cards.flatMap((c) => [c.front, c.back]))),
    ];
    expect(html.length).toBeGreaterThan(100);
    // The parser normalises void elements and entities; compare through the same parser.
    const normalise = (s: string) => s.replace(/<br\s*\/?>/g, '<br>').replace(/\s*\/>/g, '>');
    for (const h of html) expect(sanitizeHtml(h)).toBe(normalise(h));
  });

  it('drops a src or href whose path leaves /files/ through dot segments (issue 17)', () => {
    const out = sanitizeHtml(
      '<img src="/files/../api/events"><img src="/files/%2e%2e/api/events"><img src="/files/a/b.webp"><a href="/files/..\\api/x">x</a>',
    );
    expect(out).toBe('<img><img><img src="/files/a/b.webp"><a>x</a>');
  });
});

describe('bounds (issue 17)', () => {
  const bounds: HtmlBounds = { elements: 10, depth: 3 };

  it('counts the elements the parser builds, and refuses more than the bound', () => {
    expect(sanitizeFragment('<p>a</p>'.repeat(10), bounds)).toEqual({
      ok: true,
      html: '<p>a</p>'.repeat(10),
      elements: 10,
      blank: false,
    });
    expect(sanitizeFragment('<p>a</p>'.repeat(11), bounds)).toEqual({ ok: false, reason: 'elements' });
    // Removed elements count too: they cost the parser as much as kept ones.
    expect(sanitizeFragment('<x-y></x-y>'.repeat(11), bounds)).toEqual({ ok: false, reason: 'elements' });
    // Formatting elements the parser reopens for every paragraph are counted as built (a few start
    // tags can build thousands of elements).
    const reopened = '<p><b><i><u>x' + '<p>y'.repeat(5);
    expect(sanitizeFragment(reopened, { elements: 1_000, depth: 10 })).toMatchObject({
      ok: true,
      elements: 24,
    });
    expect(sanitizeFragment(reopened, { elements: 15, depth: 10 })).toEqual({
      ok: false,
      reason: 'elements',
    });
  });

  it('refuses allowed elements nested deeper than the bound (a page of nested divs)', () => {
    expect(sanitizeFragment('<div><div><div>x</div></div></div>', bounds)).toMatchObject({ ok: true });
    expect(sanitizeFragment('<div><div><div><div>x</div></div></div></div>', bounds)).toEqual({
      ok: false,
      reason: 'depth',
    });
    // Unwrapped (disallowed) elements do not add depth.
    expect(sanitizeFragment('<x-a><x-b><x-c><x-d><p>x</p></x-d></x-c></x-b></x-a>', bounds)).toEqual({
      ok: true,
      html: '<p>x</p>',
      elements: 1,
      blank: false,
    });
  });

  it('handles the inputs that froze the server within the real limits, fast', () => {
    const page = (unit: string) => unit.repeat(Math.floor(1_000_000 / unit.length));
    const PAGE: HtmlBounds = { elements: HTML_LIMITS.pageElements, depth: HTML_LIMITS.depth };
    // A 1 MB page of nested divs took DOMPurify on jsdom about two minutes; here parsing stops early.
    expect(sanitizeFragment(page('<div>'), PAGE)).toEqual({ ok: false, reason: 'elements' });
    expect(sanitizeFragment('<div>'.repeat(HTML_LIMITS.depth + 1), PAGE)).toEqual({
      ok: false,
      reason: 'depth',
    });
    expect(sanitizeFragment(page('<b>x</b>'), PAGE)).toEqual({ ok: false, reason: 'elements' });
    const paragraph = '<p>A paragraph of a long lecture, with a few words.</p>';
    const text = sanitizeFragment(page(paragraph), PAGE);
    expect(text).toMatchObject({ ok: true, elements: Math.floor(1_000_000 / paragraph.length) });
  });
});

describe('blank (issue 17: worked out in the worker)', () => {
  it('says whether the stored HTML shows nothing, as core isBlankHtml', () => {
    const blank = (html: string) =>
      sanitizeFragment(html, UNBOUNDED).ok && (sanitizeFragment(html, UNBOUNDED) as { blank: boolean }).blank;
    expect(blank('')).toBe(true);
    expect(blank('   ')).toBe(true);
    expect(blank('<p> </p><script>x</script>')).toBe(true);
    expect(blank('<p><img src="/files/a.webp"></p>')).toBe(false);
    expect(blank('a & b')).toBe(false);
    expect(blank('<b>x</b>')).toBe(false);
  });
});
