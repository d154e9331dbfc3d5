// What Import Questions / Import Cards reads (issue 21): the format detected and the text read in the one
// chosen (else the detected one, else CSV), the same in the page and in the import-read worker, which
// takes texts too large to read on the main thread without a visible stall (a Moodle XML bank of
// thousands of questions reads in about a second).
import {
  delimiterForFile,
  detectFormat,
  MSG,
  readImport,
  type BulkKind,
  type DraftOf,
  type FormatOf,
  type QuizletOptions,
  type ReadResult,
} from '@zan/core';

export type AnyFormat = FormatOf<BulkKind>;

export type ReadRequest = {
  kind: BulkKind;
  text: string;
  fileName: string | null;
  /** The format the admin chose, or null for the detected one. */
  override: AnyFormat | null;
  quizlet: QuizletOptions;
};

export type ReadOutcome = {
  detected: AnyFormat | null;
  format: AnyFormat;
  result: ReadResult<DraftOf<BulkKind>> | null;
};

/** Texts from this length are read in the worker (below it, a read takes a few tens of ms at most). */
export const OFF_THREAD_CHARS = 100_000;

export function readRequest(r: ReadRequest): ReadOutcome {
  const detected = r.text.trim() ? detectFormat(r.kind, r.text, r.fileName ?? undefined) : null;
  const format: AnyFormat = r.override ?? detected ?? 'csv';
  if (!r.text.trim()) return { detected, format, result: null };
  const delimiter = r.fileName ? delimiterForFile(r.fileName) : undefined;
  try {
    const result = readImport(r.kind, format, r.text, {
      quizlet: r.quizlet,
      ...(delimiter ? { delimiter } : {}),
    });
    return { detected, format, result };
  } catch {
    // Readers never throw on bad input; this is a bug, not the admin's text.
    return { detected, format, result: { ok: false, error: MSG.importReadFailed } };
  }
}

/** A read in the worker: its request id, so replies to superseded requests are ignored. */
export type WorkerRequest = { id: number; request: ReadRequest };
export type WorkerReply = { id: number; outcome: ReadOutcome };
