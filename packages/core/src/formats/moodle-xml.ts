// Moodle XML question files (issue 21), read and written as Moodle 4.x exports them: single-answer
// multichoice and truefalse become Zan questions, `<category>` names the set, `@@PLUGINFILE@@` pictures
// with their base64 `<file>` become embedded files; anything else is listed as skipped. No DTD is read
// (no XXE); size and element count are bounded; every question carries its line and source offsets.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { QuestionDraft } from '../bulk-import.ts';
import { IMAGE_MAX_BYTES, IMPORT_MAX_FILES } from '../constants.ts';
import { MSG } from '../messages.ts';
import {
  EMBEDDED_SRC_PREFIX,
  readWithoutBom,
  type EmbeddedFile,
  type ExportQuiz,
  type FilesBySrc,
  type ReadError,
  type ReadItem,
  type ReadResult,
  type Skipped,
  type SourceSpan,
} from './contract.ts';
import {
  QUESTION_FORMAT_LIMITS,
  categoryPath,
  categorySetName,
  decodeEntities,
  draftOptions,
  escapeHtml,
  fieldAsHtmlText,
  lineFinder,
  questionDraft,
  questionLabel,
  sourceField,
  type ReadAnswer,
  type SourceTextFormat,
} from './question-fields.ts';

const PLUGINFILE = '@@PLUGINFILE@@/';
/** The pictures a question may carry, by file extension (Zan stores WebP; Moodle keeps what was uploaded). */
const IMAGE_MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const EXTENSION_OF: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** True when the text looks like a Moodle XML question file (a `<quiz>` root near its start). */
export function looksLikeMoodleXml(text: string): boolean {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<quiz[\s>]/.test(head);
}

// ---- reading ----

type XmlText = { text?: unknown; file?: XmlFile | XmlFile[]; '@_format'?: string };
type XmlFile = { '#text'?: unknown; '@_name'?: unknown; '@_encoding'?: unknown };
type XmlAnswer = XmlText & { '@_fraction'?: unknown; feedback?: XmlText };
type XmlQuestion = {
  '@_type'?: unknown;
  name?: XmlText;
  questiontext?: XmlText;
  generalfeedback?: XmlText;
  single?: unknown;
  answer?: XmlAnswer | XmlAnswer[];
  category?: XmlText;
};

/** An element that may repeat, as a list (the parser gives one as an object, several as an array). */
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

const FORMATS: Record<string, SourceTextFormat> = {
  html: 'html',
  plain_text: 'plain',
  markdown: 'markdown',
  moodle_auto_format: 'moodle',
};

type Doc = { quiz?: { question?: XmlQuestion | XmlQuestion[] } | string };
type Scan = { spans: { start: number; end: number }[]; elements: number; doc: Doc | null };

