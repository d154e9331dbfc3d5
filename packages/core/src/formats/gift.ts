// GIFT question files (issue 21), Moodle's text format, read with gift-pegjs question by question (blank
// lines separate questions, as in Moodle's own reader) so one bad question is an error on its line and
// never sinks the file; single-answer multiple choice and true/false become Zan questions, `$CATEGORY`
// names the set, the other kinds are listed as skipped. The writer escapes GIFT's special characters.
import { parse, type GIFTQuestion, type TextChoice, type TextFormat } from 'gift-pegjs';
import type { QuestionDraft } from '../bulk-import.ts';
import { isQuestionHtml } from '../question-text.ts';
import { MSG } from '../messages.ts';
import {
  readWithoutBom,
  type ExportQuiz,
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
  draftOptions,
  fieldAsHtmlText,
  lineFinder,
  questionDraft,
  questionLabel,
  sourceField,
  type ReadAnswer,
} from './question-fields.ts';

/** True when the text looks like GIFT: a `{…}` answer block with = or ~ or T/F, a `::title::` or `$CATEGORY:`. */
export function looksLikeGift(text: string): boolean {
  const head = text.slice(0, 20_000);
  if (/^\s*</.test(head)) return false;
  return (
    /^\s*\$CATEGORY:/m.test(head) ||
    /^\s*::[^\n]*?::/m.test(head) ||
    /\{\s*(?:[=~][^}]*|T|F|TRUE|FALSE)\s*\}/.test(head)
  );
}

// ---- reading ----

/** A question's source: the lines between blank lines, leading `//` comment lines left out. */
type Block = { start: number; end: number; text: string };

function blocks(text: string): Block[] {
  const out: Block[] = [];
  const lineRe = /[^\r\n]*(\r\n|\n|\r|$)/g;
  let start = -1;
  let end = -1;
  const close = () => {
    if (start >= 0) out.push({ start, end, text: text.slice(start, end) });
    start = -1;
  };
  for (let m = lineRe.exec(text); m !== null && m[0] !== ''; m = lineRe.exec(text)) {
    const line = m[0].replace(/[\r\n]+$/, '');
    const at = m.index;
    if (line.trim() === '') close();
    else if (start < 0 && line.trimStart().startsWith('//')) continue;
    else {
      if (start < 0) start = at;
      end = at + line.length;
    }
  }
  close();
  return out;
}

const FORMAT_OF = { html: 'html', markdown: 'markdown', plain: 'plain', moodle: 'moodle' } as const;
const field = (t: TextFormat | null | undefined): string =>
  t ? sourceField(t.text, FORMAT_OF[t.format] ?? 'moodle') : '';

const KIND_NAMES: Record<string, string> = {
  Description: 'Description',
  Essay: 'Essay question',
  Matching: 'Matching question',
  Numerical: 'Numerical question',
  Short: 'Short-answer question',
  MC: 'Multiple-choice question',
};

type Outcome =
  | { kind: 'item'; item: QuestionDraft }
  | { kind: 'error'; messages: string[] }
  | { kind: 'skip'; what: string; reason: string }
  | { kind: 'category'; name: string | null };

function toOutcome(q: GIFTQuestion): Outcome {
  if (q.type === 'Category') return { kind: 'category', name: categorySetName(q.title) };
  const label = q.title?.trim() || questionLabel(field(q.stem), 40);
  const what = `${KIND_NAMES[q.type] ?? 'Question'}${label ? ` '${label}'` : ''}`;
  if (q.type === 'TF') {
    // GIFT's {T#a#b}: the first feedback shows after a wrong answer, the second after the right one.
    const [wrong, right] = [field(q.trueFeedback), field(q.falseFeedback)];
    const answers: ReadAnswer[] = [
      { text: 'True', correct: q.isTrue, feedback: q.isTrue ? right : wrong },
      { text: 'False', correct: !q.isTrue, feedback: q.isTrue ? wrong : right },
    ];
    return result(questionDraft(field(q.stem), answers, field(q.globalFeedback)));
  }
  if (q.type !== 'MC') return { kind: 'skip', what, reason: MSG.skippedQuestionType };
  const choices: TextChoice[] = q.choices;
  // As in Moodle: with no '=' answer the question takes several answers (weights add up).
  if (!choices.some((c) => c.isCorrect) && choices.some((c) => (c.weight ?? 0) > 0))
    return { kind: 'skip', what, reason: MSG.skippedMultiAnswer };
  const answers = choices.map((c) => ({
    text: field(c.text),
    correct: c.isCorrect,
    feedback: field(c.feedback),
  }));
  return result(questionDraft(field(q.stem), answers, field(q.globalFeedback)));
}

const result = (draft: QuestionDraft | string[]): Outcome =>
  Array.isArray(draft) ? { kind: 'error', messages: draft } : { kind: 'item', item: draft };

