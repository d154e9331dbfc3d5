// The deck CSV export reads back through the CSV bulk import as the same cards.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareImport } from '../bulk-import.ts';
import { writeDeckCsv } from './deck-csv.ts';

describe('writeDeckCsv', () => {
  it('writes a Front,Back header and RFC 4180 records, no formula apostrophe', () => {
    expect(
      writeDeckCsv({
        name: 'D',
        cards: [
          { front: '=1+1', back: '<p>a, "b"</p>' },
          { front: '- item', back: '' },
        ],
      }),
    ).toBe('Front,Back\r\n=1+1,"<p>a, ""b""</p>"\r\n- item,\r\n');
  });

  it('round trip: the CSV bulk import reads the same cards back', () => {
    const face = fc.string({ maxLength: 40 }).map((s) => s.replace(/\0/g, '').trim());
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ front: face, back: face }).filter((c) => c.front !== ''),
          { minLength: 1 },
        ),
        (cards) => {
          const read = prepareImport('flashcards', writeDeckCsv({ name: 'D', cards }));
          if (!read.ok) throw new Error(read.error);
          expect(read.errors).toEqual([]);
          expect(read.valid.map((v) => v.item)).toEqual(cards);
        },
      ),
    );
  });
});
