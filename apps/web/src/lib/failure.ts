// Failure texts for admin screens: the spec's message, followed by the server's reason when the server
// refused for a rule of its own (a name taken, out of scope …), and the bare reason for '… : {reason}'.
import { MSG } from '@zan/core';
import { ApiError } from './api.ts';

export function failureText(specMessage: string, err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
    if (err.message && err.message !== specMessage && err.message !== MSG.unexpected)
      return `${specMessage} ${err.message}`;
  }
  return specMessage;
}

/** The server's reason for a failed call, for 'Failed to … : {reason}' / 'Error: {reason}'. */
export const reasonOf = (err: unknown): string =>
  err instanceof ApiError || err instanceof Error ? err.message || MSG.unexpected : MSG.unexpected;
