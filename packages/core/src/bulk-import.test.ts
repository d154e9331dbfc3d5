import { describe, expect, it } from 'vitest';
import {
  cutCell,
  importNameError,
  importPreview,
  mapImportRows,
  parseCorrectOption,
  prepareImport,
  type BulkKind,
} from './bulk-import.ts';
import { IMPORT_PREVIEW_CELL_MAX, IMPORT_PREVIEW_ROWS, RESOURCE_TEXT_MAX } from './constants.ts';
import { parseDelimited } from './csv-parse.ts';
import { MSG } from './messages.ts';

const rowsOf = (text: string) => {
  const out = parseDelimited(text);
  if (!out.ok) throw new Error(out.error);
  return out.rows;
};
const ok = <K extends BulkKind>(kind: K, text: string) => {
  const out = prepareImport(kind, text);
  if (!out.ok) throw new Error(out.error);
  return out;
};

describe('flashcard rows', () => {
  it('Front and Back by position; Back may be empty; extra columns ignored', () => {
    const out = ok('flashcards', 'Heart,Pump,extra\nLung\n');
    expect(out.header).toBeNull();
    expect(out.valid).toEqual([
      { row: 1, item: { front: 'Heart', back: 'Pump' } },
      { row: 2, item: { front: 'Lung', back: '' } },
    ]);
    expect(out.rowCount).toBe(2);
  });

  it(`a row without a Front is listed with its row number ('${MSG.importFrontRequired}'), the rest stay valid`, () => {
    const out = ok('flashcards', 'Front,Back\nHeart,Pump\n,orphan back\n\nKidney,Filter');
    expect(out.header).toEqual(['Front', 'Back']);
    expect(out.errors).toEqual([{ row: 3, messages: [MSG.importFrontRequired] }]);
    expect(out.valid.map((v) => v.row)).toEqual([2, 5]);
    expect(out.rowCount).toBe(3);
  });

  it('a header maps columns by name in any order and case', () => {
    const out = ok('flashcards', 'notes,BACK,front\nx,Pump,Heart');
    expect(out.valid).toEqual([{ row: 2, item: { front: 'Heart', back: 'Pump' } }]);
    const qa = ok('flashcards', 'Question\tAnswer\nHeart\tPump');
    expect(qa.valid).toEqual([{ row: 2, item: { front: 'Heart', back: 'Pump' } }]);
  });

  it(`a header and nothing else → '${MSG.importNoRows}'`, () => {
    expect(prepareImport('flashcards', 'Front,Back\n')).toEqual({ ok: false, error: MSG.importNoRows });
  });

  it('whole-input errors pass through (delimiter, parse error with row)', () => {
    expect(prepareImport('flashcards', 'a;b\nc;d')).toEqual({ ok: false, error: MSG.importDelimiter });
    expect(prepareImport('mcqs', 'q,"a\n')).toEqual({ ok: false, error: MSG.importParseError, row: 1 });
  });
});

