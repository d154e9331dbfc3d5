// What the question formats (Moodle XML, GIFT, Aiken) share: their bounds, the mapping of a source text
// in its declared format (html, plain, markdown, Moodle's auto format) onto Zan's field rule (HTML exactly
// when it opens with a block element, core question-text.ts), the checks a read question passes (SPEC MCQ
// messages) and the explanation built from general and per-answer feedback. Pure, no DOM.
import type { QuestionDraft } from '../bulk-import.ts';
import { IMPORT_MAX_ROWS, RESOURCE_TEXT_MAX } from '../constants.ts';
import { MSG } from '../messages.ts';
import { truncateText } from '../plain-text.ts';
import { isQuestionHtml, questionPlainText, questionTextAsHtml } from '../question-text.ts';

/** Bounds of a question source (issue 21 Safety): characters of the whole text, questions in it. */
export const QUESTION_FORMAT_LIMITS = {
  /** Moodle XML carries its pictures as base64. */
  xmlChars: 64 * 1024 * 1024,
  /** GIFT and Aiken are text only. */
  textChars: 16 * 1024 * 1024,
  /** Elements of a Moodle XML file outside CDATA (a question is a few dozen). */
  xmlElements: 2_000_000,
  /** Questions (and skipped items) in one source: one bulk import's rows. */
  items: IMPORT_MAX_ROWS,
  /** Characters of one question's source in GIFT (checked before it is parsed). */
  itemChars: 8 * RESOURCE_TEXT_MAX,
} as const;

/** A text's format as the source declares it. 'moodle' is Moodle's auto format (text that may hold tags). */
export type SourceTextFormat = 'html' | 'plain' | 'markdown' | 'moodle';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the common and numeric character references of HTML text (unknown ones stay). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const HAS_TAG = /<\/?[a-z][^>]*>|<!--/i;

/** Plain text as a Zan field: kept as it is, unless it would read as HTML (it opens with '<p>'…). */
const plainField = (text: string): string =>
  isQuestionHtml(text) ? `<p>${text.split(/\r?\n/).map(escapeHtml).join('<br>')}</p>` : text;