const NAME = /^<\/?([A-Za-z_][\w.:-]*)/;
/** A start tag whose attributes are all name="value" or name='value'. */
const TAG = /^<[A-Za-z_][\w.:-]*(\s+[A-Za-z_][\w.:-]*\s*=\s*("[^"<]*"|'[^'<]*'))*\s*\/?>$/;
const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** An element being read: its attributes and children as the parser shapes them, and its text parts. */
type Frame = {
  name: string;
  obj: Record<string, unknown>;
  text: string[];
  attrs: boolean;
  kids: boolean;
  /** The children's names this element holds as arrays (made here, so never an attribute's value). */
  lists?: Set<string>;
};

const decodeXml = (s: string): string => (s.includes('&') ? decodeEntities(s) : s);

/** Adds a finished element to its parent: a leaf without attributes is its text, others an object with
 *  '#text'; a repeated name becomes an array (the shape fast-xml-parser gives). */
function close(frame: Frame, parent: Frame): void {
  const text = frame.text.join('');
  let value: unknown = text;
  if (frame.attrs || frame.kids) {
    if (text.trim() !== '') frame.obj['#text'] = text;
    value = frame.obj;
  }
  const known = parent.obj[frame.name];
  if (known === undefined) parent.obj[frame.name] = value;
  else if (Array.isArray(known) && parent.lists?.has(frame.name)) known.push(value);
  else {
    parent.obj[frame.name] = [known, value];
    (parent.lists ??= new Set()).add(frame.name);
  }
  parent.kids = true;
}

/**
 * One pass over the text: the offsets of each `<question …>…</question>` element, the element count
 * outside CDATA and comments (for the bound), and the document itself when every element closes in
 * order and every attribute is quoted (else null: the validator then says what is wrong, or the parser
 * reads what this pass would not). On the bench's 8 MB file the whole read takes 0.45–0.6 s of CPU this
 * way, 1.5 s with fast-xml-parser building the document.
 */
function scanXml(text: string): Scan {
  const spans: { start: number; end: number }[] = [];
  const root: Frame = { name: '', obj: {}, text: [], attrs: false, kids: false };
  const stack: Frame[] = [root];
  let wellFormed = true;
  let elements = 0;
  let open = -1;
  let i = text.indexOf('<');
  const textUpTo = (from: number, to: number) => {
    if (to > from && stack.length > 1) stack.at(-1)!.text.push(decodeXml(text.slice(from, to)));
  };
  while (i >= 0) {
    const skip = text.startsWith('<![CDATA[', i)
      ? ']]>'
      : text.startsWith('<!--', i)
        ? '-->'
        : text.startsWith('<?', i)
          ? '?>'
          : null;
    if (skip) {
      const end = text.indexOf(skip, i + 2);
      if (end < 0) return { spans, elements, doc: null };
      if (skip === ']]>' && stack.length > 1) stack.at(-1)!.text.push(text.slice(i + 9, end));
      const next = text.indexOf('<', end + skip.length);
      textUpTo(end + skip.length, next < 0 ? end + skip.length : next);
      i = next;
      continue;
    }
    const gt = text.indexOf('>', i);
    const name = NAME.exec(text.slice(i, i + 64))?.[1];
    if (gt < 0 || name === undefined) return { spans, elements, doc: null };
    if (text[i + 1] === '/') {
      const frame = stack.pop();
      if (frame?.name !== name || stack.length === 0) return { spans, elements, doc: null };
      close(frame, stack.at(-1)!);
      if (name === 'question' && open >= 0) {
        spans.push({ start: open, end: gt + 1 });
        open = -1;
      }
    } else {
      if (++elements > QUESTION_FORMAT_LIMITS.xmlElements) return { spans, elements, doc: null };
      const tag = text.slice(i, gt + 1);
      if (!TAG.test(tag)) wellFormed = false;
      const frame: Frame = { name, obj: {}, text: [], attrs: false, kids: false };
      for (const m of tag.matchAll(ATTR)) {
        frame.obj[`@_${m[1]!}`] = decodeXml(m[2] ?? m[3] ?? '');
        frame.attrs = true;
      }
      if (text[gt - 1] === '/') close(frame, stack.at(-1)!);
      else {
        stack.push(frame);
        if (name === 'question') open = i;
      }
    }
    const next = text.indexOf('<', gt + 1);
    textUpTo(gt + 1, next < 0 ? gt + 1 : next);
    i = next;
  }
  return { spans, elements, doc: wellFormed && stack.length === 1 ? (root.obj satisfies Doc) : null };
}

/** The fallback parser's settings: attributes kept, values as strings (repeating elements are made arrays by
 *  `list`: the parser's own isArray costs a third of its time). */
const parserOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: false,
};

/** A file name safe inside an attribute and a URL: letters, digits, '.', '_' and '-' only. */
const safeName = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-200) || 'image';

/** A name not yet in `taken`: the name itself, else 'stem-2.ext', 'stem-3.ext'… */
function freeName(name: string, taken: (candidate: string) => boolean): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken(candidate); n++) candidate = `${stem}-${n}${ext}`;
  return candidate;
}

/** Embedded pictures of the whole read: one entry per distinct name and content (Moodle's names are only
 *  unique within one text, so two questions' 'image.png' may differ). */
class FileTable {
  readonly files: EmbeddedFile[] = [];
  private readonly byName = new Map<string, EmbeddedFile>();

  /** `bodies`: the `<file>` contents taken out before parsing (see takeFileBodies). */
  constructor(private readonly bodies: readonly string[]) {}

  /** A `<file>`'s base64, whitespace removed. */
  base64(text: string): string {
    const m = /^zanfile-(\d+)$/.exec(text.trim());
    return (m ? (this.bodies[Number(m[1])] ?? '') : text).replace(/\s+/g, '');
  }

  /** The import name of a picture (safe characters; 'name-2.png' when another of that name differs). */
  add(name: string, mime: string, base64: string): string {
    const safe = safeName(name);
    const name2 = freeName(safe, (c) => {
      const known = this.byName.get(c);
      return known !== undefined && known.base64 !== base64;
    });
    if (!this.byName.has(name2)) {
      const file = { name: name2, mime, base64 };
      this.byName.set(name2, file);
      this.files.push(file);
    }
    return name2;
  }
}

