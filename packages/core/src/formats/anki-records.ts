// The records of Anki's text export (issue 21), read in one linear pass: fields split by the separator, a
// field opening with `"` runs to its closing quote (separators and new lines inside it are text, `""` is a
// quote). Each record keeps its source offsets for the preview's fixing in place.
type AnkiRecord = { start: number; end: number; fields: string[] };
/** `unclosed`: the offset of the record whose quoted field never closes (the rest of the text), else null. */
export type AnkiRecords = { records: AnkiRecord[]; unclosed: number | null };

export function parseAnkiRecords(source: string, from: number, separator: string): AnkiRecords {
  const records: AnkiRecord[] = [];
  const single = separator.length === 1;
  const isSep = (i: number) => (single ? source[i] === separator : source.startsWith(separator, i));
  /** Reads plain characters from `i` to the next separator or new line: [text, where it stopped]. */
  const plainRun = (i: number): [string, number] => {
    let j = i;
    while (j < source.length && source[j] !== '\n' && !isSep(j)) j += 1;
    return [source.slice(i, j).replace(/\r$/, ''), j];
  };
  let pos = from;
  while (pos < source.length) {
    const start = pos;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (source[pos] === '"') {
        let i = pos + 1;
        for (;;) {
          const q = source.indexOf('"', i);
          if (q < 0) return { records, unclosed: start };
          field += source.slice(i, q);
          if (source[q + 1] === '"') {
            field += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        const [rest, stop] = plainRun(i);
        field += rest;
        pos = stop;
      } else {
        [field, pos] = plainRun(pos);
      }
      fields.push(field);
      if (pos < source.length && source[pos] !== '\n') pos += separator.length;
      else break;
    }
    const end = pos > start && source[pos - 1] === '\r' ? pos - 1 : pos;
    pos += 1;
    if (fields.some((f) => f.trim() !== '')) records.push({ start, end, fields });
  }
  return { records, unclosed: null };
}
