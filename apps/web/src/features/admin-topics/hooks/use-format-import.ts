// Import Questions / Import Cards (issue 21): the text (pasted or read from a file) read off the typing
// path (useDeferredValue) in the detected or chosen format — a large text in the import-read worker, so
// the page never stalls on it —, the set name the source gives unless the admin typed one, a bad item's
// fix spliced back in by its span and read again, and the duplicates.
import {
  EMBEDDED_SRC_PREFIX,
  MSG,
  QUIZLET_DEFAULTS,
  type BulkKind,
  type EmbeddedFile,
  type QuizletOptions,
  type SourceSpan,
} from '@zan/core';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import {
  OFF_THREAD_CHARS,
  readRequest,
  type AnyFormat,
  type ReadOutcome,
  type ReadRequest,
  type WorkerReply,
  type WorkerRequest,
} from './import-read.ts';
import { useImportDuplicates } from './use-import-duplicates.ts';

export type { AnyFormat } from './import-read.ts';

const appImportReadWorker = () =>
  new Worker(new URL('./import-read-worker.ts', import.meta.url), { type: 'module', name: 'import-read' });

type Shown = ReadOutcome & { request: ReadRequest };

/**
 * The outcome of reading `request`: at once (deferred) for a short text or where there are no workers
 * (jsdom), else from the worker — until it answers, the last outcome stays shown and `parsing` is true.
 * A newer request replaces a read still under way (the worker is stopped and started again).
 */
function useRead(request: ReadRequest): { shown: Shown; parsing: boolean } {
  const deferred = useDeferredValue(request);
  const offThread = deferred.text.length >= OFF_THREAD_CHARS && typeof Worker !== 'undefined';
  const inPage = useMemo(
    () => (offThread ? null : { ...readRequest(deferred), request: deferred }),
    [offThread, deferred],
  );
  const [fromWorker, setFromWorker] = useState<Shown | null>(null);
  const worker = useRef<{ worker: Worker; busy: boolean } | null>(null);
  const nextId = useRef(0);
  useEffect(() => {
    if (!offThread) return;
    if (worker.current?.busy) {
      worker.current.worker.terminate();
      worker.current = null;
    }
    const w = worker.current ?? { worker: appImportReadWorker(), busy: false };
    worker.current = w;
    const id = ++nextId.current;
    const settle = (outcome: ReadOutcome) => {
      w.busy = false;
      setFromWorker({ ...outcome, request: deferred });
    };
    const onMessage = (e: MessageEvent<WorkerReply>) => {
      if (e.data.id === id) settle(e.data.outcome);
    };
    const onError = () => {
      w.worker.terminate();
      if (worker.current === w) worker.current = null;
      settle({
        detected: null,
        format: deferred.override ?? 'csv',
        result: { ok: false, error: MSG.importReadFailed },
      });
    };
    w.worker.addEventListener('message', onMessage);
    w.worker.addEventListener('error', onError);
    w.busy = true;
    w.worker.postMessage({ id, request: deferred } satisfies WorkerRequest);
    return () => {
      w.worker.removeEventListener('message', onMessage);
      w.worker.removeEventListener('error', onError);
    };
  }, [offThread, deferred]);
  useEffect(() => () => worker.current?.worker.terminate(), []);
  const shown = inPage ?? fromWorker ?? NOTHING_READ;
  return { shown, parsing: shown.request !== request };
}

/** Shown while the worker reads the first text: no request of the admin's, so `parsing` holds. */
const NOTHING_READ: Shown = {
  detected: null,
  format: 'csv',
  result: null,
  request: { kind: 'mcqs', text: '', fileName: null, override: null, quizlet: QUIZLET_DEFAULTS },
};

export function useFormatImport(kind: BulkKind, topicId: string) {
  const [source, setSource] = useState({ text: '', fileName: null as string | null });
  const [override, setOverride] = useState<AnyFormat | null>(null);
  const [quizlet, setQuizlet] = useState<QuizletOptions>(QUIZLET_DEFAULTS);
  const [typedName, setTypedName] = useState<string | null>(null);
  const request = useMemo<ReadRequest>(
    () => ({ kind, text: source.text, fileName: source.fileName, override, quizlet }),
    [kind, source, override, quizlet],
  );
  const { shown, parsing } = useRead(request);
  const { detected, result } = shown;
  const format: AnyFormat = override ?? detected ?? 'csv';
  const read = shown.request;

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
    /** Another file: the format is detected again. Its byte order mark goes (the readers would keep
     *  offsets right with it, but the text box need not hold an invisible character). */
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
    sourceOf: (span: SourceSpan) => read.text.slice(span.start, span.end),
    /** Reads the whole text again with `fixed` in place of the span's source. */
    recheck: (span: SourceSpan, fixed: string) =>
      setText(read.text.slice(0, span.start) + fixed + read.text.slice(span.end), read.fileName),
  };
}

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
