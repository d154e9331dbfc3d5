// htmlToPlainText: what labels and duplicate checks read of HTML.
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './plain-text.ts';

describe('htmlToPlainText', () => {
  it('drops tags, decodes entities and collapses whitespace', () => {
    expect(
      htmlToPlainText('<p>Heart&nbsp;&amp; <b>lungs</b></p>\n<p>&lt;ok&gt; &#39;a&#x27; &quot;q&quot;</p>'),
    ).toBe(`Heart & lungs <ok> 'a' "q"`);
  });

  it('keeps unknown or out-of-range entities as written', () => {
    expect(htmlToPlainText('&bogus; &#0; &#x110000;')).toBe('&bogus; &#0; &#x110000;');
  });

  it('cuts at max characters and marks the cut', () => {
    expect(htmlToPlainText('<p>abcdef</p>', 4)).toBe('abcd…');
    expect(htmlToPlainText('<p>abcd</p>', 4)).toBe('abcd');
    expect(htmlToPlainText('<img src="x.png">', 50)).toBe('');
  });
});
