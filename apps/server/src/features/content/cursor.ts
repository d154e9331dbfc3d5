// The key of the content lists' cursors (domain/list-cursor.ts): the sort key and id of the last row.
import { decodeCursor } from '../../domain/list-cursor.ts';

export type ListCursor = { k: string | number; i: string };

const listKey = (v: unknown): ListCursor | null =>
  v &&
  typeof v === 'object' &&
  'k' in v &&
  'i' in v &&
  typeof v.i === 'string' &&
  (typeof v.k === 'string' || Number.isSafeInteger(v.k))
    ? { k: v.k as string | number, i: v.i }
    : null;

/** undefined / '' → null (from the start); anything malformed is a 400. */
export const decodeListCursor = (raw: string | undefined): ListCursor | null => decodeCursor(raw, listKey);
