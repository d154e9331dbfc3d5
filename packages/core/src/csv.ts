// CSV writing for exports (SPEC §9 Exports): RFC 4180 quoting plus spreadsheet-formula escaping, so a
// subject named '=HYPERLINK(…)' opens as text, never as a formula (CSV injection).
export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined };

/** Characters that make a spreadsheet treat a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text starting with a formula character gets a leading apostrophe; then RFC 4180 quoting. */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  let text: string;
  if (typeof value === 'number') {
    text = Number.isFinite(value) ? String(value) : '';
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  return csvQuoted(text);
}

/** RFC 4180 quoting alone (a quote, comma or line break → the cell in quotes, quotes doubled). */
export const csvQuoted = (text: string): string =>
  /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/** A header line and one line per row, CRLF-separated (RFC 4180), ending with CRLF. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return lines.join('\r\n') + '\r\n';
}
