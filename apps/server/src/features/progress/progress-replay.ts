// No review's effect lost (issue 18, ARCHITECTURE §5): a flashcard's progress record is the replay of
// its merged review history in review-time order — (reviewedAt, deviceId), one device's ops in the
// order they arrived — with each review scheduled by the scheduler recorded with it (SM-2 for older
// rows). A deck reset or import cuts what came before it; undone reviews are left out. Issue 38: the
// history is read from the card's last 'set' on (an Anki import's state, a suspend: what came before it
// cannot change the replay), and a long one in pages, folded as it comes (progress-replay-fold.ts).
import type { DbOrTx } from '../../db/client.ts';
import { latestDecks, replayFold, type ItemWrite } from './progress-replay-fold.ts';
import { progressReplayRepository as replayRepo, type HistoryRow } from './progress-replay-repository.ts';
import { progressRepository, type Key, type Reset } from './progress-repository.ts';

/** Rows of history read at once; a longer history is read through a cursor, this many rows a page. */
const PAGE = 500;

/**
 * The items' records from their histories (at most PAGE rows in hand at once). An item read from its
 * last 'set' whose 'set' a reset cuts is read again whole: rows before it may still count.
 */
async function replayed(
  tx: DbOrTx,
  userId: string,
  itemIds: readonly string[],
  ctx: {
    storedDeck: ReadonlyMap<string, string | null>;
    resets: readonly Reset[];
    fallbacks: ReadonlyMap<string, Key | null>;
  },
  fromSet: boolean,
): Promise<ItemWrite[]> {
  const first = await replayRepo.history(tx, userId, itemIds, fromSet, PAGE + 1);
  const whole = first.length <= PAGE;
  // Longer than a page: the latest decks in a statement of their own, the rows through a cursor.
  const decks = whole ? latestDecks(first) : await replayRepo.latestDecks(tx, userId, itemIds);
  const fold = (itemId: string) =>
    replayFold(
      itemId,
      decks.get(itemId) ?? ctx.storedDeck.get(itemId) ?? null,
      ctx.resets,
      ctx.fallbacks.get(itemId) ?? null,
    );
  const writes: ItemWrite[] = [];
  const again: string[] = [];
  const seen = new Set<string>();
  let current: ReturnType<typeof fold> | null = null;
  const end = () => {
    const w = current?.end();
    if (w) writes.push(w);
    current = null;
  };
  const take = (rows: readonly HistoryRow[]) => {
    for (const row of rows) {
      if (!seen.has(row.item_id)) {
        end();
        seen.add(row.item_id);
        const next = fold(row.item_id);
        if (row.from_set && next.cut(row)) again.push(row.item_id);
        else current = next;
      }
      if (current?.itemId === row.item_id) current.step(row);
    }
  };
  if (whole) take(first);
  else for await (const rows of replayRepo.historyPages(tx, userId, itemIds, fromSet, PAGE)) take(rows);
  end();
  // An item without a row left (an undo of its only review) is keyed by a reset or its fallback.
  for (const itemId of itemIds)
    if (!seen.has(itemId)) {
      const w = fold(itemId).end();
      if (w) writes.push(w);
    }
  return again.length ? [...writes, ...(await replayed(tx, userId, again, ctx, false))] : writes;
}

/**
 * Replays these flashcards of the user — their histories, stored decks and the user's resets read in
 * three statements for all of them (a long history: a few more) — and writes their records (deleted
 * where the replay leaves none) in at most two, stamped with `version` so every device pulls them.
 * Returns the item ids written.
 */
export async function replayItems(
  tx: DbOrTx,
  userId: string,
  items: readonly {
    itemId: string;
    /** The latest-wins key when nothing is left to replay (an undo of the only review): the undo's. */
    fallback?: Key | null;
  }[],
  version: number,
  /** The user's resets, when the caller has read them already. */
  userResets?: readonly Reset[],
): Promise<Set<string>> {
  const itemIds = [...new Set(items.map((i) => i.itemId))];
  if (!itemIds.length) return new Set();
  const storedDeck = await replayRepo.storedDecks(tx, userId, itemIds);
  const resets = userResets ?? (await progressRepository.resets(tx, userId));
  const fallbacks = new Map(items.map((i) => [i.itemId, i.fallback ?? null]));
  const writes = await replayed(tx, userId, itemIds, { storedDeck, resets, fallbacks }, true);
  const gone = writes.filter((w) => !w.state || !w.meta);
  await replayRepo.writeDeleted(tx, userId, gone, version);
  const live = writes.flatMap((w) => (w.state && w.meta ? [{ ...w, state: w.state, meta: w.meta }] : []));
  await replayRepo.writeRecords(tx, userId, live, version);
  return new Set(writes.map((w) => w.itemId));
}

/** Replays one flashcard of the user and writes its record; false when nothing keys it (no write). */
export async function replayItem(
  tx: DbOrTx,
  userId: string,
  itemId: string,
  version: number,
  fallback: Key | null = null,
): Promise<boolean> {
  return (await replayItems(tx, userId, [{ itemId, fallback }], version)).has(itemId);
}
