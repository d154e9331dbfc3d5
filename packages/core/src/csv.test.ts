import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

/** A minimal RFC 4180 reader, to check that what toCsv writes reads back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('csvCell', () => {
  it('RFC 4180: quotes cells with commas, quotes or line breaks, doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('escapes spreadsheet formulas with a leading apostrophe (=, +, -, @, tab, CR)', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@foo')).toBe("'@foo");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
    // Numbers are data, not formulas.
    expect(csvCell(-5)).toBe('-5');
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line endings', () => {
    const csv = toCsv(
      [
        { name: 'Cardiology, adult', n: 3 },
        { name: '=cmd', n: 1 },
      ],
      [
        { header: 'Subject', value: (r) => r.name },
        { header: 'Sessions', value: (r) => r.n },
      ],
    );
    expect(csv).toBe('Subject,Sessions\r\n"Cardiology, adult",3\r\n\'=cmd,1\r\n');
  });

  it('property: every string reads back (apostrophe-prefixed when it starts like a formula)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { maxLength: 10 }),
        (rows) => {
          const csv = toCsv(rows, [
            { header: 'A', value: (r) => r[0] },
            { header: 'B', value: (r) => r[1] },
          ]);
          const back = parseCsv(csv);
          expect(back[0]).toEqual(['A', 'B']);
          const expected = rows.map((r) => r.map((v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v)));
          expect(back.slice(1)).toEqual(expected);
        },
      ),
    );
  });
});
