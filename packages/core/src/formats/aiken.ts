// Aiken question files (issue 21), Moodle's simplest format: a question line (or several), options
// 'A)' or 'A.' one per line, 'ANSWER: B', questions apart by blank lines. Plain text only: no feedback,
// so a quiz written as Aiken loses its explanations and pictures (shown as their text).
import type { QuestionDraft } from '../bulk-import.ts';
import { MSG } from '../messages.ts';
import { questionPlainText } from '../question-text.ts';
import {
  readWithoutBom,
  type ExportQuiz,
  type ReadError,
  type ReadItem,
  type ReadResult,
} from './contract.ts';
import {
  QUESTION_FORMAT_LIMITS,
  draftOptions,
  optionLetter,
  questionDraft,
  sourceField,
} from './question-fields.ts';

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const ANSWER = /^ANSWER\s*:\s*(.*)$/i;

/** True when the text looks like Aiken: an option line 'A.' or 'A)' and an 'ANSWER: X' line. */
export function looksLikeAiken(text: string): boolean {
  const head = text.slice(0, 20_000);
  return /^\s*[A-Z][.)]\s+\S/m.test(head) && /^\s*ANSWER\s*:\s*[A-Z]\s*$/im.test(head);
}

type Line = { text: string; start: number; end: number; line: number };

/** One question's lines as read so far. */
type Pending = { lines: Line[]; question: string[]; options: { letter: string; text: string }[] };

/** Reads an Aiken file. Never throws: a question it cannot read is an error on its first line. */
export function readAiken(input: string): ReadResult<QuestionDraft> {
  return readWithoutBom(input, readAikenText);
}

function readAikenText(text: string): ReadResult<QuestionDraft> {
  const limits = QUESTION_FORMAT_LIMITS;
  if (text.length > limits.textChars)
    return { ok: false, error: MSG.formatTooLarge(limits.textChars / 1048576) };
  const items: ReadItem<QuestionDraft>[] = [];
  const errors: ReadError[] = [];
  let count = 0;
  let q: Pending | null = null;

  const finish = (answer: string | null) => {
    if (!q) return;
    const first = q.lines[0]!;
    const last = q.lines.at(-1)!;
    const span = { line: first.line, start: first.start, end: last.end };
    const messages = check(q, answer);
    const draft =
      messages.length > 0
        ? messages
        : questionDraft(
            sourceField(q.question.join('\n'), 'plain'),
            q.options.map((o) => ({
              text: sourceField(o.text, 'plain'),
              correct: o.letter === answer!.toUpperCase(),
              feedback: '',
            })),
            '',
          );
    if (Array.isArray(draft)) errors.push({ ...span, messages: draft });
    else items.push({ ...span, item: draft });
    count++;
    q = null;
  };

  const lineRe = /[^\r\n]*(\r\n|\n|\r|$)/g;
  let n = 0;
  for (let m = lineRe.exec(text); m !== null && m[0] !== ''; m = lineRe.exec(text)) {
    n++;
    const raw = m[0].replace(/[\r\n]+$/, '');
    const line: Line = { text: raw.trim(), start: m.index, end: m.index + raw.length, line: n };
    if (line.text === '') continue;
    const option = OPTION.exec(line.text);
    const answer = ANSWER.exec(line.text);
    if (answer) {
      q ??= { lines: [], question: [], options: [] };
      q.lines.push(line);
      finish(answer[1]!.trim());
    } else if (option) {
      q ??= { lines: [], question: [], options: [] };
      q.lines.push(line);
      q.options.push({ letter: option[1]!, text: option[2]!.trim() });
    } else {
      // Text after options with no ANSWER line: that question ends there, a new one starts.
      if (q && q.options.length > 0) finish(null);
      q ??= { lines: [], question: [], options: [] };
      q.lines.push(line);
      q.question.push(line.text);
    }
    if (count > limits.items) return { ok: false, error: MSG.formatTooManyItems(limits.items) };
  }
  finish(null);
  if (count > limits.items) return { ok: false, error: MSG.formatTooManyItems(limits.items) };
  return { ok: true, setName: null, items, errors, skipped: [], files: [] };
}

/** Aiken's own rules (options A, B, C… in order; an ANSWER naming one of them), then the question's. */
function check(q: Pending, answer: string | null): string[] {
  const problems: string[] = [];
  if (q.question.length === 0) problems.push(MSG.questionRequired);
  const wrong = q.options.findIndex((o, i) => o.letter !== optionLetter(i));
  if (wrong >= 0) problems.push(MSG.aikenOptionOrder(optionLetter(wrong), q.options[wrong]!.letter));
  if (q.options.length < 2) problems.push(MSG.twoOptionsRequired);
  if (q.options.length > 5) problems.push(MSG.importTooManyOptions(q.options.length));
  if (answer === null) problems.push(MSG.aikenNoAnswer);
  else if (!q.options.some((o) => o.letter === answer.toUpperCase()) && q.options.length >= 2 && wrong < 0)
    problems.push(MSG.aikenAnswerUnknown(answer));
  return problems;
}

// ---- writing ----

/** A field as one Aiken line: its plain text (HTML without its tags), on one line. */
const aikenLine = (value: string): string => questionPlainText(value).replace(/\s+/g, ' ').trim();

/** A quiz as an Aiken file: question line, options 'A.'…, 'ANSWER: X', a blank line between questions.
 *  Aiken has no feedback: explanations are not written. */
export function writeAiken(quiz: ExportQuiz): string {
  return quiz.questions
    .map((q) =>
      [
        aikenLine(q.question),
        ...draftOptions(q).map((o, i) => `${optionLetter(i)}. ${aikenLine(o)}`),
        `ANSWER: ${optionLetter(q.correctOption - 1)}`,
      ].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}
