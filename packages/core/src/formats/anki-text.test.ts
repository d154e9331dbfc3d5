// Anki's text export: header lines, separators, quoted fields, HTML or plain text, cloze notes skipped,
// round trips and every error and bound by line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardDraft } from '../bulk-import.ts';
import { IMPORT_LINE_MAX, IMPORT_MAX_ROWS, RESOURCE_TEXT_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';
import { looksLikeAnkiText, readAnkiText, writeAnkiText } from './anki-text.ts';
import type { ReadResult } from './contract.ts';

const ok = (r: ReadResult<CardDraft>) => {
  if (!r.ok) throw new Error(r.error);
  return r;
};
const cards = (text: string) => ok(readAnkiText(text)).items.map((i) => i.item);

describe('readAnkiText', () => {
  it("reads Anki's own export: meta columns left out, the deck column naming the set, HTML kept", () => {
    const text = [
      '#separator:tab',
      '#html:true',
      '#guid column:1',
      '#notetype column:2',
      '#deck column:3',
      '#tags column:6',
      'abc\tBasic\tAnatomy::Heart\tValves<br>four\t<b>mitral</b>, tricuspid…\tcardio',
      'def\tBasic\tAnatomy::Heart\tA &lt; B\tyes\t',
    ].join('\n');
    const r = ok(readAnkiText(text));
    expect(r.setName).toBe('Anatomy::Heart');
    expect(r.items.map((i) => [i.line, i.item])).toEqual([
      [7, { front: 'Valves<br>four', back: '<b>mitral</b>, tricuspid…' }],
      [8, { front: 'A &lt; B', back: 'yes' }],
    ]);
    const first = r.items[0]!;
    expect(text.slice(first.start, first.end)).toBe(
      'abc\tBasic\tAnatomy::Heart\tValves<br>four\t<b>mitral</b>, tricuspid…\tcardio',
    );
  });

  it.each([
    ['comma', ','],
    ['Semicolon', ';'],
    ['pipe', '|'],
    ['space', ' '],
    ['colon', ':'],
    ['Tab', '\t'],
    ['~', '~'],
  ])('#separator:%s', (name, sep) => {
    expect(cards(`#separator:${name}\n#html:false\na${sep}b\n`)).toEqual([{ front: 'a', back: 'b' }]);
  });

  it('refuses a separator that names nothing', () => {
    expect(readAnkiText('#separator:weird\na\tb')).toEqual({
      ok: false,
      error: MSG.importAnkiSeparator('weird'),
    });
  });

  it('detects tab, semicolon or comma without a header, and reads plain text or HTML as it looks', () => {
    expect(cards('a<b\tc & d')).toEqual([{ front: 'a&lt;b', back: 'c &amp; d' }]);
    expect(cards('x;<i>y</i>')).toEqual([{ front: 'x', back: '<i>y</i>' }]);
    expect(cards('x,y')).toEqual([{ front: 'x', back: 'y' }]);
    expect(cards('#html:false\n<i>y</i>\tz')).toEqual([{ front: '&lt;i&gt;y&lt;/i&gt;', back: 'z' }]);
  });

  it('reads quoted fields: separators, new lines and "" inside, the span covering every line', () => {
    const text = '#separator:comma\n#html:true\n"a, ""quoted""\nline",b\n"x"y,z\r\n';
    const r = ok(readAnkiText(text));
    expect(r.items.map((i) => [i.line, i.item])).toEqual([
      [3, { front: 'a, "quoted"\nline', back: 'b' }],
      [5, { front: 'xy', back: 'z' }],
    ]);
    expect(text.slice(r.items[0]!.start, r.items[0]!.end)).toBe('"a, ""quoted""\nline",b');
    expect(text.slice(r.items[1]!.start, r.items[1]!.end)).toBe('"x"y,z');
  });

  it('takes #deck:, #columns: names and keeps a #notetype: cloze note out as skipped', () => {
    const r = ok(readAnkiText('#deck:Pharm::Drugs\n#columns:Back\tFront\n1\t2\n'));
    expect(r.setName).toBe('Pharm::Drugs');
    expect(r.items.map((i) => i.item)).toEqual([{ front: '2', back: '1' }]);
    const cloze = ok(readAnkiText('#notetype:Cloze\n{{c1::Aspirin}} inhibits COX\textra\n'));
    expect(cloze.items).toEqual([]);
    expect(cloze.skipped).toEqual([
      {
        line: 2,
        start: 16,
        end: 50,
        what: MSG.skippedClozeNote('{{c1::Aspirin}} inhibits COX'),
        reason: MSG.skippedClozeReason,
      },
    ]);
  });

  it('lists rows without a front, too long faces and an unclosed quote by line', () => {
    const long = 'x'.repeat(RESOURCE_TEXT_MAX + 1);
    const r = ok(
      readAnkiText(`#separator:tab\ngood\tone\n\tno front\n${long}\tb\n"open\tnever closed\nmore`),
    );
    expect(r.items.map((i) => i.item)).toEqual([{ front: 'good', back: 'one' }]);
    expect(r.errors.map((e) => [e.line, e.messages])).toEqual([
      [3, [MSG.importFrontRequired]],
      [4, [MSG.importCellTooLong('Front', RESOURCE_TEXT_MAX)]],
      [5, [MSG.importUnclosedQuote]],
    ]);
  });

  it('refuses an empty body, too many notes and a line over the bound', () => {
    expect(readAnkiText('#separator:tab\n#html:true\n\n')).toEqual({ ok: false, error: MSG.importNoCards });
    expect(readAnkiText('a\tb\n'.repeat(IMPORT_MAX_ROWS + 1))).toEqual({
      ok: false,
      error: MSG.importTooManyItems(IMPORT_MAX_ROWS, 'cards'),
    });
    expect(readAnkiText(`#html:true\n${'y'.repeat(IMPORT_LINE_MAX + 1)}`)).toEqual({
      ok: false,
      error: MSG.importLineTooLong(2, IMPORT_LINE_MAX),
      line: 2,
    });
  });
});

describe('writeAnkiText', () => {
  it('writes the header lines and quotes what needs it', () => {
    const text = writeAnkiText({
      name: 'Heart\nvalves',
      cards: [
        { front: '#1', back: 'a\tb' },
        { front: 'say "hi"', back: '<p>x</p>' },
      ],
    });
    expect(text).toBe(
      '#separator:tab\n#html:true\n#notetype:Basic\n#deck:Heart valves\n#columns:Front\tBack\n' +
        '"#1"\t"a\tb"\n"say ""hi"""\t<p>x</p>\n',
    );
  });

  it('round trip: write then read gives the same cards and the deck name', () => {
    const face = fc.string({ maxLength: 40 }).map((s) => s.replace(/\0/g, '').trim());
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ front: face, back: face }).filter((c) => c.front !== ''),
          { minLength: 1 },
        ),
        (cs) => {
          const r = ok(readAnkiText(writeAnkiText({ name: 'Deck::Sub', cards: cs })));
          expect(r.items.map((i) => i.item)).toEqual(cs);
          expect(r.setName).toBe('Deck::Sub');
        },
      ),
    );
  });
});

describe('looksLikeAnkiText', () => {
  it('is true when the text opens with a header line', () => {
    expect(looksLikeAnkiText('#separator:tab\na\tb')).toBe(true);
    expect(looksLikeAnkiText('\uFEFF#html:true\n')).toBe(true);
    expect(looksLikeAnkiText('#hello: world\na\tb')).toBe(false);
    expect(looksLikeAnkiText('a\tb')).toBe(false);
  });
});
