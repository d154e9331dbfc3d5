import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import { delimiterForFile, parseDelimited, readImportFile } from './csv-parse.ts';
import { MSG } from './messages.ts';

const cells = (text: string, opts = {}) => {
  const out = parseDelimited(text, opts);
  if (!out.ok) throw new Error(out.error);
  return out.rows.map((r) => r.cells);
};

describe('parseDelimited', () => {
  it('reads comma-separated text with quotes, inner commas, doubled quotes and line breaks', () => {
    expect(cells('Front,Back\n"A, b","say ""hi"""\n"two\nlines",x\r\n')).toEqual([
      ['Front', 'Back'],
      ['A, b', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
  });

  it('detects tab-separated text (a spreadsheet paste) and trims cells, removing NUL', () => {
    const out = parseDelimited('What, really?\t Answer \nSecond\tB\0');
    expect(out).toMatchObject({ ok: true, delimiter: '\t' });
    expect(cells('What, really?\t Answer \nSecond\tB\0')).toEqual([
      ['What, really?', 'Answer'],
      ['Second', 'B'],
    ]);
  });

  it('keeps the source row numbers when blank rows are dropped, and strips a BOM', () => {
    const out = parseDelimited('\uFEFFa,b\n\n  ,  \nc,d\n');
    expect(out).toEqual({
      ok: true,
      delimiter: ',',
      rows: [
        { row: 1, cells: ['a', 'b'] },
        { row: 4, cells: ['c', 'd'] },
      ],
    });
  });

  it('a one-column paste is one column, not an undetectable delimiter', () => {
    expect(parseDelimited('Mitral valve\nAortic valve\nTricuspid valve')).toMatchObject({
      ok: true,
      delimiter: ',',
    });
    expect(cells('Only one line')).toEqual([['Only one line']]);
    expect(cells('"Quoted, with a comma"\nplain')).toEqual([['Quoted, with a comma'], ['plain']]);
  });

  it('first rows mostly one column (fronts without backs) still read with commas', () => {
    const text = ['a', 'b', 'c', 'd,with back', 'e', 'f'].join('\n');
    expect(parseDelimited(text)).toMatchObject({ ok: true, delimiter: ',' });
    expect(cells(text)[3]).toEqual(['d', 'with back']);
  });

  it(`columns separated by semicolons or pipes → '${MSG.importDelimiter}'`, () => {
    expect(parseDelimited('Front;Back\nHeart;Pump\nLung;Gas exchange')).toEqual({
      ok: false,
      error: MSG.importDelimiter,
    });
    expect(parseDelimited('Front|Back\nHeart|Pump')).toEqual({ ok: false, error: MSG.importDelimiter });
  });

  it(`empty or blank text → '${MSG.importNoRows}'`, () => {
    for (const text of ['', '   ', '\n\n', '\uFEFF', ',,\n\t\n']) {
      expect(parseDelimited(text)).toEqual({ ok: false, error: MSG.importNoRows });
    }
  });

  it(`a broken quote → '${MSG.importParseError}' with its row`, () => {
    expect(parseDelimited('a,b\nc,"unterminated\nd,e')).toEqual({
      ok: false,
      error: MSG.importParseError,
      row: 2,
    });
    expect(parseDelimited('a,b\n"x"y,z', { delimiter: ',' })).toEqual({
      ok: false,
      error: MSG.importParseError,
      row: 2,
    });
  });

  it(`a failure inside the reader → '${MSG.importReadFailed}'`, () => {
    expect(parseDelimited(undefined as unknown as string)).toEqual({
      ok: false,
      error: MSG.importReadFailed,
    });
  });

  it('a forced tab delimiter keeps commas inside cells', () => {
    expect(cells('a, b\tc\nd\te, f', { delimiter: '\t' })).toEqual([
      ['a, b', 'c'],
      ['d', 'e, f'],
    ]);
  });
});

describe('files', () => {
  it('.tsv means tab, anything else is detected', () => {
    expect(delimiterForFile('cards.TSV')).toBe('\t');
    expect(delimiterForFile('cards.csv')).toBeUndefined();
  });

  it(`reads a file's text, or '${MSG.importReadFailed}' when reading fails`, async () => {
    const file = new File(['a\tb\n'], 'deck.tsv');
    expect(await readImportFile(file)).toEqual({ ok: true, text: 'a\tb\n', delimiter: '\t' });
    const broken = { name: 'x.csv', text: () => Promise.reject(new Error('NotReadableError')) };
    expect(await readImportFile(broken)).toEqual({ ok: false, error: MSG.importReadFailed });
  });
});

describe('round trip', () => {
  it('property: what toCsv writes, parseDelimited reads back (trimmed, formula-escaped)', () => {
    const cell = fc.string({ maxLength: 20 }).map((v) => v.replace(/\0/g, '').trim());
    const row = fc.tuple(
      cell.filter((v) => v !== ''),
      cell,
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (rows) => {
        const csv = toCsv(rows, [
          { header: 'Front', value: (r) => r[0] },
          { header: 'Back', value: (r) => r[1] },
        ]);
        const out = parseDelimited(csv, { delimiter: ',' });
        if (!out.ok) throw new Error(out.error);
        const escape = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
        expect(out.rows.map((r) => r.cells)).toEqual([['Front', 'Back'], ...rows.map((r) => r.map(escape))]);
      }),
    );
  });
});
