// Turns a thrown error into the text the form shows: the server's own (spec) message, or the default.
import { MSG } from '@zan/core';
import { ApiError } from '../../../lib/api.ts';

export const errorText = (e: unknown): string => (e instanceof ApiError ? e.message : MSG.unexpected);
