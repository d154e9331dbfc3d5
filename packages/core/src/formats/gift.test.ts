// GIFT in and out (issue 21): a file shaped as Moodle 4.x exports it (and as teachers type it) reads into
// drafts with their lines; the kinds Zan has no equivalent for are skipped, bad questions are errors on
// their lines without sinking the rest; what writeGift writes reads back as the same questions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuestionDraft } from '../bulk-import.ts';
import { MSG } from '../messages.ts';
import type { ReadResult } from './contract.ts';
import { escapeGift, looksLikeGift, readGift, writeGift } from './gift.ts';
import { QUESTION_FORMAT_LIMITS } from './question-fields.ts';

const ok = (r: ReadResult<QuestionDraft>) => {
  if (!r.ok) throw new Error(r.error);
  return r;
};
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

/** A Moodle 4.x GIFT export of a 'Cardiology' category, plus hand-typed questions. */
const FILE = `// question: 0  name: Switch category to $course$/top/Cardiology
$CATEGORY: $course$/top/Cardiology


// question: 2301  name: Chambers
// [tag:heart]
::Chambers::[html]<p>How many chambers has the human heart?</p>{
\t~<p>Two</p>#<p>That is a fish.</p>
\t=<p>Four</p>
\t~Three
\t####<p>Two atria and two ventricles.</p>
}


// question: 2302  name: Septum
::Septum::[html]<p>The septum separates the left and right heart.</p>{TRUE#<p>It does separate them.</p>#<p>Right.</p>####<p>The interventricular septum.</p>}


// question: 2303  name: Valve name
::Valve name::[html]<p>Name the valve between the left atrium and ventricle.</p>{
\t=%100%mitral#
\t=%100%bicuspid#
}


::Rate::What is the normal resting heart rate in bpm? {#60..100}

::Bones::Match the bone to its region. {
\t=Femur -> thigh
\t=Humerus -> arm
\t=Tibia -> leg
}

::Essay::Describe the cardiac cycle. {}

::Valves::Which are valves? {
\t~%50%Mitral
\t~%50%Tricuspid
\t~%-100%Septum
}

// A teacher's own: escapes, a missing word, plain text
::Escapes::Which symbol means "approximately equal" (≈) in 2 \\= 2\\: right? {
\t=\\~ (tilde)#Yes\\: \\{close\\}
\t~\\# (hash)
}

The {~right =left ~upper} ventricle pumps blood into the aorta.

::Broken::Which is the largest artery? {
\t=Aorta#Right: it leaves the left ventricle
\t~Vena cava
}

::Six::Too many options {=a ~b ~c ~d ~e ~f}

::None::No right answer here {~a ~b}

::Twice::Two right answers {=a =b ~c}
`;

