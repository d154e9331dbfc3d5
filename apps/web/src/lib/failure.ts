// Failure texts for admin screens: the spec's message, followed by the server's reason when the server
// refused for a rule of its own (a name taken, out of scope …), and the bare reason for '… : {reason}'.
// The one copy: the colleges tab calls it with `forbiddenSaid` (its messages already name the permission).
import { MSG } from '@zan/core';
import { ApiError } from './api.ts';

/** `forbiddenSaid`: the spec message already explains a 403, so its reason is not added. */
export function failureText(specMessage: string, err: unknown, { forbiddenSaid = false } = {}): string {
  const skipped = err instanceof ApiError && (err.status === 401 || (forbiddenSaid && err.status === 403));
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && !skipped) {
    if (err.message && err.message !== specMessage && err.message !== MSG.unexpected)
      return `${specMessage} ${err.message}`;
  }
  return specMessage;
}

/** The server's reason for a failed call, for 'Failed to … : {reason}' / 'Error: {reason}'. */
export const reasonOf = (err: unknown): string =>
  err instanceof ApiError || err instanceof Error ? err.message || MSG.unexpected : MSG.unexpected;
