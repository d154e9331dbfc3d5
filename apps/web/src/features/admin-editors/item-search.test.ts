// The item editors' search: word prefixes, case, accents and markup ignored, numbers kept.
import { describe, expect, it } from 'vitest';
import { filterNumbered, foldText, matchesQuery } from './item-search.ts';

describe('item search', () => {
  it('folds case, accents and markup', () => {
    expect(foldText('<p>Néphrotic <b>SYNDROME</b></p>')).toBe('nephrotic syndrome');
  });

  it('matches every typed word as the start of a word, in any field', () => {
    const q = ['A 45-year-old man with <i>frothy</i> urine', 'Nephrotic syndrome', 'Nephritic'];
    expect(matchesQuery(q, 'froth')).toBe(true);
    expect(matchesQuery(q, 'NEPHROT froth')).toBe(true);
    expect(matchesQuery(q, 'rothy')).toBe(false);
    expect(matchesQuery(q, 'froth diabetes')).toBe(false);
    expect(matchesQuery(q, '  ')).toBe(true);
    expect(matchesQuery(['<img src="x.png">'], 'png')).toBe(false);
  });

  it('keeps each item’s number in the whole list', () => {
    const items = ['A 45-year-old woman', 'A 45-year-old man, gout', 'A 45-year-old man, renal stones'];
    expect(filterNumbered(items, (s) => [s], 'man').map((x) => x.n)).toEqual([2, 3]);
    expect(filterNumbered(items, (s) => [s], 'stones')).toEqual([{ item: items[2], n: 3 }]);
    expect(filterNumbered(items, (s) => [s], '').map((x) => x.n)).toEqual([1, 2, 3]);
  });
});
