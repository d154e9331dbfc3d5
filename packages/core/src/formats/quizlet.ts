// Quizlet's text export (issue 21): one card per record, the term and the definition split by a chosen
// separator (tab, comma or custom), the records by another (new line, semicolon or custom), as Quizlet's
// Export dialog offers them. Quizlet cards are plain text; Zan faces are HTML, so text is escaped in and
// the markup dropped out (pictures are lost: the format has none).
import type { CardDraft } from '../bulk-import.ts';
import { IMPORT_LINE_MAX, IMPORT_MAX_ROWS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { checkCard, faceToText, lineFinder, textToFace, textTooLarge } from './card-fields.ts';
import {
  QUIZLET_DEFAULTS,
  readWithoutBom,
  type ExportDeck,
  type QuizletOptions,
  type ReadResult,
} from './contract.ts';

const NEW_LINE = '\n';
/** An empty custom separator means the default one. */
const separators = (opts: QuizletOptions): QuizletOptions => ({
  between: opts.between === '' ? QUIZLET_DEFAULTS.between : opts.between,
  rows: opts.rows === '' ? QUIZLET_DEFAULTS.rows : opts.rows,
});

/** A record's trimmed span and its raw text (white space around a separator can matter). */
type Record = { start: number; end: number; raw: string };

/** The records of the text, trimmed of surrounding white space (a '\r' before a new line included). */
function records(text: string, rows: string): Record[] {
  const out: Record[] = [];
  let pos = 0;
  while (pos <= text.length) {
    const at = text.indexOf(rows, pos);
    const stop = at < 0 ? text.length : at;
    let start = pos;
    let end = stop;
    while (start < end && /\s/.test(text[start] as string)) start += 1;
    while (end > start && /\s/.test(text[end - 1] as string)) end -= 1;
    if (end > start) out.push({ start, end, raw: text.slice(pos, stop) });
    if (at < 0) break;
    pos = at + rows.length;
  }
  return out;
}

/** Reads a Quizlet export: each record is a card, split at the first term/definition separator. */
export function readQuizlet(text: string, opts: QuizletOptions = QUIZLET_DEFAULTS): ReadResult<CardDraft> {
  return readWithoutBom(text, (source) => readQuizletText(source, opts));
}

function readQuizletText(source: string, opts: QuizletOptions): ReadResult<CardDraft> {
  try {
    const large = textTooLarge(source);
    if (large) return { ok: false, error: large };
    const { between, rows } = separators(opts);
    const found = records(source, rows);
    const lineOf = lineFinder(source);
    if (found.length === 0) return { ok: false, error: MSG.importNoCards };
    if (found.length > IMPORT_MAX_ROWS)
      return { ok: false, error: MSG.importTooManyItems(IMPORT_MAX_ROWS, 'cards') };
    const long = found.find((r) => r.end - r.start > IMPORT_LINE_MAX);
    if (long) {
      const line = lineOf(long.start);
      return { ok: false, error: MSG.importLineTooLong(line, IMPORT_LINE_MAX), line };
    }
    const result: Extract<ReadResult<CardDraft>, { ok: true }> = {
      ok: true,
      setName: null,
      items: [],
      errors: [],
      skipped: [],
      files: [],
    };
    for (const r of found) {
      const span = { line: lineOf(r.start), start: r.start, end: r.end };
      const raw = r.raw;
      const cut = raw.indexOf(between);
      if (cut < 0) {
        result.errors.push({ ...span, messages: [MSG.importNoSeparator] });
        continue;
      }
      const card = checkCard(textToFace(raw.slice(0, cut)), textToFace(raw.slice(cut + between.length)));
      if (Array.isArray(card)) result.errors.push({ ...span, messages: card });
      else result.items.push({ ...span, item: card });
    }
    return result;
  } catch {
    return { ok: false, error: MSG.importReadFailed };
  }
}

/**
 * A deck as Quizlet's import reads it. A face's line breaks stay when neither separator is a new line
 * (they read back as `<br>`), else they become spaces; a separator inside a face (a term holding the
 * term/definition separator, any face holding the card separator) becomes a space, as it cannot be told
 * apart from the separator.
 */
export function writeQuizlet(deck: ExportDeck, opts: QuizletOptions = QUIZLET_DEFAULTS): string {
  const { between, rows } = separators(opts);
  const oneLine = rows.includes(NEW_LINE) || between.includes(NEW_LINE);
  const plain = (html: string, seps: string[]) => {
    let text = faceToText(html);
    if (oneLine) text = text.replace(/\n/g, ' ');
    for (const sep of seps) text = text.split(sep).join(' ');
    return text;
  };
  return deck.cards
    .map((c) => `${plain(c.front, [rows, between])}${between}${plain(c.back, [rows])}`)
    .join(rows);
}

/** A spreadsheet's header row naming the two columns (Quizlet exports have none). */
const HEADER_ROW = /^\s*front\s*\t\s*back\s*$/i;

/** A paste that reads as Quizlet's default export: every one of its first lines holds exactly one tab
 *  and none is an Anki header or a quoted CSV record. A first line `Front<TAB>Back` is a spreadsheet's
 *  header: such a paste is left to the CSV reader, which reads it as one (the format can be overridden). */
export function looksLikeQuizlet(text: string): boolean {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  return (
    lines.length > 0 &&
    !HEADER_ROW.test(lines[0]!) &&
    lines.every((l) => l.split('\t').length === 2 && !l.startsWith('#') && !l.startsWith('"'))
  );
}
