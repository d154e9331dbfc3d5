import { describe, expect, it } from 'vitest';
import { cardKey, duplicateKey, findDuplicates, planImport, questionKey } from './bulk-duplicates.ts';
import type { CardDraft, QuestionDraft, ValidRow } from './bulk-import.ts';
import { MSG } from './messages.ts';

const card = (row: number, front: string, back = 'b'): ValidRow<CardDraft> => ({
  row,
  item: { front, back },
});

describe('duplicateKey', () => {
  it('ignores markup, entities and spacing, keeps case and words', () => {
    expect(duplicateKey('<p>Which   <b>valve</b>\n closes&nbsp;first?</p>')).toBe(
      'Which valve closes first?',
    );
    expect(duplicateKey('A &amp; B &lt;5&gt; &#65;&#x42;')).toBe('A & B <5> AB');
    expect(duplicateKey('Caf\u0065\u0301')).toBe(duplicateKey('Café'));
    expect(duplicateKey('heart')).not.toBe(duplicateKey('Heart'));
    expect(duplicateKey('&bogus; &#0;')).toBe('&bogus; &#0;');
  });

  it('keys cards by front and questions by question', () => {
    expect(cardKey({ front: '<p>X</p>', back: 'y' })).toBe('X');
    expect(questionKey({ question: ' Q ' } as QuestionDraft)).toBe('Q');
  });
});

describe('findDuplicates', () => {
  const existing = [
    { id: 'c1', text: '<p>Heart</p>' },
    { id: 'c2', text: 'Lung' },
    { id: 'c3', text: ' Heart ' }, // an older duplicate in the deck: the first one is matched
  ];

  it('flags rows matching an existing item, then repeats of an earlier row', () => {
    const rows = [
      card(2, 'Heart'),
      card(3, 'Kidney'),
      card(4, '<em>Heart</em>'),
      card(5, 'Kidney '),
      card(6, 'Liver'),
    ];
    const dups = findDuplicates(rows, cardKey, existing);
    expect([...dups.entries()]).toEqual([
      [2, { kind: 'existing', existingId: 'c1', choices: ['skip', 'update', 'add'] }],
      [4, { kind: 'row', firstRow: 2, choices: ['skip', 'add'] }],
      [5, { kind: 'row', firstRow: 3, choices: ['skip', 'add'] }],
    ]);
  });
});

describe('planImport', () => {
  const rows = [card(2, 'Heart', 'new back'), card(3, 'Kidney'), card(4, 'Heart'), card(5, 'Lung')];
  const dups = findDuplicates(rows, cardKey, [
    { id: 'c1', text: 'Heart' },
    { id: 'c2', text: 'Lung' },
  ]);

  it('skips duplicates by default', () => {
    expect(planImport(rows, dups)).toEqual({
      ok: true,
      add: [rows[1]!.item],
      update: [],
      skipped: [2, 4, 5],
    });
  });

  it('update keeps the id (and so the progress), add writes a copy', () => {
    const plan = planImport(
      rows,
      dups,
      new Map([
        [2, 'update'],
        [4, 'add'],
        [5, 'update'],
      ] as const),
    );
    expect(plan).toEqual({
      ok: true,
      add: [rows[1]!.item, rows[2]!.item],
      update: [
        { id: 'c1', item: rows[0]!.item },
        { id: 'c2', item: rows[3]!.item },
      ],
      skipped: [],
    });
  });

  it('update on a repeated row counts as skip; the fallback applies to rows without a choice', () => {
    // Row 4 repeats row 2, so 'update' is not among its choices: skipped. Rows 2 and 5 match existing
    // cards and take the 'add' fallback.
    expect(planImport(rows, dups, new Map([[4, 'update']] as const), 'add')).toEqual({
      ok: true,
      add: [rows[0]!.item, rows[1]!.item, rows[3]!.item],
      update: [],
      skipped: [4],
    });
  });

  it(`nothing left to write → '${MSG.importEmpty}'`, () => {
    expect(planImport([], new Map())).toEqual({ ok: false, error: MSG.importEmpty });
    const only = [card(2, 'Heart')];
    expect(planImport(only, findDuplicates(only, cardKey, [{ id: 'c1', text: 'Heart' }]))).toEqual({
      ok: false,
      error: MSG.importEmpty,
    });
  });
});
