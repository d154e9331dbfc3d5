// Bulk import of cards and MCQs (SPEC §5 Bulk import): parsed rows → card or question drafts, each bad
// row listed with its row number and reasons (the valid rows import alone), plus the 5-row preview.
import { IMPORT_PREVIEW_CELL_MAX, IMPORT_PREVIEW_ROWS, RESOURCE_TEXT_MAX } from './constants.ts';
import { parseDelimited, type ImportDelimiter, type SourceRow } from './csv-parse.ts';
import { MSG } from './messages.ts';

export type BulkKind = 'flashcards' | 'mcqs';
export type CardDraft = { front: string; back: string };
export type QuestionDraft = {
  question: string;
  option1: string;
  option2: string;
  option3: string | null;
  option4: string | null;
  option5: string | null;
  correctOption: number;
  explanation: string | null;
};
export type DraftOf<K extends BulkKind> = K extends 'flashcards' ? CardDraft : QuestionDraft;
export type ValidRow<T> = { row: number; item: T };
type RowError = { row: number; messages: string[] };
export type MappedRows<T> = {
  /** The source's header row when it names the columns, else null (columns by position). */
  header: string[] | null;
  valid: ValidRow<T>[];
  errors: RowError[];
  /** Data rows (header excluded). */
  rowCount: number;
};

/** Column names shown in the preview when the source has no header row. */
export const IMPORT_COLUMNS: Record<BulkKind, readonly string[]> = {
  flashcards: ['Front', 'Back'],
  mcqs: [
    'Question',
    'Option 1',
    'Option 2',
    'Option 3',
    'Option 4',
    'Option 5',
    'Correct option',
    'Explanation',
  ],
};

type Field = 'front' | 'back' | 'question' | 'o1' | 'o2' | 'o3' | 'o4' | 'o5' | 'correct' | 'explanation';
const FIELDS: Record<BulkKind, readonly Field[]> = {
  flashcards: ['front', 'back'],
  mcqs: ['question', 'o1', 'o2', 'o3', 'o4', 'o5', 'correct', 'explanation'],
};
/** Header names (lower case, letters and digits only) → field. */
const HEADER_NAMES: Record<BulkKind, Record<string, Field>> = {
  flashcards: {
    front: 'front',
    question: 'front',
    term: 'front',
    back: 'back',
    answer: 'back',
    definition: 'back',
  },
  mcqs: {
    question: 'question',
    ...Object.fromEntries(
      [1, 2, 3, 4, 5].flatMap((n) => {
        const letter = 'abcde'[n - 1];
        return [`option${n}`, `option${letter}`, `choice${n}`, `choice${letter}`, letter].map((k) => [
          k,
          `o${n}` as Field,
        ]);
      }),
    ),
    correctoption: 'correct',
    correct: 'correct',
    correctanswer: 'correct',
    answer: 'correct',
    explanation: 'explanation',
  },
};
const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The first row is a header when one of its cells names the key column (Front or question); other
 *  cells it names are mapped, unknown ones ignored (the first of two same names wins). */
function readHeader(kind: BulkKind, first: SourceRow | undefined): Map<Field, number> | null {
  if (!first) return null;
  const names = HEADER_NAMES[kind];
  const columns = new Map<Field, number>();
  for (const [i, cell] of first.cells.entries()) {
    const field = names[headerKey(cell)];
    if (field && !columns.has(field)) columns.set(field, i);
  }
  return columns.has(FIELDS[kind][0]!) ? columns : null;
}

/** '1'–'5' or 'A'–'E' (any case) → 1–5; empty → 1 (the default); anything else → null. */
export function parseCorrectOption(raw: string): number | null {
  const v = raw.trim();
  if (v === '') return 1;
  if (/^[1-5]$/.test(v)) return Number(v);
  if (/^[a-e]$/i.test(v)) return v.toLowerCase().charCodeAt(0) - 96;
  return null;
}

type Cells = (f: Field) => string;

/** Issue 17: a cell longer than the server stores is this row's error, not the whole import's. */
function tooLong(cell: Cells, fields: readonly [Field, string][]): string[] {
  return fields
    .filter(([f]) => cell(f).length > RESOURCE_TEXT_MAX)
    .map(([, label]) => MSG.importCellTooLong(label, RESOURCE_TEXT_MAX));
}

function toCard(cell: Cells): CardDraft | string[] {
  const front = cell('front');
  if (front === '') return [MSG.importFrontRequired];
  const long = tooLong(cell, [
    ['front', 'Front'],
    ['back', 'Back'],
  ]);
  return long.length > 0 ? long : { front, back: cell('back') };
}

