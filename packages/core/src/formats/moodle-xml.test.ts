// Moodle XML in and out (issue 21): a file shaped as Moodle 4.x exports it reads into drafts with their
// lines, skipped kinds and errors; pictures come out as embedded files; DTDs, broken XML and oversized
// files are refused whole; what writeMoodleXml writes reads back as the same questions and pictures.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuestionDraft } from '../bulk-import.ts';
import { MSG } from '../messages.ts';
import type { EmbeddedFile, ReadResult } from './contract.ts';
import { looksLikeMoodleXml, readMoodleXml, writeMoodleXml } from './moodle-xml.ts';
import { QUESTION_FORMAT_LIMITS } from './question-fields.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPG =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2Q==';

const mc = (body: string, { name = 'Q', single = 'true' } = {}) => `  <question type="multichoice">
    <name>
      <text>${name}</text>
    </name>
${body}
    <defaultgrade>1.0000000</defaultgrade>
    <penalty>0.3333333</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <single>${single}</single>
    <shuffleanswers>true</shuffleanswers>
    <answernumbering>abc</answernumbering>
    <showstandardinstruction>0</showstandardinstruction>
  </question>`;

const answer = (
  fraction: string,
  text: string,
  feedback = '',
) => `    <answer fraction="${fraction}" format="html">
      <text><![CDATA[${text}]]></text>
      <feedback format="html">
        <text>${feedback ? `<![CDATA[${feedback}]]>` : ''}</text>
      </feedback>
    </answer>`;

/** A Moodle 4.x export of a 'Cardiology' category: every kind Zan takes, skips or refuses. */
const EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- question: 0  -->
  <question type="category">
    <category>
      <text>$course$/top/Cardiology</text>
    </category>
    <info format="moodle_auto_format">
      <text>Questions on the heart</text>
    </info>
    <idnumber></idnumber>
  </question>

<!-- question: 101  -->
${mc(
  `    <questiontext format="html">
      <text><![CDATA[<p>Which chamber is shown? <img src="@@PLUGINFILE@@/heart%20scan.png" alt="scan" width="120" height="90"></p>]]></text>
      <file name="heart scan.png" path="/" encoding="base64">${PNG}</file>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[<p>The <b>left ventricle</b> has the thickest wall.</p>]]></text>
    </generalfeedback>
${answer('0', '<p>Right atrium</p>', '<p>No: that one is thin-walled.</p>')}
${answer('100', '<p>Left ventricle</p>')}
${answer('0', 'Left atrium')}
${answer('-33.33333', '<p>Aorta &amp; valve</p>')}`,
  { name: 'Chambers' },
)}

<!-- question: 102  -->
  <question type="truefalse">
    <name>
      <text>Septum</text>
    </name>
    <questiontext format="moodle_auto_format">
      <text>The septum separates the left and right heart.</text>
    </questiontext>
    <generalfeedback format="html">
      <text></text>
    </generalfeedback>
    <defaultgrade>1.0000000</defaultgrade>
    <penalty>1.0000000</penalty>
    <hidden>0</hidden>
    <idnumber></idnumber>
    <answer fraction="0" format="moodle_auto_format">
      <text>false</text>
      <feedback format="html">
        <text>It does.</text>
      </feedback>
    </answer>
    <answer fraction="100" format="moodle_auto_format">
      <text>true</text>
      <feedback format="html">
        <text></text>
      </feedback>
    </answer>
  </question>

<!-- question: 103  -->
  <question type="shortanswer">
    <name>
      <text>Valve name</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Name the valve between the left atrium and ventricle.</p>]]></text>
    </questiontext>
    <usecase>0</usecase>
    <answer fraction="100" format="moodle_auto_format">
      <text>mitral</text>
    </answer>
  </question>

<!-- question: 104  -->
${mc(
  `    <questiontext format="html">
      <text><![CDATA[<p>Which are valves?</p>]]></text>
    </questiontext>
${answer('50', 'Mitral')}
${answer('50', 'Tricuspid')}
${answer('-100', 'Septum')}`,
  { name: 'Valves', single: 'false' },
)}

<!-- question: 105  -->
${mc(
  `    <questiontext format="html">
      <text><![CDATA[<p>Too many options</p>]]></text>
    </questiontext>
${['a', 'b', 'c', 'd', 'e', 'f'].map((o, i) => answer(i === 0 ? '100' : '0', o)).join('\n')}`,
  { name: 'Six' },
)}

