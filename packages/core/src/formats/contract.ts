// The shape every import format reads into and every export format writes from (issue 21: Moodle XML,
// GIFT, Aiken, Quizlet, Anki text, CSV; issue 20's Anki package reader fills the same shape). Readers
// are pure and bounded: they never throw on bad input, they report it by line.
import type { BulkKind, CardDraft, QuestionDraft } from '../bulk-import.ts';

type QuestionFormat = 'moodle-xml' | 'gift' | 'aiken' | 'csv';
type CardFormat = 'quizlet' | 'anki-text' | 'csv';
export type FormatOf<K extends BulkKind> = K extends 'flashcards' ? CardFormat : QuestionFormat;

/**
 * Where an item, error or skipped entry sits in the source: its 1-based first line and the character
 * offsets [start, end) of its whole source text, so the preview can show that text, let the admin fix
 * it and read the source again with `text.slice(0, start) + fixed + text.slice(end)`.
 */
export type SourceSpan = { line: number; start: number; end: number };
export type ReadItem<T> = SourceSpan & { item: T };
/** An item that cannot be imported as written, with the spec-style messages (MSG) saying why. */
export type ReadError = SourceSpan & { messages: string[] };
/** An item of a kind Zan has no equivalent for (a matching question, an essay…): `what` names it
 *  ("Matching question 'Bones'"), `reason` says why it is left out. */
export type Skipped = SourceSpan & { what: string; reason: string };

/**
 * A picture carried inside the source (Moodle XML's base64 `<file>`). Items refer to it with
 * `src="zan-import:<name>"` until the server stores it as an image of the topic's scope and rewrites
 * the src (the bulk body's `files`).
 */
export type EmbeddedFile = { name: string; mime: string; base64: string };
export const EMBEDDED_SRC_PREFIX = 'zan-import:';

export type ReadResult<T> =
  | {
      ok: true;
      /** The set name the source gives (Moodle/GIFT `$CATEGORY`'s last part, Anki text `#deck:`), else null. */
      setName: string | null;
      items: ReadItem<T>[];
      errors: ReadError[];
      skipped: Skipped[];
      files: EmbeddedFile[];
    }
  /** The whole source is unreadable (not XML, a DTD, too large): nothing is imported. */
  | { ok: false; error: string; line?: number };

/** Quizlet's export choices: between term and definition (tab, comma or custom) and between cards
 *  (new line, semicolon or custom). */
export type QuizletOptions = { between: string; rows: string };
export const QUIZLET_DEFAULTS: QuizletOptions = { between: '\t', rows: '\n' };

export type ReadOptions = { quizlet?: QuizletOptions };

/** A set as it is exported: its name and items in order. Pictures stay `<img src="/files/…">`; a writer
 *  that embeds them (Moodle XML) receives the files by their src. */
export type ExportQuiz = { name: string; questions: QuestionDraft[] };
export type ExportDeck = { name: string; cards: CardDraft[] };
export type FilesBySrc = ReadonlyMap<string, EmbeddedFile>;

/**
 * Reads `input` without its byte order mark, if any, with every item, error and skipped entry's offsets
 * counted in `input` as given (the mark included), so any caller can splice a fix into its own text.
 */
export function readWithoutBom<T>(input: string, read: (text: string) => ReadResult<T>): ReadResult<T> {
  if (!input.startsWith('\uFEFF')) return read(input);
  const r = read(input.slice(1));
  if (!r.ok) return r;
  const shift = <S extends SourceSpan>(s: S): S => ({ ...s, start: s.start + 1, end: s.end + 1 });
  return { ...r, items: r.items.map(shift), errors: r.errors.map(shift), skipped: r.skipped.map(shift) };
}