/** A small, safe part of Markdown (bold, italics, code, line breaks) as HTML; text without any stays plain. */
function markdownField(text: string): string {
  const html = escapeHtml(text)
    .replace(/\*\*(\S(?:[^*]*\S)?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(\S(?:[^_]*\S)?)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(\S(?:[^*]*\S)?)\*/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_(\S(?:[^_]*\S)?)_/g, '$1<em>$2</em>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
  if (!/<(strong|em|code)>/.test(html)) return plainField(text);
  return `<p>${html.split(/\r?\n/).join('<br>')}</p>`;
}

/**
 * A source text as a Zan field. HTML that holds no tag is plain text (entities decoded, spacing folded),
 * so 'Paris' in an HTML answer stays 'Paris'; HTML with tags is kept, wrapped in a paragraph when it does
 * not open with a block element (the server sanitises it on import). Moodle's auto format is HTML when it
 * holds tags, else plain; plain text stays plain.
 */
export function sourceField(text: string, format: SourceTextFormat): string {
  const t = text.trim();
  if (t === '') return '';
  if (format === 'plain') return plainField(t);
  if (format === 'markdown') return markdownField(t);
  if (!HAS_TAG.test(t)) {
    if (format === 'moodle') return plainField(t);
    return plainField(decodeEntities(t).replace(/\s+/g, ' ').trim());
  }
  return isQuestionHtml(t) ? t : `<p>${t}</p>`;
}

/**
 * A Zan field written as HTML text for a format that declares it HTML: HTML as it is; single-line plain
 * text escaped with no tag (it reads back as the same plain text, see sourceField); plain text over
 * several lines as a paragraph with `<br>`.
 */
export function fieldAsHtmlText(value: string): string {
  if (isQuestionHtml(value)) return value;
  return /\n/.test(value.trim()) ? questionTextAsHtml(value) : escapeHtml(value.trim());
}

/** One answer as read: its field, whether it is the right one, its feedback field ('' when none). */
export type ReadAnswer = { text: string; correct: boolean; feedback: string };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const optionLetter = (i: number): string => LETTERS[i] ?? String(i + 1);

/** Inserts a bold label at the start of an HTML field's first paragraph (or before it). */
function labelled(label: string, html: string): string {
  const strong = `<strong>${escapeHtml(label)}</strong> `;
  return /^<p(\s[^>]*)?>/i.test(html)
    ? html.replace(/^<p(\s[^>]*)?>/i, (p) => p + strong)
    : `<p>${strong.trim()}</p>${html}`;
}

/**
 * The explanation: the general feedback, then each answer's own feedback on a line of its own saying
 * which option it belongs to ('Option B: …'). Plain when every part is plain, else HTML. Null when empty.
 */
function composeExplanation(general: string, answers: readonly ReadAnswer[]): string | null {
  const parts: { label: string | null; text: string }[] = [];
  if (general.trim() !== '') parts.push({ label: null, text: general.trim() });
  answers.forEach((a, i) => {
    if (a.feedback.trim() !== '')
      parts.push({ label: `Option ${optionLetter(i)}:`, text: a.feedback.trim() });
  });
  if (parts.length === 0) return null;
  if (!parts.some((p) => isQuestionHtml(p.text)))
    return parts.map((p) => (p.label ? `${p.label} ${p.text}` : p.text)).join('\n');
  return parts
    .map((p) => {
      const html = questionTextAsHtml(p.text);
      return p.label ? labelled(p.label, html) : html;
    })
    .join('');
}

/**
 * A read question as a draft, or the reasons it cannot be one (SPEC MCQ messages where they apply):
 * question text, at least two options, at most five, exactly one correct, fields within
 * RESOURCE_TEXT_MAX.
 */
export function questionDraft(
  question: string,
  answers: readonly ReadAnswer[],
  general: string,
): QuestionDraft | string[] {
  const problems: string[] = [];
  if (question.trim() === '') problems.push(MSG.questionRequired);
  const options = answers.map((a) => a.text.trim());
  if (options.length > 5) problems.push(MSG.importTooManyOptions(options.length));
  if (options.length < 2 || options[0] === '' || options[1] === '') problems.push(MSG.twoOptionsRequired);
  else if (options.slice(0, 5).some((o) => o === '')) problems.push(MSG.importOptionEmpty);
  const correct = answers.flatMap((a, i) => (a.correct ? [i] : []));
  if (correct.length === 0) problems.push(MSG.importNoCorrectOption);
  else if (correct.length > 1) problems.push(MSG.importSeveralCorrect(correct.length));
  const explanation = composeExplanation(general, answers);
  const long = (label: string, value: string | null) =>
    value !== null && value.length > RESOURCE_TEXT_MAX
      ? [MSG.importCellTooLong(label, RESOURCE_TEXT_MAX)]
      : [];
  problems.push(
    ...long('Question', question),
    ...options.slice(0, 5).flatMap((o, i) => long(`Option ${i + 1}`, o)),
    ...long('Explanation', explanation),
  );
  if (problems.length > 0) return problems;
  const opt = (i: number) => options[i] ?? null;
  return {
    question: question.trim(),
    option1: options[0]!,
    option2: options[1]!,
    option3: opt(2),
    option4: opt(3),
    option5: opt(4),
    correctOption: correct[0]! + 1,
    explanation,
  };
}

/** The options of a draft in order (two to five). */
export const draftOptions = (q: QuestionDraft): string[] =>
  [q.option1, q.option2, q.option3, q.option4, q.option5].filter((o): o is string => o !== null && o !== '');

/** 1-based line of a character offset, from the offsets at which lines start. */
export function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** The last part of a Moodle category path ('$course$/top/Cardiology' → 'Cardiology'; '//' is a slash
 *  inside a name); null for the bare top or context. */
export function categorySetName(path: string): string | null {
  const parts = path
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((p) => p.replace(/\/\//g, '/').trim())
    .filter((p) => p !== '');
  const last = parts.at(-1);
  if (last === undefined || last === 'top' || /^\$[a-z]+\$$/.test(last)) return null;
  return last.slice(0, 200);
}

/** A Moodle category path for a set name: '$course$/top/<name>' with '/' doubled. */
export const categoryPath = (name: string): string => `$course$/top/${name.replace(/\//g, '//')}`;

/** A short name for a question (Moodle's question name, GIFT's title): its plain text, cut. */
export const questionLabel = (text: string, max = 60): string => truncateText(questionPlainText(text), max);
