// The one HTML → plain text: what list labels, the Suspended list, image-use labels and duplicate keys read.
import { describe, expect, it } from 'vitest';
import { htmlToPlainText, plainTextLabel, truncateText } from './plain-text.ts';

describe('htmlToPlainText', () => {
  it('spaces block ends and <br>, joins inline tags, decodes entities, folds whitespace', () => {
    expect(htmlToPlainText('<p>a</p><p>b</p>line<br/>two')).toBe('a b line two');
    expect(htmlToPlainText('H<sub>2</sub>O &amp; CO<sub>2</sub>&nbsp;&#x21;')).toBe('H2O & CO2 !');
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

describe('truncateText / plainTextLabel', () => {
  it('cuts by characters, not UTF-16 units, and marks the cut', () => {
    expect(truncateText('😀😀😀', 2)).toBe('😀😀…');
    expect(truncateText('short', 10)).toBe('short');
    expect(plainTextLabel('<p>abc  def</p>', 4)).toBe('abc…');
  });
});