describe('readGift', () => {
  it('reads a Moodle GIFT export: category, titles, [html], feedback, T/F, escapes, missing word', () => {
    const r = ok(readGift(FILE));
    expect(r.setName).toBe('Cardiology');
    expect(r.items.map((i) => i.item)).toEqual([
      {
        question: '<p>How many chambers has the human heart?</p>',
        option1: '<p>Two</p>',
        option2: '<p>Four</p>',
        option3: 'Three',
        option4: null,
        option5: null,
        correctOption: 2,
        explanation: '<p>Two atria and two ventricles.</p><p><strong>Option A:</strong> That is a fish.</p>',
      },
      {
        question: '<p>The septum separates the left and right heart.</p>',
        option1: 'True',
        option2: 'False',
        option3: null,
        option4: null,
        option5: null,
        correctOption: 1,
        explanation:
          '<p>The interventricular septum.</p><p><strong>Option A:</strong> Right.</p><p><strong>Option B:</strong> It does separate them.</p>',
      },
      {
        question: 'Which symbol means "approximately equal" (≈) in 2 = 2: right?',
        option1: '~ (tilde)',
        option2: '# (hash)',
        option3: null,
        option4: null,
        option5: null,
        correctOption: 1,
        explanation: 'Option A: Yes: {close}',
      },
      {
        question: 'The _____ ventricle pumps blood into the aorta.',
        option1: 'right',
        option2: 'left',
        option3: 'upper',
        option4: null,
        option5: null,
        correctOption: 2,
        explanation: null,
      },
    ]);
    expect(r.items.map((i) => i.line)).toEqual([
      lineOf(FILE, '::Chambers::'),
      lineOf(FILE, '::Septum::'),
      lineOf(FILE, '::Escapes::'),
      lineOf(FILE, 'The {~right'),
    ]);
    expect(r.skipped.map(({ what, reason, line }) => ({ what, reason, line }))).toEqual([
      {
        what: "Short-answer question 'Valve name'",
        reason: MSG.skippedQuestionType,
        line: lineOf(FILE, '::Valve name::'),
      },
      { what: "Numerical question 'Rate'", reason: MSG.skippedQuestionType, line: lineOf(FILE, '::Rate::') },
      { what: "Matching question 'Bones'", reason: MSG.skippedQuestionType, line: lineOf(FILE, '::Bones::') },
      { what: "Essay question 'Essay'", reason: MSG.skippedQuestionType, line: lineOf(FILE, '::Essay::') },
      {
        what: "Multiple-choice question 'Valves'",
        reason: MSG.skippedMultiAnswer,
        line: lineOf(FILE, '::Valves::'),
      },
    ]);
    const broken = lineOf(FILE, '::Broken::');
    expect(r.errors.map(({ messages, line }) => ({ messages, line }))).toEqual([
      { messages: [MSG.giftSyntax(broken + 1, ':')], line: broken },
      { messages: [MSG.importTooManyOptions(6)], line: lineOf(FILE, '::Six::') },
      { messages: [MSG.importNoCorrectOption], line: lineOf(FILE, '::None::') },
      { messages: [MSG.importSeveralCorrect(2)], line: lineOf(FILE, '::Twice::') },
    ]);
    // The preview puts 'Line N:' before each error: the message names only where inside it went wrong.
    expect(r.errors[0]!.messages[0]).toMatch(new RegExp(`^This question .* on line ${broken + 1}\\)`));
    // Spans cover the question from its first line (leading comments left out) to its last.
    const span = r.items[0]!;
    expect(FILE.slice(span.start, span.end)).toBe(
      FILE.slice(FILE.indexOf('::Chambers::'), FILE.indexOf('}', FILE.indexOf('::Chambers::')) + 1),
    );
    expect(r.errors[0]!.messages[0]).toContain('\\:');
  });

  it('reads a bad question again once it is fixed in place', () => {
    const r = ok(readGift(FILE));
    const bad = r.errors[0]!;
    const fixed = FILE.slice(bad.start, bad.end).replace('Right: it', 'Right\\: it');
    const again = ok(readGift(FILE.slice(0, bad.start) + fixed + FILE.slice(bad.end)));
    expect(again.errors).toHaveLength(3);
    const aorta = again.items.find((i) => i.line === bad.line)!;
    expect(aorta.item).toMatchObject({
      question: 'Which is the largest artery?',
      option1: 'Aorta',
      explanation: 'Option A: Right: it leaves the left ventricle',
    });
  });

  it('reads [markdown], [plain] and the default format onto Zan fields', () => {
    const stem = (text: string) => ok(readGift(text)).items[0]!.item.question;
    expect(stem('[markdown]A **bold** and *em* claim {=a ~b}')).toBe(
      '<p>A <strong>bold</strong> and <em>em</em> claim</p>',
    );
    expect(stem('[plain]<p>kept as text</p> {=a ~b}')).toBe('<p>&lt;p&gt;kept as text&lt;/p&gt;</p>');
    expect(stem('K+ < 3.5 & more {=a ~b}')).toBe('K+ < 3.5 & more');
    expect(stem('A <b>bold</b> word {=a ~b}')).toBe('<p>A <b>bold</b> word</p>');
    expect(stem('Line one\\nline two {=a ~b}')).toBe('Line one\nline two');
    expect(ok(readGift('{=a ~b}')).errors[0]!.messages).toEqual([MSG.questionRequired]);
  });

  it('reads Windows line ends, a $CATEGORY right above a question and comment-only blocks', () => {
    const text =
      '// only a comment\r\n\r\n$CATEGORY: $course$/top/Heart//Lungs\r\n::Q::Stem {\r\n=a\r\n~b\r\n}\r\n';
    const r = ok(readGift(text));
    expect(r.setName).toBe('Heart/Lungs');
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject({ line: 4, item: { question: 'Stem', option1: 'a', option2: 'b' } });
    expect(text.slice(r.items[0]!.start, r.items[0]!.end)).toBe('::Q::Stem {\r\n=a\r\n~b\r\n}');
  });

  it('bounds the size, the question count and one question', () => {
    const max = QUESTION_FORMAT_LIMITS.textChars;
    expect(readGift('x'.repeat(max + 1))).toEqual({ ok: false, error: MSG.formatTooLarge(max / 1048576) });
    const items = QUESTION_FORMAT_LIMITS.items;
    expect(readGift('Q {=a ~b}\n\n'.repeat(items + 1))).toEqual({
      ok: false,
      error: MSG.formatTooManyItems(items),
    });
    expect(ok(readGift(`$CATEGORY: x\n\n${'Q {=a ~b}\n\n'.repeat(items)}`)).items).toHaveLength(items);
    const long = `Q ${'x'.repeat(QUESTION_FORMAT_LIMITS.itemChars)} {=a ~b}\n\nNext {=a ~b}`;
    const r = ok(readGift(long));
    expect(r.errors.map((e) => e.messages)).toEqual([
      [MSG.importCellTooLong('This question', QUESTION_FORMAT_LIMITS.itemChars)],
    ]);
    expect(r.items.map((i) => i.line)).toEqual([3]);
  }, 30_000);

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        readGift(s);
        readGift(`::T::${s} {=${s} ~b#${s}}`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('writeGift', () => {
  const questions: QuestionDraft[] = [
    {
      question: 'Which ion: K+ or Na+ {in} cells = "#1"?',
      option1: 'K+ ~ mostly',
      option2: 'Na+',
      option3: 'Back\\slash',
      option4: null,
      option5: null,
      correctOption: 1,
      explanation: 'Potassium: the main intracellular cation.\nSee chapter 3.',
    },
    {
      question: '<p>Which valve? <img src="/files/img-1" alt="valve"></p>',
      option1: 'Mitral',
      option2: '<p><b>Tricuspid</b></p>',
      option3: 'a < b',
      option4: 'Pulmonary',
      option5: 'Aortic',
      correctOption: 5,
      explanation: '<p>The <i>aortic</i> valve: see <a href="https://example.org/#v">notes</a>.</p>',
    },
    {
      question: 'Is <b> a tag?',
      option1: 'Yes',
      option2: 'No',
      option3: null,
      option4: null,
      option5: null,
      correctOption: 1,
      explanation: null,
    },
  ];

  it('escapes the special characters and declares HTML', () => {
    expect(escapeGift('a~b=c#d{e}f:g\\h\ni')).toBe('a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h\\ni');
    const text = writeGift({ name: 'Heart: basics', questions });
    expect(text).toContain('$CATEGORY: $course$/top/Heart: basics');
    expect(text).toContain('[html]<p>Which valve? <img src\\="/files/img-1" alt\\="valve"></p>{');
    expect(text).toContain('[plain]Is <b> a tag?{');
    expect(looksLikeGift(text)).toBe(true);
  });

  it('round-trips: written then read gives the same questions and explanations', () => {
    const r = ok(readGift(writeGift({ name: 'Heart: basics', questions })));
    expect(r.setName).toBe('Heart: basics');
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([]);
    expect(r.items.map((i) => i.item)).toEqual(questions);
  });
});

describe('looksLikeGift', () => {
  it('knows GIFT from other text', () => {
    expect(looksLikeGift(FILE)).toBe(true);
    expect(looksLikeGift('Q {T}')).toBe(true);
    expect(looksLikeGift('$CATEGORY: x')).toBe(true);
    expect(looksLikeGift('<quiz><question type="multichoice">{=a ~b}</question></quiz>')).toBe(false);
    expect(looksLikeGift('What?\nA. a\nB. b\nANSWER: A')).toBe(false);
    expect(looksLikeGift('front,back\n{x},y')).toBe(false);
  });
});
