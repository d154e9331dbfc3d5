// The composite pull cursor `${version}:${rank}:${id}`: the position of the last row sent in the
// stream ordered by (row_version, table rank, id). A page boundary inside one version loses nothing.
import { badRequest } from '../../errors.ts';

export type Cursor = { version: number; rank: number; id: string };

/** Position of a row in the stream; ids compare bytewise (SQL `collate "C"`), tombstones numerically. */
export type StreamKey = Cursor & { numericId?: boolean };

export const encodeCursor = (c: Cursor): string => `${c.version}:${c.rank}:${c.id}`;

/** '' / undefined = from the start (null). Anything malformed is a 400. */
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const a = raw.indexOf(':');
  const b = a < 0 ? -1 : raw.indexOf(':', a + 1);
  const version = Number(raw.slice(0, a));
  const rank = Number(raw.slice(a + 1, b));
  if (
    a < 0 ||
    b < 0 ||
    !Number.isSafeInteger(version) ||
    version < 0 ||
    !Number.isInteger(rank) ||
    rank < 0 ||
    rank > 9
  ) {
    throw badRequest('Invalid sync cursor.', 'INVALID_CURSOR');
  }
  const id = raw.slice(b + 1);
  // Rank 0 is the tombstone stream, whose ids are numbers.
  if (rank === 0 && !/^\d{1,18}$/.test(id)) throw badRequest('Invalid sync cursor.', 'INVALID_CURSOR');
  return { version, rank, id };
}

function compareIds(a: string, b: string, numeric: boolean): number {
  if (numeric) return Math.sign(Number(a) - Number(b));
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

export function compareKeys(x: StreamKey, y: StreamKey): number {
  if (x.version !== y.version) return x.version < y.version ? -1 : 1;
  if (x.rank !== y.rank) return x.rank < y.rank ? -1 : 1;
  return compareIds(x.id, y.id, Boolean(x.numericId));
}
