// The bulk import's CSV/TSV reading (parseDelimited + mapImportRows, SPEC §5 Bulk import) as an issue 21
// reader: each row's item or errors carry its first line and the offsets of its source text, so a bad row
// can be fixed in the preview and the whole text read again with the fix spliced in.
import Papa from 'papaparse';
import { mapImportRows, type BulkKind, type DraftOf } from '../bulk-import.ts';
import { parseDelimited, type ImportDelimiter } from '../csv-parse.ts';
import { MSG } from '../messages.ts';
import type { ReadError, ReadItem, ReadResult, SourceSpan } from './contract.ts';

/** Where each record starts and ends in `source` (its line ending left out), by 1-based record number
 *  as papaparse counts them (blank records included, as parseDelimited's row numbers are). */
function recordSpans(source: string, delimiter: ImportDelimiter): SourceSpan[] {
  const spans: SourceSpan[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(source, {
    delimiter,
    skipEmptyLines: false,
    step: (r) => {
      const cursor = r.meta.cursor;
      let end = cursor;
      if (source[end - 1] === '\n') end--;
      if (source[end - 1] === '\r') end--;
      spans.push({ line, start, end });
      line += countLines(source, start, cursor);
      start = cursor;
    },
  });
  return spans;
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** Pasted or uploaded CSV/TSV → the kind's drafts with their spans (`delimiter` as a .tsv file forces). */
export function readCsv<K extends BulkKind>(
  kind: K,
  text: string,
  opts: { delimiter?: ImportDelimiter } = {},
): ReadResult<DraftOf<K>> {
  const parsed = parseDelimited(text, opts);
  // parseDelimited reads the text without its byte order mark; offsets are those of `text`.
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  if (!parsed.ok) {
    if (parsed.row === undefined) return { ok: false, error: parsed.error };
    const delimiter = opts.delimiter ?? (text.includes('\t') ? '\t' : ',');
    const at = recordSpans(text.slice(bom), delimiter)[parsed.row - 1];
    return { ok: false, error: parsed.error, line: at?.line ?? parsed.row };
  }
  const mapped = mapImportRows(kind, parsed.rows);
  if (mapped.rowCount === 0) return { ok: false, error: MSG.importNoRows };
  const spans = recordSpans(text.slice(bom), parsed.delimiter);
  const spanOf = (row: number): SourceSpan => {
    const s = spans[row - 1] ?? { line: row, start: 0, end: 0 };
    return { line: s.line, start: s.start + bom, end: s.end + bom };
  };
  const items: ReadItem<DraftOf<K>>[] = mapped.valid.map((v) => ({ ...spanOf(v.row), item: v.item }));
  const errors: ReadError[] = mapped.errors.map((e) => ({ ...spanOf(e.row), messages: e.messages }));
  return { ok: true, setName: null, items, errors, skipped: [], files: [] };
}
