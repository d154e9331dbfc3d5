// Assembles one pull page from the ordered sources: the first `limit` items of their merge, with
// each id ending either as a row or as a deletion (the later item in stream order wins).
import { compareKeys, encodeCursor, type Cursor, type StreamKey } from './cursor.ts';

export type StreamItem<T extends string, R> = { key: StreamKey; table: T; id: string; row: R | null };

export type Page<T extends string, R> = {
  rows: Record<T, R[]>;
  deleted: Record<T, string[]>;
  cursor: string;
  hasMore: boolean;
};

/**
 * Each source must hold its first `limit + 1` items after the cursor, in order: then the first
 * `limit` of the merge are exact and there is more iff the merge holds more than `limit`.
 */
export function assemblePage<T extends string, R>(
  tables: readonly T[],
  sources: StreamItem<T, R>[][],
  limit: number,
  from: Cursor | null,
): Page<T, R> {
  const merged = sources.flat().sort((a, b) => compareKeys(a.key, b.key));
  const taken = merged.slice(0, limit);
  const rows = new Map<T, Map<string, R>>(tables.map((t) => [t, new Map()]));
  const deleted = new Map<T, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const item of taken) {
    if (item.row !== null) {
      rows.get(item.table)?.set(item.id, item.row);
      deleted.get(item.table)?.delete(item.id);
    } else {
      rows.get(item.table)?.delete(item.id);
      deleted.get(item.table)?.add(item.id);
    }
  }
  const last = taken.at(-1);
  const cursor = last ? encodeCursor(last.key) : from ? encodeCursor(from) : '';
  return {
    rows: Object.fromEntries(tables.map((t) => [t, [...(rows.get(t)?.values() ?? [])]])) as Record<T, R[]>,
    deleted: Object.fromEntries(tables.map((t) => [t, [...(deleted.get(t) ?? [])]])) as Record<T, string[]>,
    cursor,
    hasMore: merged.length > limit,
  };
}
