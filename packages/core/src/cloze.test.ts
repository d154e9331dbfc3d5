// Cloze rendering (issue 20) as Anki shows a cloze note: numbers, hints, grouped and nested deletions,
// Back Extra, and text that only looks like a deletion.
import { describe, expect, it } from 'vitest';
import { clozeAnswers, clozeBack, clozeFront, clozeOrdinals } from './cloze.ts';

const hidden = (s: string) => `<span class="cloze">[${s}]</span>`;
const shown = (s: string) => `<span class="cloze">${s}</span>`;

describe('clozeOrdinals', () => {
  it('one card per distinct number, ascending; none without a deletion', () => {
    expect(clozeOrdinals('{{c2::b}} and {{c1::a}} and {{c2::c}}')).toEqual([1, 2]);
    expect(clozeOrdinals('no deletion here {{c1:x}}')).toEqual([]);
    expect(clozeOrdinals('{{c0::zero}}')).toEqual([]);
  });
  it('counts nested deletions', () => {
    expect(clozeOrdinals('{{c1::outer {{c2::inner}} text}}')).toEqual([1, 2]);
  });
});

describe('clozeFront / clozeBack', () => {
  const note = 'The {{c1::SA node}} sets the rate; the {{c2::AV node::junction}} delays it.';
  it("hides the card's deletions, shows the others as plain text", () => {
    expect(clozeFront(note, 1)).toBe(`The ${hidden('...')} sets the rate; the AV node delays it.`);
    expect(clozeFront(note, 2)).toBe(`The SA node sets the rate; the ${hidden('junction')} delays it.`);
  });
  it('reveals them highlighted on the back, Back Extra below', () => {
    expect(clozeBack(note, 2)).toBe(`The SA node sets the rate; the ${shown('AV node')} delays it.`);
    expect(clozeBack(note, 1, '<p>Pacemaker</p>')).toBe(
      `The ${shown('SA node')} sets the rate; the AV node delays it.<hr><p>Pacemaker</p>`,
    );
  });
  it('hides every place of the same number together', () => {
    expect(clozeFront('{{c1::a}}, {{c1::b}}', 1)).toBe(`${hidden('...')}, ${hidden('...')}`);
  });
  it('nested: the outer card hides all of it, the inner card only the inner part', () => {
    const t = '{{c1::Na {{c2::K}} pump}}';
    expect(clozeFront(t, 1)).toBe(hidden('...'));
    expect(clozeFront(t, 2)).toBe(`Na ${hidden('...')} pump`);
    expect(clozeBack(t, 1)).toBe(shown('Na K pump'));
  });
  it('keeps HTML in answers, escapes hints, and leaves broken syntax as written', () => {
    expect(clozeBack('{{c1::<b>bold</b>}}', 1)).toBe(shown('<b>bold</b>'));
    expect(clozeFront('{{c1::x::a<b}}', 1)).toBe(hidden('a&lt;b'));
    expect(clozeFront('{{c1::x::a::b}}', 1)).toBe(hidden('a::b'));
    expect(clozeFront('open {{c1::never closed', 1)).toBe('open {{c1::never closed');
    expect(clozeFront('stray }} here', 1)).toBe('stray }} here');
  });
});

describe('clozeAnswers', () => {
  it("lists card n's answers in order, without hints", () => {
    expect(clozeAnswers('{{c1::a::h}} {{c2::b}} {{c1::c}}', 1)).toEqual(['a', 'c']);
  });
});
