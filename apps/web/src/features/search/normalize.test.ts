import { describe, expect, it } from 'vitest';
import { highlight } from './highlight.ts';
import { foldText, searchTerms, wordSpans } from './normalize.ts';

describe('search folding', () => {
  it('drops case and accents', () => {
    expect(foldText('Syndrome NÉPHROTIQUE à Ünïcode')).toBe('syndrome nephrotique a unicode');
    expect(searchTerms('  Œdème, l’hypo-albuminémie (IgA)!')).toEqual([
      'œdeme',
      'l',
      'hypo',
      'albuminemie',
      'iga',
    ]);
  });

  it('keeps where each word stands in the original text', () => {
    const text = 'Le rein, néphron.';
    expect(wordSpans(text).map((w) => [text.slice(w.start, w.end), w.folded])).toEqual([
      ['Le', 'le'],
      ['rein', 'rein'],
      ['néphron', 'nephron'],
    ]);
  });
});

describe('highlight', () => {
  it('marks every word starting with a looked-up word, accents and case aside', () => {
    expect(highlight('Nephrotic syndrome: the néphrotique picture', ['nephrot', 'syndrome'])).toEqual([
      { text: 'Nephrotic', hit: true },
      { text: ' ', hit: false },
      { text: 'syndrome', hit: true },
      { text: ': the ', hit: false },
      { text: 'néphrotique', hit: true },
      { text: ' picture', hit: false },
    ]);
  });

  it('cuts a long text around the first hit, with … on the cut sides', () => {
    const text = `${'alpha '.repeat(40)}glomerulus ${'beta '.repeat(40)}`.trim();
    const segments = highlight(text, ['glomer'], 60);
    expect(segments[0]?.text.startsWith('…')).toBe(true);
    expect(segments.at(-1)?.text.endsWith('…')).toBe(true);
    expect(segments.filter((s) => s.hit).map((s) => s.text)).toEqual(['glomerulus']);
    expect(segments.map((s) => s.text).join('').length).toBeLessThanOrEqual(62);
  });

  it('shows the start of the text when nothing matches', () => {
    expect(highlight('short text', ['zzz'])).toEqual([{ text: 'short text', hit: false }]);
  });
});
