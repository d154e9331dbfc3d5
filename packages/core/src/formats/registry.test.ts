// The registry lists each kind's formats with their endings, detects a file or paste's format and reads
// a text in the format chosen.
import { describe, expect, it } from 'vitest';
import { detectFormat, importAccept, importFormats, readImport } from './registry.ts';

describe('import formats', () => {
  it('every kind has CSV, the fallback, last', () => {
    for (const kind of ['flashcards', 'mcqs'] as const) {
      const formats = importFormats(kind);
      expect(formats.at(-1)?.id).toBe('csv');
      expect(new Set(formats.map((f) => f.id)).size).toBe(formats.length);
      for (const f of formats) expect(f.label).not.toBe('');
    }
    expect(importAccept('flashcards').split(',')).toContain('.tsv');
  });

  it('a .csv or .tsv file is CSV; a paste nothing else claims is CSV', () => {
    expect(detectFormat('mcqs', 'Question,A,B\nQ,1,2', 'bank.CSV')).toBe('csv');
    expect(detectFormat('flashcards', 'a\tb', 'words.tsv')).toBe('csv');
    expect(detectFormat('flashcards', 'Front,Back\nHeart,Pump')).toBe('csv');
  });

  it('reads in the format chosen, passing the delimiter', () => {
    const r = readImport('flashcards', 'csv', 'Heart\tPump, valves', { delimiter: '\t' });
    expect(r.ok && r.items.map((i) => i.item)).toEqual([{ front: 'Heart', back: 'Pump, valves' }]);
    expect(() => readImport('flashcards', 'anki-text' as 'csv', 'x')).toThrow();
  });
});
