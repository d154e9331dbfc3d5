import { plainTextLabel, SUSPENDED_TEXT_MAX } from '@zan/core';
import { describe, expect, it } from 'vitest';
import { outlineLecture } from './lecture-outline.ts';
import { sanitizeHtml } from '../../../ui/study/sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps lists, images and emphasis but drops scripts, handlers, style, forms, iframes and svg', () => {
    const out = sanitizeHtml(
      '<ul><li><b>S1</b> closure</li></ul><img src="/a.png" onerror="x()"><script>x()</script><style>p{}</style>' +
        '<p style="color:red">t</p><form><input></form><iframe src="//e"></iframe><svg><circle/></svg>',
    );
    expect(out).toContain('<ul><li><b>S1</b> closure</li></ul>');
    expect(out).toContain('<img src="/a.png">');
    expect(out).toContain('<p>t</p>');
    for (const bad of ['script', 'onerror', 'style', 'form', 'input', 'iframe', 'svg'])
      expect(out).not.toContain(bad);
  });

  it('opens links in a new tab with rel="noopener noreferrer" and drops javascript: urls', () => {
    const out = sanitizeHtml('<a href="https://example.org">ok</a><a href="javascript:alert(1)">bad</a>');
    expect(out).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(out).not.toContain('javascript:');
  });
});

describe('sanitizeHtml uses the shared allow-list (@zan/core html-policy)', () => {
  it('keeps recall passages and drops other classes, ids, data- and aria- attributes, math and svg', () => {
    const out = sanitizeHtml(
      '<p>The <span class="recall fixed inset-0">nucleolus</span> makes rRNA.</p><div class="recall z-50">Block</div>' +
        '<p id="app" class="text-red-500" data-recall="hidden" aria-hidden="true">x</p><math><mi>y</mi></math>',
    );
    expect(out).toBe(
      '<p>The <span class="recall">nucleolus</span> makes rRNA.</p><div class="recall">Block</div><p>x</p>',
    );
  });
});

const suspendedLabel = (html: string) => plainTextLabel(html, SUSPENDED_TEXT_MAX);

describe('the Suspended list label (core plainTextLabel)', () => {
  it(`strips HTML and cuts to ${SUSPENDED_TEXT_MAX} characters`, () => {
    expect(suspendedLabel('<p>Which valve</p><p>closes <b>first</b>?</p>')).toBe('Which valve closes first?');
    const long = suspendedLabel(`<p>${'a'.repeat(80)}</p>`);
    expect(long).toBe('a'.repeat(SUSPENDED_TEXT_MAX) + '…');
  });
});

describe('outlineLecture', () => {
  it('indexes headings with ids for On This Page', () => {
    const { html, headings } = outlineLecture('<h2>Phases</h2><p>x</p><h3>Systole</h3><script>x</script>');
    expect(headings).toEqual([
      { id: 'lecture-h-1', text: 'Phases', level: 2 },
      { id: 'lecture-h-2', text: 'Systole', level: 3 },
    ]);
    expect(html).toContain('<h2 id="lecture-h-1">Phases</h2>');
    expect(html).not.toContain('script');
  });
});
