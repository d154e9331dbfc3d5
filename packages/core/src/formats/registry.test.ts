// The registry lists each kind's formats with their endings, detects a file or paste's format and reads
// a text in the format chosen.
import { describe, expect, it } from 'vitest';
import { detectFormat, importAccept, importFormats, readImport } from './registry.ts';

const AIKEN = 'Which nerve?\nA. Ulnar\nB. Radial\nANSWER: B\n';
const GIFT = '::Nerve:: Which nerve? {=Radial ~Ulnar}\n';
const MOODLE =
  '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n<question type="multichoice"><name><text>N</text></name>' +
  '<questiontext format="html"><text>Which nerve?</text></questiontext><single>true</single>' +
  '<answer fraction="100"><text>Radial</text></answer><answer fraction="0"><text>Ulnar</text></answer></question>\n</quiz>\n';

describe('import formats', () => {
  it('each kind lists its formats once, labelled, CSV (the fallback) last', () => {
    expect(importFormats('flashcards').map((f) => f.id)).toEqual(['anki-text', 'quizlet', 'csv']);
    expect(importFormats('mcqs').map((f) => f.id)).toEqual(['moodle-xml', 'gift', 'aiken', 'csv']);
    for (const kind of ['flashcards', 'mcqs'] as const)
      for (const f of importFormats(kind)) expect(f.label).not.toBe('');
    expect(importAccept('mcqs').split(',')).toEqual(['.xml', '.gift', '.txt', '.csv', '.tsv']);
    expect(importAccept('flashcards').split(',')).toEqual(['.txt', '.csv', '.tsv']);
  });

  it('a file ending only one format uses decides', () => {
    expect(detectFormat('mcqs', 'Question,A,B\nQ,1,2', 'bank.CSV')).toBe('csv');
    expect(detectFormat('mcqs', AIKEN, 'bank.xml')).toBe('moodle-xml');
    expect(detectFormat('mcqs', AIKEN, 'bank.gift')).toBe('gift');
    expect(detectFormat('flashcards', 'a\tb', 'words.tsv')).toBe('csv');
  });

  it('a .txt file or a paste is read by its content, else as CSV', () => {
    expect(detectFormat('mcqs', MOODLE)).toBe('moodle-xml');
    expect(detectFormat('mcqs', GIFT, 'bank.txt')).toBe('gift');
    expect(detectFormat('mcqs', AIKEN, 'bank.txt')).toBe('aiken');
    expect(detectFormat('mcqs', 'Question,A,B\nWhich?,One,Two')).toBe('csv');
    expect(detectFormat('flashcards', '#separator:tab\n#html:true\nHeart\tPump\n', 'deck.txt')).toBe(
      'anki-text',
    );
    expect(detectFormat('flashcards', 'Heart\tPump\nLung\tAir')).toBe('quizlet');
    expect(detectFormat('flashcards', 'Front,Back\nHeart,Pump')).toBe('csv');
  });

  it("a tab-separated paste headed 'Front<TAB>Back' reads as a spreadsheet with a header, not the header as a card", () => {
    for (const header of ['Front\tBack', 'front\tBACK', ' Front \t Back ']) {
      const text = `${header}\nHeart\tPump, valves\nLung\tAir\n`;
      const format = detectFormat('flashcards', text);
      expect(format).toBe('csv');
      const r = readImport('flashcards', format, text);
      expect(r.ok && r.items.map((i) => [i.line, i.item.front, i.item.back])).toEqual([
        [2, 'Heart', 'Pump, valves'],
        [3, 'Lung', 'Air'],
      ]);
    }
    // A card that merely starts with the word is a card; choosing Quizlet still reads every line.
    expect(detectFormat('flashcards', 'Front teeth\tIncisors\nLung\tAir')).toBe('quizlet');
    const chosen = readImport('flashcards', 'quizlet', 'Front\tBack\nHeart\tPump\n');
    expect(chosen.ok && chosen.items.map((i) => i.item.front)).toEqual(['Front', 'Heart']);
  });

  it('reads in the format chosen, with its options', () => {
    const csv = readImport('flashcards', 'csv', 'Heart\tPump, valves', { delimiter: '\t' });
    expect(csv.ok && csv.items.map((i) => i.item)).toEqual([{ front: 'Heart', back: 'Pump, valves' }]);
    const quizlet = readImport('flashcards', 'quizlet', 'Heart,Pump;Lung,Air', {
      quizlet: { between: ',', rows: ';' },
    });
    expect(quizlet.ok && quizlet.items.map((i) => i.item.front)).toEqual(['Heart', 'Lung']);
    const aiken = readImport('mcqs', 'aiken', AIKEN);
    expect(aiken.ok && aiken.items.map((i) => [i.line, i.item.correctOption])).toEqual([[1, 2]]);
    const moodle = readImport('mcqs', 'moodle-xml', MOODLE);
    expect(moodle.ok && moodle.items.map((i) => i.item.option1)).toEqual(['Radial']);
    expect(() => readImport('flashcards', 'gift' as 'csv', 'x')).toThrow();
  });

  it('a text opening with a byte order mark: every offset is of the text as given, lines unchanged', () => {
    // Each reader's source has an item, an error or a skipped entry to locate.
    const sources = [
      [
        'mcqs',
        'moodle-xml',
        MOODLE.replace('<quiz>\n', '<quiz>\n<question type="essay"><name><text>E</text></name></question>\n'),
      ],
      ['mcqs', 'gift', `${GIFT}\n::Bad:: No right answer {~a ~b}\n\n::Essay:: Write. {}\n`],
      ['mcqs', 'aiken', `${AIKEN}\nWhich bone?\nA. Tibia\nANSWER: C\n`],
      ['mcqs', 'csv', 'Question,A,B,Correct\nWhich?,One,Two,1\n,One,Two,1\n'],
      ['flashcards', 'quizlet', 'Heart\tPump\nLung\tAir\n'],
      ['flashcards', 'anki-text', '#separator:tab\n#html:false\nHeart\tPump\n\tNo front\n'],
      ['flashcards', 'csv', 'Front,Back\nHeart,Pump\n,No front\n'],
    ] as const;
    for (const [kind, format, text] of sources) {
      const plain = readImport(kind, format, text);
      const marked = readImport(kind, format, `\uFEFF${text}`);
      if (!plain.ok || !marked.ok) throw new Error(`${format} did not read`);
      const spans = (r: typeof plain) => [...r.items, ...r.errors, ...r.skipped];
      expect(spans(plain).length, format).toBeGreaterThan(1);
      const from = (r: typeof plain, t: string) => spans(r).map((s) => [s.line, t.slice(s.start, s.end)]);
      expect(from(marked, `\uFEFF${text}`), format).toEqual(from(plain, text));
    }
  });
});
