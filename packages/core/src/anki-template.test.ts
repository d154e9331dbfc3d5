// Anki template rendering (issue 20) on Anki's stock note types, written out here as facts (their
// templates as Anki ships them), plus the template language's corners.
import { describe, expect, it } from 'vitest';
import {
  ankiCardExists,
  ankiClozeCardOrds,
  ankiFieldIsEmpty,
  isEmptyFront,
  renderAnkiBack,
  renderAnkiFront,
} from './anki-template.ts';

const ANSWER = '{{FrontSide}}\n\n<hr id=answer>\n\n';
const BASIC = { qfmt: '{{Front}}', afmt: `${ANSWER}{{Back}}` };
const REVERSED = { qfmt: '{{Back}}', afmt: `${ANSWER}{{Front}}` };
const OPTIONAL_REVERSED = { qfmt: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}', afmt: `${ANSWER}{{Front}}` };
const TYPING = { qfmt: '{{Front}}\n\n{{type:Back}}', afmt: '{{Front}}\n\n<hr id=answer>\n\n{{type:Back}}' };
const CLOZE = { qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' };

describe('stock note types', () => {
  it('Basic: front is the Front field, back repeats it above the answer', () => {
    const ctx = { fields: { Front: 'Heart rate?', Back: '<b>60–100</b>' }, ord: 0 };
    expect(renderAnkiFront(BASIC.qfmt, ctx)).toBe('Heart rate?');
    expect(renderAnkiBack(BASIC.qfmt, BASIC.afmt, ctx)).toBe(
      'Heart rate?\n\n<hr id=answer>\n\n<b>60–100</b>',
    );
  });

  it('Basic (and reversed card): card 2 asks the Back', () => {
    const ctx = { fields: { Front: 'Aorta', Back: 'Largest artery' }, ord: 1 };
    expect(renderAnkiFront(REVERSED.qfmt, ctx)).toBe('Largest artery');
    expect(renderAnkiBack(REVERSED.qfmt, REVERSED.afmt, ctx)).toBe(
      'Largest artery\n\n<hr id=answer>\n\nAorta',
    );
  });

  it('Basic (optional reversed card): card 2 exists only when Add Reverse is filled', () => {
    const on = { Front: 'a', Back: 'b', 'Add Reverse': 'y' };
    const off = { Front: 'a', Back: 'b', 'Add Reverse': '' };
    expect(ankiCardExists(OPTIONAL_REVERSED.qfmt, on, 1)).toBe(true);
    expect(ankiCardExists(OPTIONAL_REVERSED.qfmt, off, 1)).toBe(false);
    expect(renderAnkiFront(OPTIONAL_REVERSED.qfmt, { fields: on, ord: 1 })).toBe('b');
    expect(renderAnkiFront(OPTIONAL_REVERSED.qfmt, { fields: off, ord: 1 })).toBe('');
  });

  it('Basic (type in the answer): no box on the front, the answer shown on the back', () => {
    const ctx = { fields: { Front: 'Capital of France?', Back: '<i>Paris</i>' }, ord: 0 };
    expect(renderAnkiFront(TYPING.qfmt, ctx)).toBe('Capital of France?\n\n');
    expect(renderAnkiBack(TYPING.qfmt, TYPING.afmt, ctx)).toBe(
      'Capital of France?\n\n<hr id=answer>\n\n<div>Paris</div>',
    );
  });

  it('Cloze: one card per number, [...] on the front, revealed with Back Extra on the back', () => {
    const fields = { Text: '{{c1::Insulin}} lowers {{c2::glucose::sugar}}', 'Back Extra': 'Pancreas' };
    expect(ankiClozeCardOrds(CLOZE.qfmt, fields)).toEqual([0, 1]);
    expect(renderAnkiFront(CLOZE.qfmt, { fields, ord: 1 })).toBe(
      'Insulin lowers <span class="cloze">[sugar]</span>',
    );
    expect(renderAnkiBack(CLOZE.qfmt, CLOZE.afmt, { fields, ord: 0 })).toBe(
      '<span class="cloze">Insulin</span> lowers glucose<br>\nPancreas',
    );
    expect(ankiClozeCardOrds(CLOZE.qfmt, { Text: 'no deletion', 'Back Extra': '' })).toEqual([]);
  });
});

describe('the template language', () => {
  const fields = { A: 'alpha', B: '', C: '<b>x</b> &amp; y' };
  const front = (t: string, ord = 0) => renderAnkiFront(t, { fields, ord });

  it('sections show on a non-empty field, inverted sections on an empty one, nested', () => {
    expect(front('{{#A}}[{{A}}]{{/A}}{{#B}}never{{/B}}')).toBe('[alpha]');
    expect(front('{{^B}}no B{{/B}}{{^A}}never{{/A}}')).toBe('no B');
    expect(front('{{#A}}{{#B}}x{{/B}}{{^B}}y{{/B}}{{/A}}')).toBe('y');
  });

  it('text: strips markup; hint: the text as it is, nothing when empty; unknown filters are ignored', () => {
    expect(front('{{text:C}}')).toBe('x &amp; y');
    expect(front('{{hint:A}}|{{hint:B}}')).toBe('alpha|');
    expect(front('{{someaddon:A}}')).toBe('alpha');
  });

  it('an unknown field renders nothing; FrontSide is empty on the front', () => {
    expect(front('{{Missing}}{{FrontSide}}!')).toBe('!');
  });

  it('filters apply rightmost first (text of a cloze)', () => {
    const f = { Text: '<i>{{c1::a}}</i> b' };
    expect(renderAnkiFront('{{text:cloze:Text}}', { fields: f, ord: 0 })).toBe('[...] b');
  });

  it('type:cloze shows the deletions answered on the back', () => {
    const f = { Text: '{{c1::Na}} and {{c1::K}} pump' };
    expect(
      renderAnkiBack('{{cloze:Text}}{{type:cloze:Text}}', '{{type:cloze:Text}}', { fields: f, ord: 0 }),
    ).toBe('<div>Na, K</div>');
  });

  it('sound references are dropped; a cN section is on for card N', () => {
    const f = { Text: '{{c2::x}}', Audio: '[sound:a.mp3]' };
    expect(renderAnkiFront('{{Audio}}{{#c2}}two{{/c2}}{{#c1}}one{{/c1}}', { fields: f, ord: 1 })).toBe('two');
  });

  it('special fields come from the context', () => {
    expect(
      renderAnkiFront('{{Deck}}: {{Tags}}', { fields, ord: 0, special: { Deck: 'A::B', Tags: 't' } }),
    ).toBe('A::B: t');
  });
});

describe('empty fields and fronts', () => {
  it('Anki counts only whitespace, <br> and <div> tags as empty', () => {
    expect(ankiFieldIsEmpty(' <br> <div></div>\n')).toBe(true);
    expect(ankiFieldIsEmpty('<img src="a.png">')).toBe(false);
  });
  it('a card whose front refers to no filled field is not made, whatever text the template has', () => {
    expect(ankiCardExists('Q: {{Front}}', { Front: '' }, 0)).toBe(false);
    expect(ankiCardExists('Q: {{Front}}', { Front: '<img src="x.png">' }, 0)).toBe(true);
  });
  it('isEmptyFront: no text and no picture', () => {
    expect(isEmptyFront('<div> <br></div><!-- c -->')).toBe(true);
    expect(isEmptyFront('<img src="x.png">')).toBe(false);
    expect(isEmptyFront('<p>&nbsp;a</p>')).toBe(false);
  });
});
