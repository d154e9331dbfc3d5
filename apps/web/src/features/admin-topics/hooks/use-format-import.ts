// Import Questions / Import Cards (issue 21): the text (pasted or read from a file) read off the typing
// path (useDeferredValue) in the detected or chosen format, the set name the source gives unless the
// admin typed one, a bad item's fix spliced back in by its span and read again, and the duplicates.
import {
  delimiterForFile,
  detectFormat,
  EMBEDDED_SRC_PREFIX,
  QUIZLET_DEFAULTS,
  readImport,
  type BulkKind,
  type EmbeddedFile,
  type FormatOf,
  type QuizletOptions,
  type SourceSpan,
} from '@zan/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useImportDuplicates } from './use-import-duplicates.ts';

export type AnyFormat = FormatOf<BulkKind>;

export function useFormatImport(kind: BulkKind, topicId: string) {
  const [source, setSource] = useState({ text: '', fileName: null as string | null });
  const [override, setOverride] = useState<AnyFormat | null>(null);
  const [quizlet, setQuizlet] = useState<QuizletOptions>(QUIZLET_DEFAULTS);
  const [typedName, setTypedName] = useState<string | null>(null);
  const deferred = useDeferredValue(source);
  const parsing = deferred !== source;

  const detected = useMemo(
    () => (deferred.text.trim() ? detectFormat(kind, deferred.text, deferred.fileName ?? undefined) : null),
    [kind, deferred],
  );
  const format: AnyFormat = override ?? detected ?? 'csv';
  const result = useMemo(() => {
    if (!deferred.text.trim()) return null;
    const delimiter = deferred.fileName ? delimiterForFile(deferred.fileName) : undefined;
    return readImport(kind, format, deferred.text, { quizlet, ...(delimiter ? { delimiter } : {}) });
  }, [kind, format, deferred, quizlet]);

  const name = typedName ?? (result?.ok ? (result.setName ?? '') : '');
  // Duplicates are keyed by the item's number (1-based), shown to the admin as its line.
  const valid = useMemo(
    () => (result?.ok ? result.items.map((it, i) => ({ row: i + 1, item: it.item })) : []),
    [result],
  );
  const dups = useImportDuplicates(kind, topicId, name, valid);
  const lineOf = (row: number) => (result?.ok ? (result.items[row - 1]?.line ?? row) : row);

  const setText = (text: string, fileName: string | null = null) => {
    setSource({ text, fileName });
    dups.resetChoices();
  };

  return {
    ...dups,
    text: source.text,
    fileName: source.fileName,
    setText,
    /** Another file: the format is detected again. Its byte order mark goes (offsets are of the text
     *  the readers read). */
    setFile: (text: string, fileName: string) => (
      setOverride(null),
      setText(text.replace(/^\uFEFF/, ''), fileName)
    ),
    parsing,
    detected,
    format,
    setFormat: (f: AnyFormat) => (setOverride(f === detected ? null : f), dups.resetChoices()),
    quizlet,
    setQuizlet: (q: QuizletOptions) => (setQuizlet(q), dups.resetChoices()),
    result,
    name,
    setName: setTypedName,
    lineOf,
    /** The source text of an item, error or skipped entry as it was read. */
    sourceOf: (span: SourceSpan) => deferred.text.slice(span.start, span.end),
    /** Reads the whole text again with `fixed` in place of the span's source. */
    recheck: (span: SourceSpan, fixed: string) =>
      setText(deferred.text.slice(0, span.start) + fixed + deferred.text.slice(span.end), deferred.fileName),
  };
}

export type FormatImport = ReturnType<typeof useFormatImport>;

/** The embedded pictures some sent item still refers to (`src="zan-import:<name>"`). */
export function filesUsed(files: readonly EmbeddedFile[], items: readonly unknown[]): EmbeddedFile[] {
  if (files.length === 0) return [];
  const json = JSON.stringify(items);
  return files.filter((f) => json.includes(EMBEDDED_SRC_PREFIX + f.name));
}

/** The preview shows embedded pictures before the server stores them: their src becomes a data URL. */
export function withEmbedded(html: string, files: readonly EmbeddedFile[]): string {
  if (files.length === 0 || !html.includes(EMBEDDED_SRC_PREFIX)) return html;
  let out = html;
  for (const f of files)
    out = out.split(EMBEDDED_SRC_PREFIX + f.name).join(`data:${f.mime};base64,${f.base64}`);
  return out;
}
