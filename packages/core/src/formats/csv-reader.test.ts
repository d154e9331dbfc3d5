// The CSV reader keeps the bulk import's rules and adds where each row sits, so a fixed row spliced back
// in by its span reads as the fix.
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import type { ReadResult } from './contract.ts';
import { readCsv } from './csv-reader.ts';

const ok = <T>(r: ReadResult<T>) => {
  if (!r.ok) throw new Error(r.error);
  return r;
};

describe('readCsv', () => {
  it('gives each item and error its first line and the offsets of its whole row', () => {
    const text = 'Front,Back\r\nHeart,Pump\r\n,orphan\r\n\r\n"Multi\r\nline",x\r\nKidney,Filter';
    const r = ok(readCsv('flashcards', text));
    expect(r.items.map((i) => [i.line, text.slice(i.start, i.end), i.item.front])).toEqual([
      [2, 'Heart,Pump', 'Heart'],
      [5, '"Multi\r\nline",x', 'Multi\r\nline'],
      [7, 'Kidney,Filter', 'Kidney'],
    ]);
    expect(r.errors).toEqual([{ line: 3, start: 24, end: 31, messages: [MSG.importFrontRequired] }]);
    expect(text.slice(24, 31)).toBe(',orphan');
    expect(r).toMatchObject({ setName: null, skipped: [], files: [] });
  });

  it('a fix spliced in by the span reads as a valid row; the header still names the columns', () => {
    const text = 'Question,A,B,Correct\nWhich?,One,Two,B\nBroken?,One,,A\n';
    const bad = ok(readCsv('mcqs', text)).errors[0]!;
    expect(bad.messages).toEqual([MSG.twoOptionsRequired]);
    const fixed = text.slice(0, bad.start) + 'Broken?,One,Two,A' + text.slice(bad.end);
    const again = ok(readCsv('mcqs', fixed));
    expect(again.errors).toEqual([]);
    expect(again.items.map((i) => [i.line, i.item.question, i.item.correctOption])).toEqual([
      [2, 'Which?', 2],
      [3, 'Broken?', 1],
    ]);
  });

  it('offsets count the byte order mark; a .tsv delimiter is kept', () => {
    const text = '\uFEFFHeart\tPump, valves\nLung\tAir';
    const r = ok(readCsv('flashcards', text, { delimiter: '\t' }));
    expect(r.items.map((i) => text.slice(i.start, i.end))).toEqual(['Heart\tPump, valves', 'Lung\tAir']);
    expect(r.items[0]!.item.back).toBe('Pump, valves');
  });

  it('whole-source failures keep the spec messages, a quoting error with its line', () => {
    expect(readCsv('flashcards', '  \n')).toEqual({ ok: false, error: MSG.importNoRows });
    expect(readCsv('flashcards', 'a;b;c\nd;e;f\ng;h;i')).toEqual({ ok: false, error: MSG.importDelimiter });
    expect(readCsv('flashcards', 'Front,Back\nHeart,Pump\n"Lung,Air')).toMatchObject({
      ok: false,
      error: MSG.importParseError,
      line: 3,
    });
    expect(readCsv('flashcards', 'Front,Back\n')).toEqual({ ok: false, error: MSG.importNoRows });
  });
});
