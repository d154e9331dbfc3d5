// A failure line for the colleges tab: the spec's message, followed by the server's reason when the
// server refused for a rule of its own (a name taken, a year group still in use …).
import { MSG } from '@zan/core';
import { ApiError } from '../../lib/api.ts';

export function failureText(specMessage: string, err: unknown): string {
  if (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 401 &&
    err.status !== 403
  ) {
    if (err.message && err.message !== specMessage && err.message !== MSG.unexpected)
      return `${specMessage} ${err.message}`;
  }
  return specMessage;
}

/** Year groups as typed in the add-college box: one per line, trimmed, empty lines and repeats dropped. */
export function parseYearLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const y = line.trim();
    if (y && !out.includes(y)) out.push(y);
  }
  return out;
}