describe('MCQ rows', () => {
  it('question, five options, correct option, explanation by position', () => {
    const out = ok(
      'mcqs',
      'Which valve?,Mitral,Aortic,Tricuspid,Pulmonary,,B,Left side\nTwo options?,Yes,No,,,,,',
    );
    expect(out.errors).toEqual([]);
    expect(out.valid).toEqual([
      {
        row: 1,
        item: {
          question: 'Which valve?',
          option1: 'Mitral',
          option2: 'Aortic',
          option3: 'Tricuspid',
          option4: 'Pulmonary',
          option5: null,
          correctOption: 2,
          explanation: 'Left side',
        },
      },
      {
        row: 2,
        item: {
          question: 'Two options?',
          option1: 'Yes',
          option2: 'No',
          option3: null,
          option4: null,
          option5: null,
          correctOption: 1,
          explanation: null,
        },
      },
    ]);
  });

  it('correct option: 1–5 or A–E in any case, default 1', () => {
    expect(['1', '5', 'a', 'E', ' c ', ''].map(parseCorrectOption)).toEqual([1, 5, 1, 5, 3, 1]);
    expect(['0', '6', 'F', 'AB', '2.0', 'one'].map(parseCorrectOption)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('every row problem is listed with the row number', () => {
    const text = [
      'question,option1,option2,option3,option4,option5,correct option,explanation',
      ',a,b,,,,1,', // 2: no question
      'Q,a,,,,,1,', // 3: one option
      'Q,a,b,,d,,1,', // 4: a gap
      'Q,a,b,c,,,F,', // 5: bad correct option
      'Q,a,b,c,,,4,', // 6: correct option empty
      ',,,,,,x,', // 7: several at once
      'Fine,a,b,c,d,e,e,why', // 8: valid
    ].join('\n');
    const out = ok('mcqs', text);
    expect(out.errors).toEqual([
      { row: 2, messages: [MSG.questionRequired] },
      { row: 3, messages: [MSG.twoOptionsRequired] },
      { row: 4, messages: [MSG.importOptionGap] },
      { row: 5, messages: [MSG.importCorrectOptionInvalid('F')] },
      { row: 6, messages: [MSG.importCorrectOptionEmpty(4)] },
      {
        row: 7,
        messages: [MSG.questionRequired, MSG.twoOptionsRequired, MSG.importCorrectOptionInvalid('x')],
      },
    ]);
    expect(out.valid).toHaveLength(1);
    expect(out.valid[0]).toMatchObject({
      row: 8,
      item: { correctOption: 5, explanation: 'why', option5: 'e' },
    });
    expect(out.rowCount).toBe(7);
  });

  it('header aliases: Option A–E, A–E, Answer', () => {
    const out = ok('mcqs', 'Question,Option A,Option B,Option C,Answer\nQ?,x,y,z,C');
    expect(out.valid[0]?.item).toMatchObject({
      option1: 'x',
      option3: 'z',
      correctOption: 3,
      explanation: null,
    });
    const letters = ok('mcqs', 'Question,A,B,C,D,E,Correct,Explanation\nQ?,v,w,x,y,z,e,because');
    expect(letters.valid[0]?.item).toMatchObject({
      option1: 'v',
      option5: 'z',
      correctOption: 5,
      explanation: 'because',
    });
  });

  it('a header without an explanation column gives null explanations', () => {
    const out = ok('mcqs', 'question,option1,option2\nQ?,x,y');
    expect(out.valid[0]?.item).toMatchObject({ correctOption: 1, explanation: null });
  });
});

describe('name', () => {
  it('a blank name gets the kind in the message', () => {
    expect(importNameError('flashcards', '  ')).toBe('Please provide a name for this Flashcards set.');
    expect(importNameError('mcqs', '')).toBe('Please provide a name for this MCQs set.');
    expect(importNameError('mcqs', 'Week 1')).toBeNull();
  });
});

describe('preview', () => {
  it(`shows ${IMPORT_PREVIEW_ROWS} rows, the row count, and cells cut at ${IMPORT_PREVIEW_CELL_MAX} characters`, () => {
    const long = 'x'.repeat(80);
    const lines = Array.from({ length: 12 }, (_, i) => `Front ${i + 1},${i === 0 ? long : 'b'}`);
    const out = ok('flashcards', lines.join('\n'));
    expect(out.preview.rowCount).toBe(12);
    expect(out.preview.columns).toEqual(['Front', 'Back']);
    expect(out.preview.rows).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(out.preview.rows[0]).toEqual(['Front 1', 'x'.repeat(IMPORT_PREVIEW_CELL_MAX) + '…']);
    expect(out.preview.rows[4]?.[0]).toBe('Front 5');
  });

  it('uses the source header, pads short rows and names extra columns', () => {
    const rows = rowsOf('Front,Back\nonly front\na,b,c');
    const p = importPreview('flashcards', rows, rows[0]!.cells);
    expect(p).toEqual({
      columns: ['Front', 'Back', 'Column 3'],
      rows: [
        ['only front', '', ''],
        ['a', 'b', 'c'],
      ],
      rowCount: 2,
    });
  });

  it('MCQ columns are named when there is no header', () => {
    const rows = rowsOf('Q,a,b');
    const mapped = mapImportRows('mcqs', rows);
    expect(importPreview('mcqs', rows, mapped.header).columns).toEqual([
      'Question',
      'Option 1',
      'Option 2',
      'Option 3',
      'Option 4',
      'Option 5',
      'Correct option',
      'Explanation',
    ]);
  });

  it('cuts by characters, not UTF-16 units', () => {
    expect(cutCell('🫀'.repeat(51))).toBe('🫀'.repeat(50) + '…');
    expect(cutCell('🫀'.repeat(50))).toBe('🫀'.repeat(50));
  });
});

describe('cells longer than the server stores (issue 17)', () => {
  it('are errors of their row, naming the column, and the other rows import', () => {
    const long = 'x'.repeat(RESOURCE_TEXT_MAX + 1);
    const cards = prepareImport('flashcards', `front,back\nok,fine\n${long},b\na,${long}`);
    if (!cards.ok) throw new Error(cards.error);
    expect(cards.valid).toHaveLength(1);
    expect(cards.errors).toEqual([
      { row: 3, messages: [MSG.importCellTooLong('Front', RESOURCE_TEXT_MAX)] },
      { row: 4, messages: [MSG.importCellTooLong('Back', RESOURCE_TEXT_MAX)] },
    ]);
    const mcqs = prepareImport('mcqs', `question,option1,option2,correct,explanation\nQ,a,b,1,${long}`);
    if (!mcqs.ok) throw new Error(mcqs.error);
    expect(mcqs.errors).toEqual([
      { row: 2, messages: [MSG.importCellTooLong('Explanation', RESOURCE_TEXT_MAX)] },
    ]);
  });
});
