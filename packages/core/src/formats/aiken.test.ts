// Aiken in and out (issue 21): questions with 'A)' or 'A.' options and 'ANSWER: X' read into drafts with
// their lines, every broken question an error on its first line; what writeAiken writes reads back as the
// same questions (Aiken holds no explanation or picture).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuestionDraft } from '../bulk-import.ts';
import { MSG } from '../messages.ts';
import type { ReadResult } from './contract.ts';
import { looksLikeAiken, readAiken, writeAiken } from './aiken.ts';
import { QUESTION_FORMAT_LIMITS } from './question-fields.ts';

const ok = (r: ReadResult<QuestionDraft>) => {
  if (!r.ok) throw new Error(r.error);
  return r;
};

const FILE = `Which chamber pumps blood into the aorta?
A) Right atrium
B) Left ventricle
C) Right ventricle
D) Left atrium
ANSWER: B

What is the normal resting heart rate (bpm)?
A. 40-60
B. 60-100
C. 100-140
ANSWER: B

Which question has no answer line?
A. This one
B. Not this one

Which lists an option out of order?
A. First
C. Third
ANSWER: A

Too many?
A. 1
B. 2
C. 3
D. 4
E. 5
F. 6
ANSWER: A

Which answer names no option?
A. One
B. Two
ANSWER: D

Only one option?
A. Alone
ANSWER: A
A. Orphan option
B. Another
ANSWER: A
Potassium is mostly
intracellular. Which ion is it?
A. K+ < 3.5 & rising
B. Na+
answer: a
`;

describe('readAiken', () => {
  it('reads questions and reports each broken one on its first line', () => {
    const r = ok(readAiken(FILE));
    expect(r.setName).toBeNull();
    expect(r.items.map(({ line, item }) => ({ line, item }))).toEqual([
      {
        line: 1,
        item: {
          question: 'Which chamber pumps blood into the aorta?',
          option1: 'Right atrium',
          option2: 'Left ventricle',
          option3: 'Right ventricle',
          option4: 'Left atrium',
          option5: null,
          correctOption: 2,
          explanation: null,
        },
      },
      {
        line: 8,
        item: {
          question: 'What is the normal resting heart rate (bpm)?',
          option1: '40-60',
          option2: '60-100',
          option3: '100-140',
          option4: null,
          option5: null,
          correctOption: 2,
          explanation: null,
        },
      },
      {
        line: 43,
        item: {
          question: 'Potassium is mostly\nintracellular. Which ion is it?',
          option1: 'K+ < 3.5 & rising',
          option2: 'Na+',
          option3: null,
          option4: null,
          option5: null,
          correctOption: 1,
          explanation: null,
        },
      },
    ]);
    expect(r.errors.map(({ line, messages }) => ({ line, messages }))).toEqual([
      { line: 14, messages: [MSG.aikenNoAnswer] },
      { line: 18, messages: [MSG.aikenOptionOrder('B', 'C')] },
      { line: 23, messages: [MSG.importTooManyOptions(6)] },
      { line: 32, messages: [MSG.aikenAnswerUnknown('D')] },
      { line: 37, messages: [MSG.twoOptionsRequired] },
      { line: 40, messages: [MSG.questionRequired] },
    ]);
    const first = r.items[0]!;
    expect(FILE.slice(first.start, first.end)).toBe(FILE.split('\n\n')[0]);
  });

  it('reads a bad question again once it is fixed in place', () => {
    const r = ok(readAiken(FILE));
    const bad = r.errors[0]!;
    const fixed = FILE.slice(bad.start, bad.end) + '\nANSWER: A';
    const again = ok(readAiken(FILE.slice(0, bad.start) + fixed + FILE.slice(bad.end)));
    expect(again.errors).toHaveLength(5);
    expect(again.items.find((i) => i.line === bad.line)!.item).toMatchObject({
      question: 'Which question has no answer line?',
      correctOption: 1,
    });
  });

  it('reads Windows line ends and keeps plain text that looks like HTML as text', () => {
    const r = ok(readAiken('<p>Is this a tag?</p>\r\nA. Yes\r\nB. No\r\nANSWER: B\r\n'));
    expect(r.items[0]!.item).toMatchObject({
      question: '<p>&lt;p&gt;Is this a tag?&lt;/p&gt;</p>',
      correctOption: 2,
    });
    expect(ok(readAiken('')).items).toEqual([]);
  });

  it('bounds the size and the question count', () => {
    const max = QUESTION_FORMAT_LIMITS.textChars;
    expect(readAiken('x'.repeat(max + 1))).toEqual({ ok: false, error: MSG.formatTooLarge(max / 1048576) });
    const q = 'Q?\nA. a\nB. b\nANSWER: A\n\n';
    const items = QUESTION_FORMAT_LIMITS.items;
    expect(readAiken(q.repeat(items + 1))).toEqual({ ok: false, error: MSG.formatTooManyItems(items) });
    expect(ok(readAiken(q.repeat(items))).items).toHaveLength(items);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        readAiken(s);
        readAiken(`${s}\nA. ${s}\nB) x\nANSWER: ${s}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('writeAiken', () => {
  const questions: QuestionDraft[] = [
    {
      question: 'Which ion is mostly intracellular?',
      option1: 'K+',
      option2: 'Na+ & Cl-',
      option3: 'Ca2+',
      option4: 'Mg2+',
      option5: 'HCO3-',
      correctOption: 5,
      explanation: null,
    },
    {
      question: 'True or false: the heart has four chambers.',
      option1: 'True',
      option2: 'False',
      option3: null,
      option4: null,
      option5: null,
      correctOption: 1,
      explanation: null,
    },
  ];

  it('writes question, lettered options and ANSWER, a blank line between questions', () => {
    const text = writeAiken({ name: 'Ions', questions });
    expect(text.split('\n\n')[1]).toBe(
      'True or false: the heart has four chambers.\nA. True\nB. False\nANSWER: A\n',
    );
    expect(looksLikeAiken(text)).toBe(true);
  });

  it('round-trips: written then read gives the same questions', () => {
    const r = ok(readAiken(writeAiken({ name: 'Ions', questions })));
    expect(r.errors).toEqual([]);
    expect(r.items.map((i) => i.item)).toEqual(questions);
  });

  it('writes HTML as its text on one line and leaves explanations out (Aiken has none)', () => {
    const text = writeAiken({
      name: 'x',
      questions: [
        {
          question: '<p>Which <b>valve</b>?</p><p>Look <img src="/files/a"></p>',
          option1: '<p>Mitral</p>',
          option2: 'Two\nlines',
          option3: null,
          option4: null,
          option5: null,
          correctOption: 2,
          explanation: 'Not written',
        },
      ],
    });
    expect(text).toBe('Which valve? Look\nA. Mitral\nB. Two lines\nANSWER: B\n');
  });
});

describe('looksLikeAiken', () => {
  it('knows Aiken from other text', () => {
    expect(looksLikeAiken(FILE)).toBe(true);
    expect(looksLikeAiken('Q {=a ~b}')).toBe(false);
    expect(looksLikeAiken('A. only options\nB. no answer')).toBe(false);
  });
});
