// Reading pasted or uploaded CSV/TSV for bulk import (SPEC §5 Bulk import) with papaparse, its errors
// mapped to the spec's messages. Apart from csv.ts (export writing) so export chunks don't carry papaparse.
import Papa from 'papaparse';
import { MSG } from './messages.ts';

export type ImportDelimiter = ',' | '\t';
/** One record of the source with its 1-based row number (as a spreadsheet numbers it, header included). */
export type SourceRow = { row: number; cells: string[] };
export type ParseOutcome =
  | { ok: true; rows: SourceRow[]; delimiter: ImportDelimiter }
  | { ok: false; error: string; /** 1-based source row of a quoting error */ row?: number };

const ACCEPTED: ImportDelimiter[] = [',', '\t'];
/** Separators a spreadsheet may use that the import refuses ('columns are separated by commas'). */
const REFUSED = [';', '|'];

/**
 * Parses pasted text or a file's text. A .tsv file passes `delimiter: '\t'`; otherwise comma or tab is
 * detected. Blank rows are dropped (row numbers stay those of the source); cells are trimmed, NUL removed.
 */
export function parseDelimited(text: string, opts: { delimiter?: ImportDelimiter } = {}): ParseOutcome {
  try {
    const source = text.replace(/^\uFEFF/, '');
    if (source.trim() === '') return { ok: false, error: MSG.importNoRows };
    const delimiter = opts.delimiter ?? detectDelimiter(source);
    if (delimiter === null) return { ok: false, error: MSG.importDelimiter };
    const result = Papa.parse<string[]>(source, { delimiter, skipEmptyLines: false });
    const failure = result.errors[0];
    if (failure) {
      return failure.row === undefined
        ? { ok: false, error: MSG.importParseError }
        : { ok: false, error: MSG.importParseError, row: failure.row + 1 };
    }
    const rows: SourceRow[] = [];
    result.data.forEach((raw, i) => {
      const cells = raw.map(cleanCell);
      if (cells.some((c) => c !== '')) rows.push({ row: i + 1, cells });
    });
    if (rows.length === 0) return { ok: false, error: MSG.importNoRows };
    return { ok: true, rows, delimiter };
  } catch {
    return { ok: false, error: MSG.importReadFailed };
  }
}

const cleanCell = (cell: string): string => cell.replace(/\0/g, '').trim();

/**
 * Comma or tab as papaparse guesses them from the first 10 rows. When it cannot decide
 * (UndetectableDelimiter): rows consistently split by ';' or '|' are refused (null); a one-column paste,
 * or a paste whose first rows are mostly one column, is read with whichever of comma or tab occurs.
 */
function detectDelimiter(source: string): ImportDelimiter | null {
  const probe = Papa.parse<string[]>(source, {
    preview: 10,
    skipEmptyLines: 'greedy',
    delimitersToGuess: ACCEPTED,
  });
  const undetectable = probe.errors.some((e) => e.code === 'UndetectableDelimiter');
  if (!undetectable) return probe.meta.delimiter === '\t' ? '\t' : ',';
  const other = Papa.parse<string[]>(source, {
    preview: 10,
    skipEmptyLines: 'greedy',
    delimitersToGuess: REFUSED,
  });
  if (!other.errors.some((e) => e.code === 'UndetectableDelimiter')) return null;
  const splitsOn = (d: ImportDelimiter) =>
    Papa.parse<string[]>(source, { delimiter: d, skipEmptyLines: 'greedy' }).data.some((r) => r.length > 1);
  if (splitsOn(',')) return ',';
  return splitsOn('\t') ? '\t' : ',';
}

/** The delimiter a chosen file implies: tab for .tsv, detected otherwise. */
export const delimiterForFile = (fileName: string): ImportDelimiter | undefined =>
  /\.tsv$/i.test(fileName.trim()) ? '\t' : undefined;

/** A chosen file (a browser File or anything with text()) → its text, or the spec's reader failure. */
export async function readImportFile(file: {
  name: string;
  text(): Promise<string>;
}): Promise<
  { ok: true; text: string; delimiter: ImportDelimiter | undefined } | { ok: false; error: string }
> {
  try {
    return { ok: true, text: await file.text(), delimiter: delimiterForFile(file.name) };
  } catch {
    return { ok: false, error: MSG.importReadFailed };
  }
}
