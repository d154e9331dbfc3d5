// Anki's "Notes in Plain Text" (issue 21): header lines (`#separator:`, `#html:`, `#columns:`, `#deck:`,
// `#notetype:`, `#tags:`, `#… column:`) then one note per record, fields split by the separator, a field in
// double quotes may hold the separator and new lines (`""` is a quote). The first two note fields are
// the card's front and back; cloze notes have no such faces and are listed as skipped.
import type { CardDraft } from '../bulk-import.ts';
import { IMPORT_LINE_MAX, IMPORT_MAX_ROWS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { plainTextLabel } from '../plain-text.ts';
import { checkCard, firstLongLine, lineFinder, textToFace, textTooLarge } from './card-fields.ts';
import { parseAnkiRecords } from './anki-records.ts';
import { readWithoutBom, type ExportDeck, type ReadResult } from './contract.ts';

const HEADER = /^#([a-z ]+):(.*)$/i;
const NAMED_SEPARATORS: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  space: ' ',
  pipe: '|',
  colon: ':',
};
const KNOWN = new Set([
  'separator',
  'html',
  'tags',
  'columns',
  'deck',
  'notetype',
  'notetype column',
  'deck column',
  'tags column',
  'guid column',
  'if matches',
  'match scope',
]);
const FRONT_NAMES = new Set(['front', 'question', 'term', 'text']);
const BACK_NAMES = new Set(['back', 'answer', 'definition', 'back extra', 'extra']);
const LOOKS_HTML = /<[a-z][^>]*>|<\/[a-z]+>|&(#\d+|#x[0-9a-f]+|[a-z]+);/i;

type Headers = Map<string, string>;

/** The header lines at the top: `#key:value` with a known key; other `#` lines there are comments. */
function readHeaders(source: string): { headers: Headers; bodyStart: number } {
  const headers: Headers = new Map();
  let pos = 0;
  while (pos < source.length && source[pos] === '#') {
    const nl = source.indexOf('\n', pos);
    const end = nl < 0 ? source.length : nl;
    const m = HEADER.exec(source.slice(pos, end).replace(/\r$/, ''));
    const key = m?.[1]?.trim().toLowerCase();
    if (m && key && KNOWN.has(key)) headers.set(key, m[2] ?? '');
    pos = nl < 0 ? source.length : nl + 1;
  }
  return { headers, bodyStart: pos };
}

/** `#separator:` by name or as one literal character; without it, tab, semicolon or comma as the first
 *  record shows them (tab when none). Null when the value names nothing. */
function separatorOf(headers: Headers, body: string): string | null {
  const raw = headers.get('separator');
  if (raw !== undefined) {
    const named = NAMED_SEPARATORS[raw.trim().toLowerCase()];
    if (named) return named;
    if (raw.length === 1) return raw;
    return raw.trim().length === 1 ? raw.trim() : null;
  }
  const first = body.split('\n').find((l) => l.trim() !== '') ?? '';
  return ['\t', ';', ','].find((s) => first.includes(s)) ?? '\t';
}

/** A 1-based `#… column:` value as a 0-based index, else -1. */
const columnOf = (headers: Headers, key: string): number => {
  const n = Number(headers.get(key)?.trim());
  return Number.isInteger(n) && n >= 1 ? n - 1 : -1;
};

/** Reads Anki's text export into cards; `#deck:` (or the first note's deck column) names the set. */
export function readAnkiText(text: string): ReadResult<CardDraft> {
  return readWithoutBom(text, readAnkiSource);
}

function readAnkiSource(source: string): ReadResult<CardDraft> {
  try {
    const large = textTooLarge(source);
    if (large) return { ok: false, error: large };
    const longLine = firstLongLine(source);
    if (longLine !== null)
      return { ok: false, error: MSG.importLineTooLong(longLine, IMPORT_LINE_MAX), line: longLine };
    const { headers, bodyStart } = readHeaders(source);
    const separator = separatorOf(headers, source.slice(bodyStart));
    if (separator === null)
      return { ok: false, error: MSG.importAnkiSeparator(headers.get('separator') ?? '') };
    const parsed = parseAnkiRecords(source, bodyStart, separator);
    const lineOf = lineFinder(source);
    if (parsed.records.length > IMPORT_MAX_ROWS)
      return { ok: false, error: MSG.importTooManyItems(IMPORT_MAX_ROWS, 'cards') };
    if (parsed.records.length === 0 && parsed.unclosed === null)
      return { ok: false, error: MSG.importNoCards };

    const html = headers.get('html')?.trim().toLowerCase();
    const face = (field: string): string => {
      const value = field.replace(/\0/g, '');
      const asHtml = html === 'true' || (html !== 'false' && LOOKS_HTML.test(value));
      return asHtml ? value.trim() : textToFace(value);
    };
    const meta = ['notetype column', 'deck column', 'tags column', 'guid column'].map((k) =>
      columnOf(headers, k),
    );
    const [notetypeCol, deckCol] = meta as [number, number];
    const names =
      headers
        .get('columns')
        ?.split(separator)
        .map((n) => n.trim().toLowerCase()) ?? [];
    const named = (set: Set<string>) => names.findIndex((n, i) => set.has(n) && !meta.includes(i));

    const result: Extract<ReadResult<CardDraft>, { ok: true }> = {
      ok: true,
      setName: headers.get('deck')?.trim() || null,
      items: [],
      errors: [],
      skipped: [],
      files: [],
    };
    for (const r of parsed.records) {
      const span = { line: lineOf(r.start), start: r.start, end: r.end };
      const fieldCols = r.fields.map((_, i) => i).filter((i) => !meta.includes(i));
      const frontCol = named(FRONT_NAMES) >= 0 ? named(FRONT_NAMES) : (fieldCols[0] ?? -1);
      const backCol =
        named(BACK_NAMES) >= 0 ? named(BACK_NAMES) : (fieldCols.find((i) => i !== frontCol) ?? -1);
      if (result.setName === null && deckCol >= 0) result.setName = r.fields[deckCol]?.trim() || null;
      const notetype =
        (notetypeCol >= 0 ? r.fields[notetypeCol] : undefined) ?? headers.get('notetype') ?? '';
      const front = face(r.fields[frontCol] ?? '');
      if (/cloze/i.test(notetype)) {
        result.skipped.push({
          ...span,
          what: MSG.skippedClozeNote(plainTextLabel(front, 40)),
          reason: MSG.skippedClozeReason,
        });
        continue;
      }
      const card = checkCard(front, face(r.fields[backCol] ?? ''));
      if (Array.isArray(card)) result.errors.push({ ...span, messages: card });
      else result.items.push({ ...span, item: card });
    }
    if (parsed.unclosed !== null) {
      const start = parsed.unclosed;
      result.errors.push({
        line: lineOf(start),
        start,
        end: source.length,
        messages: [MSG.importUnclosedQuote],
      });
    }
    return result;
  } catch {
    return { ok: false, error: MSG.importReadFailed };
  }
}

/** A field as Anki's exporter writes it: quoted (quotes doubled) when it holds the separator, a quote or a
 *  new line, or opens with `#` (it would read as a header line). */
const field = (value: string): string =>
  /[\t"\r\n]/.test(value) || value.startsWith('#') ? `"${value.replace(/"/g, '""')}"` : value;

/** A deck as Anki's "Notes in Plain Text" with header lines: tab-separated, HTML faces as stored, the
 *  Basic note type, the deck named after the set. */
export function writeAnkiText(deck: ExportDeck): string {
  const name = deck.name.replace(/\s+/g, ' ').trim();
  const lines = ['#separator:tab', '#html:true', '#notetype:Basic', `#deck:${name}`, '#columns:Front\tBack'];
  for (const c of deck.cards) lines.push(`${field(c.front)}\t${field(c.back)}`);
  return lines.join('\n') + '\n';
}

/** Text that opens with one of Anki's header lines. */
export const looksLikeAnkiText = (text: string): boolean => {
  const m = HEADER.exec(text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '');
  return m !== null && KNOWN.has((m[1] ?? '').trim().toLowerCase());
};