/**
 * A text element (questiontext, answer, feedback) as a Zan field: its `@@PLUGINFILE@@/name` pictures
 * rewritten to `zan-import:` sources with their files, problems (a missing or non-image file) noted.
 */
function readText(el: XmlText | undefined, table: FileTable, problems: string[]): string {
  if (!el || typeof el !== 'object') return '';
  const raw = str(el.text);
  const format = FORMATS[str(el['@_format'])] ?? 'html';
  const own = new Map<string, XmlFile>();
  for (const f of list(el.file)) own.set(str(f['@_name']), f);
  const html = raw.replace(/@@PLUGINFILE@@\/([^"'\s<>?#]+)/g, (match, encoded: string) => {
    let name = encoded;
    try {
      name = decodeURIComponent(encoded);
    } catch {
      // a name that is not valid percent-encoding is used as written
    }
    const file = own.get(name);
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    const mime = IMAGE_MIME[ext];
    if (!file) problems.push(MSG.importPictureMissing(name));
    else if (!mime || str(file['@_encoding']) !== 'base64') problems.push(MSG.importPictureType(name));
    else {
      const base64 = table.base64(str(file['#text']));
      if ((base64.length * 3) / 4 > IMAGE_MAX_BYTES) problems.push(MSG.importPictureTooLarge(name));
      else return EMBEDDED_SRC_PREFIX + table.add(name, mime, base64);
    }
    return match;
  });
  return sourceField(html, format);
}

const TYPE_NAMES: Record<string, string> = {
  multichoice: 'Multiple-choice question',
  truefalse: 'True/false question',
  shortanswer: 'Short-answer question',
  numerical: 'Numerical question',
  matching: 'Matching question',
  essay: 'Essay question',
  description: 'Description',
  cloze: 'Embedded-answers (Cloze) question',
  multianswer: 'Embedded-answers (Cloze) question',
  calculated: 'Calculated question',
  calculatedsimple: 'Calculated question',
  calculatedmulti: 'Calculated multiple-choice question',
  ddwtos: 'Drag-and-drop question',
  ddimageortext: 'Drag-and-drop question',
  ddmarker: 'Drag-and-drop question',
  gapselect: 'Select-missing-words question',
  randomsamatch: 'Random short-answer matching question',
  random: 'Random question',
};

const fractionOf = (a: XmlAnswer): number => Number(str(a['@_fraction']) || '0');
const isFull = (f: number) => Math.abs(f - 100) < 0.001;

type Outcome =
  | { kind: 'item'; item: QuestionDraft }
  | { kind: 'error'; messages: string[] }
  | { kind: 'skip'; what: string; reason: string };

function readQuestion(q: XmlQuestion, type: string, table: FileTable): Outcome {
  const name = str(q.name?.text).trim();
  const what = `${TYPE_NAMES[type] ?? `Question of type "${type}"`}${name ? ` '${name}'` : ''}`;
  if (type === 'multichoice' && ['false', '0'].includes(str(q.single).trim().toLowerCase()))
    return { kind: 'skip', what, reason: MSG.skippedMultiAnswer };
  if (type !== 'multichoice' && type !== 'truefalse')
    return { kind: 'skip', what, reason: MSG.skippedQuestionType };
  const problems: string[] = [];
  const question = readText(q.questiontext, table, problems);
  const general = readText(q.generalfeedback, table, problems);
  let answers: ReadAnswer[];
  if (type === 'truefalse') {
    // Moodle writes the 'true' answer and the 'false' answer, in either order: Zan shows True, then False.
    const all = list(q.answer);
    const pick = (word: string) => all.find((a) => str(a.text).trim().toLowerCase() === word);
    answers = (['true', 'false'] as const).map((word) => {
      const a = pick(word);
      return {
        text: word === 'true' ? 'True' : 'False',
        correct: a !== undefined && isFull(fractionOf(a)),
        feedback: readText(a?.feedback, table, problems),
      };
    });
  } else {
    answers = list(q.answer).map((a) => ({
      text: readText(a, table, problems),
      correct: isFull(fractionOf(a)),
      feedback: readText(a.feedback, table, problems),
    }));
  }
  const draft = questionDraft(question, answers, general);
  if (Array.isArray(draft)) return { kind: 'error', messages: [...draft, ...problems] };
  if (problems.length > 0) return { kind: 'error', messages: problems };
  return { kind: 'item', item: draft };
}

/**
 * The base64 contents of `<file>` elements taken out of the text before it is parsed (the parser is slow
 * on megabytes of text in one element): each becomes 'zanfile-<n>' plus as many line breaks as it had,
 * so the validator's line numbers stay right.
 */
function takeFileBodies(text: string): { xml: string; bodies: string[] } {
  const bodies: string[] = [];
  const xml = text.replace(
    /(<file\b[^>]*>)([^<]*)(<\/file>)/g,
    (_, open: string, body: string, close: string) => {
      bodies.push(body);
      return `${open}zanfile-${bodies.length - 1}${'\n'.repeat(body.split('\n').length - 1)}${close}`;
    },
  );
  return { xml, bodies };
}

/** Reads a Moodle XML question file. Never throws: a file it cannot read is `{ ok: false }`, a question
 *  it cannot import is an error or a skipped entry with its line and source offsets. */
export function readMoodleXml(input: string): ReadResult<QuestionDraft> {
  return readWithoutBom(input, readMoodleText);
}

function readMoodleText(text: string): ReadResult<QuestionDraft> {
  const limits = QUESTION_FORMAT_LIMITS;
  if (text.length > limits.xmlChars)
    return { ok: false, error: MSG.formatTooLarge(limits.xmlChars / 1048576) };
  const dtd = /<!DOCTYPE|<!ENTITY/i.exec(text);
  if (dtd) return { ok: false, error: MSG.xmlDoctype, line: lineFinder(text)(dtd.index) };
  const scan = scanXml(text);
  const { spans, elements } = scan;
  if (elements > limits.xmlElements) return { ok: false, error: MSG.xmlTooManyElements(limits.xmlElements) };
  let doc = scan.doc;
  let bodies: string[] = [];
  if (doc === null) {
    // Something the fast pass does not read: the validator names the fault, or (valid after all, e.g. a
    // '>' inside an attribute value) fast-xml-parser reads it, with the <file> bodies taken out first.
    const taken = takeFileBodies(text);
    bodies = taken.bodies;
    try {
      const valid = XMLValidator.validate(taken.xml);
      if (valid !== true) return { ok: false, error: MSG.xmlInvalid(valid.err.msg), line: valid.err.line };
      doc = new XMLParser(parserOptions).parse(taken.xml) as Doc;
    } catch (err) {
      return { ok: false, error: MSG.xmlInvalid(err instanceof Error ? err.message : String(err)) };
    }
  }
  if (doc.quiz === undefined) return { ok: false, error: MSG.xmlNotMoodle };
  const questions = typeof doc.quiz === 'object' ? list(doc.quiz.question) : [];
  const real = questions.filter((q) => str(q['@_type']).trim().toLowerCase() !== 'category').length;
  if (real > limits.items) return { ok: false, error: MSG.formatTooManyItems(limits.items) };
  const lineOf = lineFinder(text);
  const spanOf = (i: number): SourceSpan => {
    const s = spans.length === questions.length ? spans[i] : undefined;
    return s ? { line: lineOf(s.start), start: s.start, end: s.end } : { line: 1, start: 0, end: 0 };
  };
  const table = new FileTable(bodies);
  const items: ReadItem<QuestionDraft>[] = [];
  const errors: ReadError[] = [];
  const skipped: Skipped[] = [];
  let setName: string | null = null;
  questions.forEach((q, i) => {
    const type = str(q['@_type']).trim().toLowerCase();
    if (type === 'category') {
      setName ??= categorySetName(str(q.category?.text));
      return;
    }
    const out = readQuestion(q, type, table);
    const span = spanOf(i);
    if (out.kind === 'item') items.push({ ...span, item: out.item });
    else if (out.kind === 'error') errors.push({ ...span, messages: out.messages });
    else skipped.push({ ...span, what: out.what, reason: out.reason });
  });
  if (table.files.length > IMPORT_MAX_FILES)
    return { ok: false, error: MSG.importTooManyPictures(IMPORT_MAX_FILES) };
  return { ok: true, setName, items, errors, skipped, files: table.files };
}

// ---- writing ----

/** A picture's name as written: safe characters, with the extension of its type (so a reader can tell it). */
function writtenName(file: EmbeddedFile): string {
  const name = safeName(file.name);
  const ext = EXTENSION_OF[file.mime];
  if (!ext) return name;
  const own = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return IMAGE_MIME[own] === file.mime ? name : `${name}.${ext}`;
}

/** CDATA that holds any text (a ']]>' inside is split across two sections). */
const cdata = (s: string): string => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const xmlText = (s: string): string => escapeHtml(s).replace(/'/g, '&apos;');

/**
 * A field as a Moodle text element with its pictures: each `<img src>` found in `files` becomes
 * `@@PLUGINFILE@@/<name>` with a base64 `<file>` after the `<text>` (names unique within the element);
 * `extra` lines close the element (an answer's feedback).
 */
function textElement(
  tag: string,
  value: string,
  files: FilesBySrc,
  indent: string,
  attrs = '',
  extra: string[] = [],
): string {
  const used = new Map<string, EmbeddedFile>();
  const html = fieldAsHtmlText(value).replace(
    /(<img\b[^>]*?\bsrc\s*=\s*)(["'])([^"']*)\2/gi,
    (match, head: string, quote: string, src: string) => {
      const file = files.get(src);
      if (!file) return match;
      const existing = [...used].find(([, f]) => f === file)?.[0];
      const name = existing ?? freeName(writtenName(file), (c) => used.has(c));
      used.set(name, file);
      return `${head}${quote}${PLUGINFILE}${name}${quote}`;
    },
  );
  return [
    `${indent}<${tag}${attrs} format="html">`,
    `${indent}  <text>${html === '' ? '' : cdata(html)}</text>`,
    ...[...used].map(
      ([name, f]) => `${indent}  <file name="${name}" path="/" encoding="base64">${f.base64}</file>`,
    ),
    ...extra,
    `${indent}</${tag}>`,
  ].join('\n');
}

function questionXml(q: QuestionDraft, n: number, files: FilesBySrc): string {
  const i = '    ';
  const options = draftOptions(q);
  return [
    `<!-- question: ${n}  -->`,
    '  <question type="multichoice">',
    `${i}<name>`,
    `${i}  <text>${xmlText(questionLabel(q.question) || `Question ${n}`)}</text>`,
    `${i}</name>`,
    textElement('questiontext', q.question, files, i),
    textElement('generalfeedback', q.explanation ?? '', files, i),
    `${i}<defaultgrade>1.0000000</defaultgrade>`,
    `${i}<penalty>0.3333333</penalty>`,
    `${i}<hidden>0</hidden>`,
    `${i}<idnumber></idnumber>`,
    `${i}<single>true</single>`,
    `${i}<shuffleanswers>true</shuffleanswers>`,
    `${i}<answernumbering>ABCD</answernumbering>`,
    `${i}<showstandardinstruction>0</showstandardinstruction>`,
    `${i}<correctfeedback format="html">`,
    `${i}  <text>Your answer is correct.</text>`,
    `${i}</correctfeedback>`,
    `${i}<partiallycorrectfeedback format="html">`,
    `${i}  <text>Your answer is partially correct.</text>`,
    `${i}</partiallycorrectfeedback>`,
    `${i}<incorrectfeedback format="html">`,
    `${i}  <text>Your answer is incorrect.</text>`,
    `${i}</incorrectfeedback>`,
    `${i}<shownumcorrect/>`,
    ...options.map((o, k) =>
      textElement('answer', o, files, i, ` fraction="${k + 1 === q.correctOption ? 100 : 0}"`, [
        `${i}  <feedback format="html">`,
        `${i}    <text></text>`,
        `${i}  </feedback>`,
      ]),
    ),
    '  </question>',
    '',
  ].join('\n');
}

/**
 * A quiz as a Moodle XML file shaped as Moodle 4.x exports one: a category question naming the quiz,
 * then each question as single-answer multichoice with its explanation as general feedback and its
 * pictures (`files` by their src) embedded as base64 `<file>`s with `@@PLUGINFILE@@` sources.
 */
export function writeMoodleXml(quiz: ExportQuiz, files: FilesBySrc): string {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<quiz>',
    '<!-- question: 0  -->',
    '  <question type="category">',
    '    <category>',
    `      <text>${xmlText(categoryPath(quiz.name))}</text>`,
    '    </category>',
    '    <info format="moodle_auto_format">',
    '      <text></text>',
    '    </info>',
    '    <idnumber></idnumber>',
    '  </question>',
    '',
  ];
  const body = quiz.questions.map((q, k) => questionXml(q, k + 1, files));
  return [...head, ...body, '</quiz>', ''].join('\n');
}