/** The line (within the block) and the character a PEG.js syntax error reports, if it is one. */
function pegLocation(err: unknown): { line: number; found: string | null } | null {
  if (!(err instanceof Error) || !('location' in err)) return null;
  const location: unknown = err.location;
  const start: unknown =
    typeof location === 'object' && location !== null && 'start' in location ? location.start : null;
  const line: unknown = typeof start === 'object' && start !== null && 'line' in start ? start.line : null;
  if (typeof line !== 'number') return null;
  const found = 'found' in err && typeof err.found === 'string' ? err.found : null;
  return { line, found };
}

/** One block parsed: its outcomes (a `$CATEGORY` line directly above a question is its own), or why not. */
function readBlock(block: Block, firstLine: number): { outcomes: Outcome[] } | { messages: string[] } {
  if (block.text.length > QUESTION_FORMAT_LIMITS.itemChars)
    return { messages: [MSG.importCellTooLong('This question', QUESTION_FORMAT_LIMITS.itemChars)] };
  try {
    return { outcomes: parse(block.text + '\n').map(toOutcome) };
  } catch (err) {
    const where = pegLocation(err);
    if (!where) return { messages: [MSG.giftUnreadable] };
    return { messages: [MSG.giftSyntax(firstLine + where.line - 1, where.found)] };
  }
}

/** Reads a GIFT file. Never throws: a question it cannot read is an error on its line. */
export function readGift(input: string): ReadResult<QuestionDraft> {
  return readWithoutBom(input, readGiftText);
}

function readGiftText(text: string): ReadResult<QuestionDraft> {
  const limits = QUESTION_FORMAT_LIMITS;
  if (text.length > limits.textChars)
    return { ok: false, error: MSG.formatTooLarge(limits.textChars / 1048576) };
  const lineOf = lineFinder(text);
  const items: ReadItem<QuestionDraft>[] = [];
  const errors: ReadError[] = [];
  const skipped: Skipped[] = [];
  let setName: string | null = null;
  const parts = blocks(text).flatMap((b): Block[] => {
    // '$CATEGORY: …' on the line right above a question: Moodle reads both; split them.
    const m = /^\s*\$CATEGORY:[^\r\n]*(\r\n|\n|\r)/.exec(b.text);
    if (!m || m[0].length >= b.text.length) return [b];
    const cut = b.start + m[0].length;
    return [
      { start: b.start, end: cut - m[1]!.length, text: b.text.slice(0, m[0].length - m[1]!.length) },
      { start: cut, end: b.end, text: text.slice(cut, b.end) },
    ];
  });
  // Refused before any parsing: more blocks than questions allowed (categories aside).
  const categories = parts.filter((b) => /^\s*\$CATEGORY:/.test(b.text)).length;
  if (parts.length - categories > limits.items)
    return { ok: false, error: MSG.formatTooManyItems(limits.items) };
  for (const block of parts) {
    const span: SourceSpan = { line: lineOf(block.start), start: block.start, end: block.end };
    const read = readBlock(block, span.line);
    if ('messages' in read) {
      errors.push({ ...span, messages: read.messages });
    } else {
      for (const out of read.outcomes) {
        if (out.kind === 'category') setName ??= out.name;
        else if (out.kind === 'item') items.push({ ...span, item: out.item });
        else if (out.kind === 'error') errors.push({ ...span, messages: out.messages });
        else if (out.kind === 'skip') skipped.push({ ...span, what: out.what, reason: out.reason });
      }
    }
  }
  return { ok: true, setName, items, errors, skipped, files: [] };
}

// ---- writing ----

/** GIFT's special characters escaped, line breaks as `\n` (a blank line would end the question). */
export const escapeGift = (s: string): string =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/[~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n');

function questionGift(q: QuestionDraft, n: number): string {
  const options = draftOptions(q);
  const fields = [q.question, ...options, q.explanation ?? ''];
  const html = fields.some(isQuestionHtml);
  // Plain text that holds markup-like text is declared plain, so no reader takes it for HTML.
  const prefix = html ? '[html]' : fields.some((f) => /<[a-z/!]/i.test(f)) ? '[plain]' : '';
  const out = (value: string) => escapeGift(html ? fieldAsHtmlText(value) : value.trim());
  const lines = [
    `// question: ${n}`,
    `::${escapeGift(questionLabel(q.question, 40) || `Question ${n}`)}::${prefix}${out(q.question)}{`,
    ...options.map((o, k) => `\t${k + 1 === q.correctOption ? '=' : '~'}${out(o)}`),
  ];
  if (q.explanation) lines.push(`\t####${out(q.explanation)}`);
  lines.push('}');
  return lines.join('\n');
}

/** A quiz as a GIFT file: its name as `$CATEGORY`, each question as single-answer multiple choice with its
 *  explanation as general feedback (`####`); HTML questions declared `[html]`. */
export function writeGift(quiz: ExportQuiz): string {
  const head = `// ${quiz.name.replace(/[\r\n]+/g, ' ')}\n$CATEGORY: ${categoryPath(quiz.name.replace(/[\r\n]+/g, ' '))}`;
  return [head, ...quiz.questions.map((q, k) => questionGift(q, k + 1))].join('\n\n') + '\n';
}
