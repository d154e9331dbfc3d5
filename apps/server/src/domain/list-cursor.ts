// The opaque keyset cursor of every admin list (content lists, users): the sort key of the last row
// sent as base64url JSON. Anything that does not decode to the list's key is a 400 'Invalid cursor.'.
import { badRequest } from '../errors.ts';

export const encodeCursor = (key: object): string => Buffer.from(JSON.stringify(key)).toString('base64url');

/** undefined / '' → null (from the start); `parse` answers the key, or null when the shape is wrong. */
export function decodeCursor<K>(raw: string | undefined, parse: (v: unknown) => K | null): K | null {
  if (!raw) return null;
  try {
    const key = parse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (key !== null) return key;
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor.', 'BAD_CURSOR');
}

/** The first `size` rows and the cursor after them (null when there is no more). */
export function page<R>(
  rows: R[],
  size: number,
  key: (r: R) => object,
): { items: R[]; nextCursor: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? encodeCursor(key(last)) : null };
}
