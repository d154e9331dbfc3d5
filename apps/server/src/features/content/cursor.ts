// Opaque keyset cursors of the admin lists: the sort key and id of the last row sent.
import { badRequest } from '../../errors.ts';

export type ListCursor = { k: string | number; i: string };

export const encodeListCursor = (c: ListCursor): string =>
  Buffer.from(JSON.stringify(c)).toString('base64url');

/** undefined / '' → null (from the start); anything malformed is a 400. */
export function decodeListCursor(raw: string | undefined): ListCursor | null {
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      v &&
      typeof v === 'object' &&
      'k' in v &&
      'i' in v &&
      typeof v.i === 'string' &&
      (typeof v.k === 'string' || Number.isSafeInteger(v.k))
    ) {
      return { k: v.k as string | number, i: v.i };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor.', 'BAD_CURSOR');
}

/** The first `size` rows and the cursor after them (null when there is no more). */
export function page<R>(
  rows: R[],
  size: number,
  key: (r: R) => ListCursor,
): { items: R[]; nextCursor: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? encodeListCursor(key(last)) : null };
}
