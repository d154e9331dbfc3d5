// Quizlet text: round trips for each separator choice, and every error and bound by line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMPORT_LINE_MAX, IMPORT_MAX_ROWS, RESOURCE_TEXT_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';
import { faceToText, textToFace } from './card-fields.ts';
import type { QuizletOptions, ReadResult } from './contract.ts';
import { looksLikeQuizlet, readQuizlet, writeQuizlet } from './quizlet.ts';
import type { CardDraft } from '../bulk-import.ts';

const ok = (r: ReadResult<CardDraft>) => {
  if (!r.ok) throw new Error(r.error);
  return r;
};
const cards = (r: ReadResult<CardDraft>) => ok(r).items.map((i) => i.item);

describe('readQuizlet', () => {
  it('reads tab / new line records, escaping text for the HTML faces', () => {
    const r = ok(readQuizlet('heart\tpumps blood\r\nH<sub> & O\tsplit\tat the first tab\n\n'));
    expect(r.items).toEqual([
      { line: 1, start: 0, end: 17, item: { front: 'heart', back: 'pumps blood' } },
      {
        line: 2,
        start: 19,
        end: 52,
        item: { front: 'H&lt;sub&gt; &amp; O', back: 'split at the first tab' },
      },
    ]);
    expect(r.setName).toBeNull();
  });

  it('reads comma and semicolon, and custom separators; new lines inside a record are <br>', () => {
    const opts: QuizletOptions = { between: ',', rows: ';' };
    expect(cards(readQuizlet('a,b, c;\nd,e\nf;', opts))).toEqual([
      { front: 'a', back: 'b, c' },
      { front: 'd', back: 'e<br>f' },
    ]);
    expect(cards(readQuizlet('x -- y ||| z -- w', { between: ' -- ', rows: '|||' }))).toEqual([
      { front: 'x', back: 'y' },
      { front: 'z', back: 'w' },
    ]);
  });

  it('an empty custom separator is the default one', () => {
    expect(cards(readQuizlet('a\tb\nc\td', { between: '', rows: '' }))).toHaveLength(2);
  });

  it('reports records without a separator, without a term and with too long a face, by line', () => {
    const long = 'x'.repeat(RESOURCE_TEXT_MAX + 1);
    const text = `good\tone\nno separator here\n\tonly a definition\nterm\t${long}`;
    const r = ok(readQuizlet(text));
    expect(r.items.map((i) => i.item)).toEqual([{ front: 'good', back: 'one' }]);
    expect(r.errors.map((e) => [e.line, e.messages])).toEqual([
      [2, [MSG.importNoSeparator]],
      [3, [MSG.importFrontRequired]],
      [4, [MSG.importCellTooLong('Back', RESOURCE_TEXT_MAX)]],
    ]);
    const second = r.errors[0]!;
    expect(text.slice(second.start, second.end)).toBe('no separator here');
  });

  it('refuses an empty text, too many records and a record over the line bound', () => {
    expect(readQuizlet('  \n\n')).toEqual({ ok: false, error: MSG.importNoCards });
    expect(readQuizlet('a\tb\n'.repeat(IMPORT_MAX_ROWS + 1))).toEqual({
      ok: false,
      error: MSG.importTooManyItems(IMPORT_MAX_ROWS, 'cards'),
    });
    expect(readQuizlet(`a\tb\nc\t${'y'.repeat(IMPORT_LINE_MAX + 1)}`)).toEqual({
      ok: false,
      error: MSG.importLineTooLong(2, IMPORT_LINE_MAX),
      line: 2,
    });
  });
});

describe('writeQuizlet', () => {
  it('writes plain text: markup dropped, entities decoded, separators inside faces made spaces', () => {
    const deck = {
      name: 'D',
      cards: [
        { front: '<p>H<sub>2</sub>O &amp; a\tb</p>', back: 'one<br>two' },
        { front: 'k', back: 'x\ty' },
      ],
    };
    expect(writeQuizlet(deck)).toBe('H2O & a b\tone two\nk\tx y');
    expect(writeQuizlet(deck, { between: ',', rows: ';' })).toBe('H2O & a b,one\ntwo;k,x y');
  });

  const plainLine = fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, ' '));
  const plainText = fc.string({ maxLength: 30 });
  const card = (text: fc.Arbitrary<string>, bad: string[]) =>
    fc
      .record({ front: text, back: text })
      .map((c) => ({ front: textToFace(clean(c.front, bad)), back: textToFace(clean(c.back, bad)) }))
      .filter((c) => c.front !== '');
  const clean = (s: string, bad: string[]) => bad.reduce((t, b) => t.split(b).join(' '), s);

  it.each<[string, QuizletOptions, fc.Arbitrary<string>]>([
    ['tab / new line', { between: '\t', rows: '\n' }, plainLine],
    ['comma / semicolon', { between: ',', rows: ';' }, plainText],
    ['custom', { between: ' :: ', rows: '\n---\n' }, plainText],
  ])('round trip, %s: write then read gives the same cards', (_, opts, text) => {
    fc.assert(
      fc.property(
        fc.array(card(text, [opts.between.trim() || opts.between, opts.rows]), { minLength: 1 }),
        (cs) => {
          expect(cards(readQuizlet(writeQuizlet({ name: 'D', cards: cs }, opts), opts))).toEqual(cs);
        },
      ),
    );
  });

  it('a face read back as text is the same text', () => {
    fc.assert(
      fc.property(plainText, (s) => {
        expect(textToFace(faceToText(textToFace(s)))).toBe(textToFace(s));
      }),
    );
  });
});

describe('looksLikeQuizlet', () => {
  it('is true for term<tab>definition lines only', () => {
    expect(looksLikeQuizlet('a\tb\nc\td\n')).toBe(true);
    expect(looksLikeQuizlet('a,b\nc,d')).toBe(false);
    expect(looksLikeQuizlet('#separator:tab\na\tb')).toBe(false);
    expect(looksLikeQuizlet('a\tb\tc')).toBe(false);
    expect(looksLikeQuizlet('')).toBe(false);
  });
});
