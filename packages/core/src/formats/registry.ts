// The import formats per kind (issue 21): each reader with its label and file endings, the format a
// file or a paste is detected as, and one entry point that reads a text in the format chosen.
import type { BulkKind, DraftOf } from '../bulk-import.ts';
import type { ImportDelimiter } from '../csv-parse.ts';
import type { FormatOf, ReadOptions, ReadResult } from './contract.ts';
import { looksLikeAiken, readAiken } from './aiken.ts';
import { looksLikeAnkiText, readAnkiText } from './anki-text.ts';
import { readCsv } from './csv-reader.ts';
import { looksLikeGift, readGift } from './gift.ts';
import { looksLikeMoodleXml, readMoodleXml } from './moodle-xml.ts';
import { looksLikeQuizlet, readQuizlet } from './quizlet.ts';

/** What a reader is given besides the text: Quizlet's separators, the delimiter a .tsv file forces. */
export type ImportReadOptions = ReadOptions & { delimiter?: ImportDelimiter };

export type ImportFormat<K extends BulkKind> = {
  id: FormatOf<K>;
  label: string;
  /** File endings (lower case, with the dot) this format is saved with; the first is its own. */
  extensions: readonly string[];
  /** Whether a text is surely of this format (never true for CSV, the fallback). */
  looksLike: (text: string) => boolean;
  read: (text: string, opts: ImportReadOptions) => ReadResult<DraftOf<K>>;
};

const csv = <K extends BulkKind>(kind: K): ImportFormat<K> => ({
  id: 'csv' as FormatOf<K>,
  label: 'CSV or TSV (spreadsheet)',
  extensions: ['.csv', '.tsv'],
  looksLike: () => false,
  read: (text, opts) => readCsv(kind, text, opts.delimiter ? { delimiter: opts.delimiter } : {}),
});

/** The readers of each kind, in the order detection tries them (CSV, the fallback, last). */
const IMPORT_FORMATS: { flashcards: ImportFormat<'flashcards'>[]; mcqs: ImportFormat<'mcqs'>[] } = {
  flashcards: [
    {
      id: 'anki-text',
      label: 'Anki text export',
      extensions: ['.txt'],
      looksLike: looksLikeAnkiText,
      read: (text) => readAnkiText(text),
    },
    {
      id: 'quizlet',
      label: 'Quizlet export',
      extensions: ['.txt'],
      looksLike: looksLikeQuizlet,
      read: (text, opts) => readQuizlet(text, opts.quizlet),
    },
    csv('flashcards'),
  ],
  mcqs: [
    {
      id: 'moodle-xml',
      label: 'Moodle XML',
      extensions: ['.xml'],
      looksLike: looksLikeMoodleXml,
      read: (text) => readMoodleXml(text),
    },
    {
      id: 'gift',
      label: 'GIFT (Moodle)',
      extensions: ['.gift', '.txt'],
      looksLike: looksLikeGift,
      read: (text) => readGift(text),
    },
    {
      id: 'aiken',
      label: 'Aiken',
      extensions: ['.txt'],
      looksLike: looksLikeAiken,
      read: (text) => readAiken(text),
    },
    csv('mcqs'),
  ],
};

export const importFormats = <K extends BulkKind>(kind: K): readonly ImportFormat<K>[] =>
  IMPORT_FORMATS[kind] as readonly ImportFormat<BulkKind>[] as readonly ImportFormat<K>[];

function importFormat<K extends BulkKind>(kind: K, format: FormatOf<K>): ImportFormat<K> {
  const found = importFormats(kind).find((f) => f.id === format);
  if (!found) throw new Error(`No ${kind} reader for ${format}`);
  return found;
}

const endingOf = (fileName: string): string => /\.[^./\\]+$/.exec(fileName.trim().toLowerCase())?.[0] ?? '';

/**
 * The format a text is read in: a file ending that only one format uses decides (.xml, .gift, .csv,
 * .tsv); otherwise (.txt, a paste) the first format whose `looksLike` holds, else CSV.
 */
export function detectFormat<K extends BulkKind>(kind: K, text: string, fileName?: string): FormatOf<K> {
  const formats = importFormats(kind);
  if (fileName) {
    const ending = endingOf(fileName);
    const owners = formats.filter((f) => f.extensions.includes(ending));
    if (owners.length === 1) return owners[0]!.id;
  }
  return (formats.find((f) => f.looksLike(text)) ?? importFormat(kind, 'csv' as FormatOf<K>)).id;
}

/** Reads `text` in `format` (a .tsv file passes `delimiter: '\t'`; Quizlet its separators). */
export const readImport = <K extends BulkKind>(
  kind: K,
  format: FormatOf<K>,
  text: string,
  opts: ImportReadOptions = {},
): ReadResult<DraftOf<K>> => importFormat(kind, format).read(text, opts);

/** The file picker's accept list for a kind: every ending its formats use. */
export const importAccept = (kind: BulkKind): string =>
  [...new Set(importFormats(kind).flatMap((f) => f.extensions))].join(',');