function toQuestion(cell: Cells): QuestionDraft | string[] {
  const problems: string[] = [];
  const question = cell('question');
  const options = (['o1', 'o2', 'o3', 'o4', 'o5'] as const).map((f) => cell(f));
  if (question === '') problems.push(MSG.questionRequired);
  if (options[0] === '' || options[1] === '') problems.push(MSG.twoOptionsRequired);
  else {
    const firstEmpty = options.indexOf('');
    if (firstEmpty >= 0 && options.slice(firstEmpty).some((o) => o !== ''))
      problems.push(MSG.importOptionGap);
  }
  const raw = cell('correct');
  const correct = parseCorrectOption(raw);
  if (correct === null) problems.push(MSG.importCorrectOptionInvalid(raw));
  // An empty option 1 or 2 is already reported above.
  else if (correct > 2 && options[correct - 1] === '') problems.push(MSG.importCorrectOptionEmpty(correct));
  problems.push(
    ...tooLong(cell, [
      ['question', 'Question'],
      ['o1', 'Option 1'],
      ['o2', 'Option 2'],
      ['o3', 'Option 3'],
      ['o4', 'Option 4'],
      ['o5', 'Option 5'],
      ['explanation', 'Explanation'],
    ]),
  );
  if (problems.length > 0 || correct === null) return problems;
  const opt = (i: number) => (options[i] === '' ? null : (options[i] as string));
  const explanation = cell('explanation');
  return {
    question,
    option1: options[0] as string,
    option2: options[1] as string,
    option3: opt(2),
    option4: opt(3),
    option5: opt(4),
    correctOption: correct,
    explanation: explanation === '' ? null : explanation,
  };
}

/** Maps parsed rows to drafts of the kind: by header names when the first row is a header, else by position. */
export function mapImportRows<K extends BulkKind>(
  kind: K,
  rows: readonly SourceRow[],
): MappedRows<DraftOf<K>> {
  const named = readHeader(kind, rows[0]);
  const columns = named ?? new Map(FIELDS[kind].map((f, i) => [f, i] as const));
  const data = named ? rows.slice(1) : rows;
  const build = kind === 'flashcards' ? toCard : toQuestion;
  const valid: ValidRow<DraftOf<K>>[] = [];
  const errors: RowError[] = [];
  for (const source of data) {
    const cell: Cells = (f) => {
      const i = columns.get(f);
      return i === undefined ? '' : (source.cells[i] ?? '');
    };
    const out = build(cell);
    if (Array.isArray(out)) errors.push({ row: source.row, messages: out });
    else valid.push({ row: source.row, item: out as DraftOf<K> });
  }
  return { header: named ? (rows[0]?.cells ?? null) : null, valid, errors, rowCount: data.length };
}

/** 'Please provide a name for this {Flashcards|MCQs} set.' for a blank name, else null. */
export const importNameError = (kind: BulkKind, name: string): string | null =>
  name.trim() === '' ? MSG.importNameRequired(kind === 'flashcards' ? 'Flashcards' : 'MCQs') : null;

export type ImportPreview = { columns: string[]; rows: string[][]; rowCount: number };

/** Cuts a cell to IMPORT_PREVIEW_CELL_MAX characters (code points) with an ellipsis. */
export function cutCell(text: string, max = IMPORT_PREVIEW_CELL_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') + '…' : text;
}

/** The first IMPORT_PREVIEW_ROWS data rows with cells cut, the column names and the data row count. */
export function importPreview(
  kind: BulkKind,
  rows: readonly SourceRow[],
  header: string[] | null,
): ImportPreview {
  const data = header ? rows.slice(1) : rows;
  const shown = data.slice(0, IMPORT_PREVIEW_ROWS).map((r) => r.cells.map((c) => cutCell(c)));
  const width = Math.max(header?.length ?? 0, IMPORT_COLUMNS[kind].length, ...shown.map((r) => r.length));
  const names = header ?? IMPORT_COLUMNS[kind];
  const columns = Array.from({ length: width }, (_, i) => cutCell(names[i] ?? `Column ${i + 1}`));
  return {
    columns,
    rows: shown.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
    rowCount: data.length,
  };
}

export type PreparedImport<K extends BulkKind> =
  | { ok: false; error: string; row?: number }
  | ({ ok: true; preview: ImportPreview } & MappedRows<DraftOf<K>>);

/** Pasted text or a file's text → preview and mapped rows, or the spec's message for the whole input. */
export function prepareImport<K extends BulkKind>(
  kind: K,
  text: string,
  opts: { delimiter?: ImportDelimiter } = {},
): PreparedImport<K> {
  const parsed = parseDelimited(text, opts);
  if (!parsed.ok) return parsed;
  const mapped = mapImportRows(kind, parsed.rows);
  if (mapped.rowCount === 0) return { ok: false, error: MSG.importNoRows };
  return { ok: true, preview: importPreview(kind, parsed.rows, mapped.header), ...mapped };
}