<!-- question: 106  -->
${mc(
  `    <questiontext format="plain_text">
      <text>Normal resting heart rate &lt; 100?</text>
    </questiontext>
${answer('0', 'Yes')}
${answer('0', 'No')}`,
  { name: 'None right' },
)}

<!-- question: 107  -->
  <question type="matching">
    <name>
      <text>Bones</text>
    </name>
    <questiontext format="html">
      <text><![CDATA[<p>Match.</p>]]></text>
    </questiontext>
  </question>

</quiz>
`;

const ok = (r: ReadResult<QuestionDraft>) => {
  if (!r.ok) throw new Error(r.error);
  return r;
};
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('readMoodleXml', () => {
  it('reads a Moodle 4.x export: the category as set name, questions, pictures, skipped and bad ones by line', () => {
    const r = ok(readMoodleXml(EXPORT));
    expect(r.setName).toBe('Cardiology');
    expect(r.items.map((i) => i.item)).toEqual([
      {
        question:
          '<p>Which chamber is shown? <img src="zan-import:heart_scan.png" alt="scan" width="120" height="90"></p>',
        option1: '<p>Right atrium</p>',
        option2: '<p>Left ventricle</p>',
        option3: 'Left atrium',
        option4: '<p>Aorta &amp; valve</p>',
        option5: null,
        correctOption: 2,
        explanation:
          '<p>The <b>left ventricle</b> has the thickest wall.</p><p><strong>Option A:</strong> No: that one is thin-walled.</p>',
      },
      {
        question: 'The septum separates the left and right heart.',
        option1: 'True',
        option2: 'False',
        option3: null,
        option4: null,
        option5: null,
        correctOption: 1,
        explanation: 'Option B: It does.',
      },
    ]);
    expect(r.files).toEqual([{ name: 'heart_scan.png', mime: 'image/png', base64: PNG }]);
    expect(r.items.map((i) => i.line)).toEqual([
      lineOf(EXPORT, '<!-- question: 101') + 1,
      lineOf(EXPORT, '<!-- question: 102') + 1,
    ]);
    expect(r.skipped.map(({ what, reason, line }) => ({ what, reason, line }))).toEqual([
      {
        what: "Short-answer question 'Valve name'",
        reason: MSG.skippedQuestionType,
        line: lineOf(EXPORT, '<!-- question: 103') + 1,
      },
      {
        what: "Multiple-choice question 'Valves'",
        reason: MSG.skippedMultiAnswer,
        line: lineOf(EXPORT, '<!-- question: 104') + 1,
      },
      {
        what: "Matching question 'Bones'",
        reason: MSG.skippedQuestionType,
        line: lineOf(EXPORT, '<!-- question: 107') + 1,
      },
    ]);
    expect(r.errors.map(({ messages, line }) => ({ messages, line }))).toEqual([
      { messages: [MSG.importTooManyOptions(6)], line: lineOf(EXPORT, '<!-- question: 105') + 1 },
      { messages: [MSG.importNoCorrectOption], line: lineOf(EXPORT, '<!-- question: 106') + 1 },
    ]);
    // Every span is the whole <question> element, so the preview can replace it.
    for (const s of [...r.items, ...r.errors, ...r.skipped]) {
      const source = EXPORT.slice(s.start, s.end);
      expect(source.startsWith('<question type="')).toBe(true);
      expect(source.endsWith('</question>')).toBe(true);
    }
  });

  it('reads valid XML the fast pass leaves to fast-xml-parser the same way', () => {
    const odd = EXPORT.replace('<question type="truefalse">', '<question type="truefalse" note="a>b">');
    const [fast, slow] = [ok(readMoodleXml(EXPORT)), ok(readMoodleXml(odd))];
    expect(slow.items.map((i) => i.item)).toEqual(fast.items.map((i) => i.item));
    expect(slow.files).toEqual(fast.files);
    expect(slow.skipped.map((s) => s.what)).toEqual(fast.skipped.map((s) => s.what));
    expect(slow.errors.map((e) => [e.line, e.messages])).toEqual(
      fast.errors.map((e) => [e.line, e.messages]),
    );
  });

  it('reads a bad question again once it is fixed in place', () => {
    const r = ok(readMoodleXml(EXPORT));
    const bad = r.errors[1]!;
    const fixed = EXPORT.slice(bad.start, bad.end).replace(
      '<answer fraction="0" format="html">',
      '<answer fraction="100" format="html">',
    );
    const again = ok(readMoodleXml(EXPORT.slice(0, bad.start) + fixed + EXPORT.slice(bad.end)));
    expect(again.errors).toHaveLength(1);
    expect(again.items[2]!.item).toMatchObject({
      question: 'Normal resting heart rate < 100?',
      option1: 'Yes',
      correctOption: 1,
    });
    expect(again.items[2]!.line).toBe(bad.line);
  });

  it('refuses a DTD or entities (no XXE), naming the line', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE quiz [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<quiz><question type="essay"><name><text>&xxe;</text></name></question></quiz>`;
    expect(readMoodleXml(xxe)).toEqual({ ok: false, error: MSG.xmlDoctype, line: 2 });
    expect(readMoodleXml('<quiz>\n<!ENTITY a "b">\n</quiz>')).toEqual({
      ok: false,
      error: MSG.xmlDoctype,
      line: 2,
    });
    expect(readMoodleXml('<!doctype quiz><quiz/>')).toMatchObject({ ok: false, error: MSG.xmlDoctype });
  });

  it('refuses broken XML with its line, and XML that is not a Moodle quiz', () => {
    const r = readMoodleXml(
      '<?xml version="1.0"?>\n<quiz>\n  <question type="multichoice">\n  </questio>\n</quiz>',
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.startsWith(MSG.xmlInvalid(''))).toBe(true);
    expect(r.line).toBe(4);
    expect(readMoodleXml('<quiz>\n<question type=multichoice>\n</question>\n</quiz>')).toMatchObject({
      ok: false,
      line: 2,
    });
    expect(readMoodleXml('<quiz>\n<question type="essay">\n</quiz>')).toMatchObject({ ok: false, line: 3 });
    expect(readMoodleXml('<quiz>\n<question type="essay"><text><![CDATA[open')).toMatchObject({ ok: false });
    // A '>' inside an attribute value is legal: the fast check defers to the validator.
    expect(readMoodleXml('<quiz><question type="essay" note="a>b"></question></quiz>')).toMatchObject({
      ok: true,
    });
    // Line-wrapped base64 (taken out before parsing) keeps the lines after it right.
    const wrapped = readMoodleXml(
      `<quiz>\n<file name="a.png" encoding="base64">\nAAAA\nBBBB\n</file>\n<b></c>\n</quiz>`,
    );
    expect(wrapped).toMatchObject({ ok: false, line: 6 });
    expect(readMoodleXml('<html><body/></html>')).toEqual({ ok: false, error: MSG.xmlNotMoodle });
    expect(readMoodleXml('just text').ok).toBe(false);
    expect(readMoodleXml('')).toMatchObject({ ok: false });
  });

  it('bounds the size, the element count and the question count', () => {
    const big = QUESTION_FORMAT_LIMITS.xmlChars;
    expect(readMoodleXml('<quiz>' + ' '.repeat(big) + '</quiz>')).toEqual({
      ok: false,
      error: MSG.formatTooLarge(big / 1048576),
    });
    const elements = QUESTION_FORMAT_LIMITS.xmlElements;
    expect(readMoodleXml(`<quiz>${'<a/>'.repeat(elements)}</quiz>`)).toEqual({
      ok: false,
      error: MSG.xmlTooManyElements(elements),
    });
    const q = '<question type="essay"><name><text>E</text></name></question>\n';
    const items = QUESTION_FORMAT_LIMITS.items;
    expect(readMoodleXml(`<quiz>${q.repeat(items + 1)}</quiz>`)).toEqual({
      ok: false,
      error: MSG.formatTooManyItems(items),
    });
    const atLimit = ok(readMoodleXml(`<quiz>${q.repeat(items)}</quiz>`));
    expect(atLimit.skipped).toHaveLength(items);
    expect(atLimit.skipped.at(-1)!.line).toBe(items);
  }, 30_000);

  it('lists a question whose picture is missing, not an image, or too large as an error', () => {
    const pic = (src: string, file: string) =>
      `<quiz>${mc(`    <questiontext format="html">
      <text><![CDATA[<p>See <img src="@@PLUGINFILE@@/${src}"></p>]]></text>
      ${file}
    </questiontext>
${answer('100', 'a')}
${answer('0', 'b')}`)}</quiz>`;
    const messages = (xml: string) => ok(readMoodleXml(xml)).errors.map((e) => e.messages);
    expect(messages(pic('x.png', ''))).toEqual([[MSG.importPictureMissing('x.png')]]);
    expect(messages(pic('talk.mp3', `<file name="talk.mp3" encoding="base64">SUQz</file>`))).toEqual([
      [MSG.importPictureType('talk.mp3')],
    ]);
    const huge = 'A'.repeat(Math.ceil((10 * 1024 * 1024 * 4) / 3) + 8);
    expect(
      messages(pic('big.jpg', `<file name="big.jpg" path="/" encoding="base64">${huge}</file>`)),
    ).toEqual([[MSG.importPictureTooLarge('big.jpg')]]);
    const good = ok(
      readMoodleXml(pic('photo.JPG', `<file name="photo.JPG" path="/" encoding="base64">\n${JPG}\n</file>`)),
    );
    expect(good.files).toEqual([{ name: 'photo.JPG', mime: 'image/jpeg', base64: JPG }]);
    expect(good.items[0]!.item.question).toBe('<p>See <img src="zan-import:photo.JPG"></p>');
  });

  it('keeps two different pictures of the same name apart, and one picture used twice once', () => {
    const q = (b64: string) =>
      mc(`    <questiontext format="html">
      <text><![CDATA[<p><img src="@@PLUGINFILE@@/image.png"></p>]]></text>
      <file name="image.png" path="/" encoding="base64">${b64}</file>
    </questiontext>
${answer('100', 'a')}
${answer('0', 'b')}`);
    const r = ok(readMoodleXml(`<quiz>${q(PNG)}${q(JPG)}${q(PNG)}</quiz>`));
    expect(r.files.map((f) => [f.name, f.base64])).toEqual([
      ['image.png', PNG],
      ['image-2.png', JPG],
    ]);
    expect(r.items.map((i) => i.item.question)).toEqual([
      '<p><img src="zan-import:image.png"></p>',
      '<p><img src="zan-import:image-2.png"></p>',
      '<p><img src="zan-import:image.png"></p>',
    ]);
  });

  it("reads Moodle's text formats onto Zan's rule (HTML opens with a block element)", () => {
    const q = (format: string, text: string) =>
      `<quiz>${mc(`    <questiontext format="${format}">
      <text>${text}</text>
    </questiontext>
${answer('100', 'a')}
${answer('0', 'b')}`)}</quiz>`;
    const stem = (format: string, text: string) => ok(readMoodleXml(q(format, text))).items[0]!.item.question;
    expect(stem('html', '&lt;b&gt;Bold&lt;/b&gt; text')).toBe('<p><b>Bold</b> text</p>');
    expect(stem('html', 'Plain &amp; simple')).toBe('Plain & simple');
    expect(stem('plain_text', '&lt;p&gt;Not markup')).toBe('<p>&lt;p&gt;Not markup</p>');
    expect(stem('plain_text', 'K+ &lt; 3.5')).toBe('K+ < 3.5');
    expect(stem('moodle_auto_format', 'Na+ &gt; 145')).toBe('Na+ > 145');
    expect(stem('markdown', 'A **bold** claim')).toBe('<p>A <strong>bold</strong> claim</p>');
    expect(ok(readMoodleXml(q('html', ''))).errors[0]!.messages).toEqual([MSG.questionRequired]);
  });

  it('names the set from the first category, as its last path part', () => {
    const cat = (path: string) =>
      `<question type="category"><category><text>${path}</text></category></question>`;
    const name = (...paths: string[]) => ok(readMoodleXml(`<quiz>${paths.map(cat).join('')}</quiz>`)).setName;
    expect(name('$course$/top/Cardiology', '$course$/top/Other')).toBe('Cardiology');
    expect(name('$course$/top/Heart//Lungs')).toBe('Heart/Lungs');
    expect(name('$course$/Default for testhead/TrueFalse')).toBe('TrueFalse');
    expect(name('$course$/top')).toBeNull();
    expect(name()).toBeNull();
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        readMoodleXml(s);
        readMoodleXml(`<quiz><question type="multichoice">${s}</question></quiz>`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('writeMoodleXml', () => {
  const questions: QuestionDraft[] = [
    {
      question: 'What is the normal adult resting heart rate?',
      option1: '40–60',
      option2: '60–100',
      option3: '100–140',
      option4: 'K+ < 3.5 & "quoted"',
      option5: 'Over 140',
      correctOption: 2,
      explanation: 'Between 60 and 100 beats per minute.\nAthletes may be lower.',
    },
    {
      question: '<p>Which valve is marked? <img src="/files/img-1" alt="valve"></p><p>Look closely.</p>',
      option1: '<p>Mitral <img src="/files/img-2"></p>',
      option2: 'Tricuspid',
      option3: null,
      option4: null,
      option5: null,
      correctOption: 1,
      explanation: '<p>See <img src="/files/img-1">, the <i>mitral</i> valve. CDATA ends with ]]> here.</p>',
    },
    {
      question: 'Two lines\nof stem',
      option1: 'True',
      option2: 'False',
      option3: null,
      option4: null,
      option5: null,
      correctOption: 2,
      explanation: '<p><img src="/files/img-3"></p>',
    },
  ];
  const files = new Map<string, EmbeddedFile>([
    ['/files/img-1', { name: 'valve.png', mime: 'image/png', base64: PNG }],
    ['/files/img-2', { name: 'valve', mime: 'image/jpeg', base64: JPG }],
    ['/files/img-3', { name: 'x.webp', mime: 'image/webp', base64: 'UklGRg==' }],
  ]);

  it('writes what Moodle exports: a category naming the quiz, multichoice with pictures as @@PLUGINFILE@@', () => {
    const xml = writeMoodleXml({ name: 'Heart / Basics', questions }, files);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>')).toBe(true);
    expect(xml).toContain('<text>$course$/top/Heart // Basics</text>');
    expect(xml).toContain('<img src="@@PLUGINFILE@@/valve.png" alt="valve">');
    expect(xml).toContain(`<file name="valve.png" path="/" encoding="base64">${PNG}</file>`);
    expect(xml).toContain('<single>true</single>');
    expect(xml.match(/<question type="multichoice">/g)).toHaveLength(3);
    expect(looksLikeMoodleXml(xml)).toBe(true);
  });

  it('round-trips: written then read gives the same questions, explanations and pictures', () => {
    const r = ok(readMoodleXml(writeMoodleXml({ name: 'Heart / Basics', questions }, files)));
    expect(r.setName).toBe('Heart / Basics');
    expect(r.errors).toEqual([]);
    expect(r.skipped).toEqual([]);
    const back = r.items.map((i) => i.item);
    // Pictures come back as embedded files under their names; put the app's srcs back to compare.
    const bySrc = new Map(r.files.map((f) => [`zan-import:${f.name}`, f]));
    const srcOf = new Map([...files].map(([src, f]) => [f.base64, src]));
    const restore = (s: string | null) =>
      s?.replace(/zan-import:[^"]+/g, (src) => srcOf.get(bySrc.get(src)!.base64)!) ?? null;
    expect(
      back.map((q) => ({
        ...q,
        question: restore(q.question),
        option1: restore(q.option1),
        explanation: restore(q.explanation),
      })),
    ).toEqual([
      {
        ...questions[0],
        explanation: '<p>Between 60 and 100 beats per minute.<br>Athletes may be lower.</p>',
      },
      questions[1],
      { ...questions[2], question: '<p>Two lines<br>of stem</p>' },
    ]);
    expect(r.files.map((f) => [f.name, f.mime])).toEqual([
      ['valve.png', 'image/png'],
      ['valve.jpg', 'image/jpeg'],
      ['x.webp', 'image/webp'],
    ]);
  });

  it('writes an empty quiz as a file with only its category', () => {
    const r = ok(readMoodleXml(writeMoodleXml({ name: 'Empty', questions: [] }, new Map())));
    expect(r).toMatchObject({ setName: 'Empty', items: [], errors: [], skipped: [] });
  });
});

describe('looksLikeMoodleXml', () => {
  it('knows a Moodle quiz from other text', () => {
    expect(looksLikeMoodleXml(EXPORT)).toBe(true);
    expect(looksLikeMoodleXml('\uFEFF<quiz>\n</quiz>')).toBe(true);
    expect(looksLikeMoodleXml('<?xml version="1.0"?>\n<!-- x -->\n<quiz>')).toBe(true);
    expect(looksLikeMoodleXml('<html><quiz>')).toBe(false);
    expect(looksLikeMoodleXml('Q {=a ~b}')).toBe(false);
  });
});
