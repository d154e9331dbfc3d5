// No review's effect lost (issue 18, ARCHITECTURE §5): a flashcard's progress record is the replay of
// its merged review history in review-time order — (reviewedAt, deviceId), one device's ops in the
// order they arrived — with each review scheduled by the scheduler recorded with it (SM-2 for older
// rows). A deck reset or import cuts what came before it; undone reviews are left out. Issue 38: the
// history is read from the card's last 'set' on (an Anki import's state, a suspend: what came before it
// cannot change the replay), and a long one in pages, folded as it comes (progress-replay-fold.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { latestDecks, replayFold, type ItemWrite, type LogRow } from './progress-replay-fold.ts';
import { progressRepository, type Key, type Reset } from './progress-repository.ts';

const recordId = (userId: string, itemId: string) => `${userId}_${itemId}`;
const idsJson = (ids: readonly string[]) => JSON.stringify(ids);

/** Rows of history read at once; a longer history is read through a cursor, this many rows a page. */
const PAGE = 500;

type Row = LogRow & { from_set: boolean };

/** These items' log rows (not undone), `l` the review_log alias. */
const ofItems = (userId: string, itemIds: readonly string[]) =>
  sql`l.user_id = ${userId} and not l.undone
    and l.item_id = any(array(select jsonb_array_elements_text(${idsJson(itemIds)}::jsonb)))`;

/**
 * The items' histories in review-time order; `fromSet`: each from its last 'set' — an unrated upsert,
 * whose whole state the replay takes as it is — on, `from_set` marking the rows read so.
 */
function historySql(userId: string, itemIds: readonly string[], fromSet: boolean): SQL {
  const cols = sql`l.item_id, l.id, l.device_id, l.reviewed_at, l.rating, l.type, l.payload, l.scheduler,
    l.state_before`;
  const order = sql`order by l.item_id, l.reviewed_at, l.device_id collate "C", l.id`;
  if (!fromSet)
    return sql`select ${cols}, false as from_set from review_log l where ${ofItems(userId, itemIds)} ${order}`;
  return sql`
    with s as (
      select distinct on (l.item_id) l.item_id, l.reviewed_at, l.device_id, l.id from review_log l
      where ${ofItems(userId, itemIds)} and l.payload->>'kind' = 'upsert'
        and (l.type is distinct from 'flashcard' or coalesce(l.rating, 0) not between 1 and 4)
      order by l.item_id, l.reviewed_at desc, l.device_id collate "C" desc, l.id desc)
    select ${cols}, s.item_id is not null as from_set from review_log l left join s on s.item_id = l.item_id
    where ${ofItems(userId, itemIds)} and (s.item_id is null
      or (l.reviewed_at, l.device_id collate "C", l.id) >= (s.reviewed_at, s.device_id collate "C", s.id))
    ${order}`;
}

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
  const history = historySql(userId, itemIds, fromSet);
  const first = await tx.execute<Row>(sql`${history} limit ${PAGE + 1}`);
  const whole = first.rows.length <= PAGE;
  // Longer than a page: the latest decks in a statement of their own, the rows through a cursor.
  const decks = whole
    ? latestDecks(first.rows)
    : new Map(
        (
          await tx.execute<{ item_id: string; deck_id: string | null }>(sql`
            select distinct on (l.item_id) l.item_id, l.payload->'record'->>'deckId' as deck_id
            from review_log l where ${ofItems(userId, itemIds)} and l.payload->>'kind' = 'upsert'
            order by l.item_id, l.reviewed_at desc, l.device_id collate "C" desc, l.id desc`)
        ).rows.map((r) => [r.item_id, r.deck_id]),
      );
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
  const take = (rows: readonly Row[]) => {
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
  if (whole) take(first.rows);
  else {
    // Inside the upload's transaction; a failure rolls back to its savepoint, which closes the cursor.
    await tx.execute(sql`declare zan_replay no scroll cursor for ${history}`);
    for (let page = PAGE; page === PAGE;) {
      const rows = (await tx.execute<Row>(sql.raw(`fetch forward ${PAGE} from zan_replay`))).rows;
      take(rows);
      page = rows.length;
    }
    await tx.execute(sql`close zan_replay`);
  }
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
  const existing = await tx.execute<{ item_id: string; deck_id: string | null }>(sql`
    select item_id, deck_id from progress_record
    where id = any(array(select jsonb_array_elements_text(${idsJson(itemIds.map((i) => recordId(userId, i)))}::jsonb)))`);
  const storedDeck = new Map(existing.rows.map((r) => [r.item_id, r.deck_id]));
  const resets = userResets ?? (await progressRepository.resets(tx, userId));
  const fallbacks = new Map(items.map((i) => [i.itemId, i.fallback ?? null]));
  const writes = await replayed(tx, userId, itemIds, { storedDeck, resets, fallbacks }, true);
  const iso = (t: number) => new Date(t).toISOString();
  const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  const gone = writes.filter((w) => !w.state || !w.meta);
  if (gone.length)
    await tx.execute(sql`
      insert into progress_record (id, user_id, item_id, type, reviewed_at, device_id, deleted, row_version)
      select x.id, ${userId}, x.item_id, 'flashcard', x.reviewed_at, x.device_id, true, ${version}
      from jsonb_to_recordset(${JSON.stringify(
        gone.map((w) => ({
          id: recordId(userId, w.itemId),
          item_id: w.itemId,
          reviewed_at: iso(w.key.at),
          device_id: w.key.device,
        })),
      )}::jsonb) as x(id text, item_id text, reviewed_at timestamptz, device_id text)
      order by x.id
      on conflict (id) do update set deleted = true, reviewed_at = excluded.reviewed_at,
        device_id = excluded.device_id, row_version = excluded.row_version`);
  const live = writes.flatMap((w) => (w.state && w.meta ? [{ ...w, state: w.state, meta: w.meta }] : []));
  if (live.length)
    await tx.execute(sql`
      insert into progress_record (id, user_id, item_id, card_id, question_id, subject_id, deck_id, type, ease_factor,
        interval, due_date, is_suspended, reviewed_at, device_id, deleted, row_version,
        stability, difficulty, learning_state, learning_step, last_review, reps, lapses)
      select x.id, ${userId}, x.item_id, x.card_id, x.question_id, x.subject_id, x.deck_id, 'flashcard',
        x.ease_factor, x.interval, x.due_date, x.is_suspended, x.reviewed_at, x.device_id, false, ${version},
        x.stability, x.difficulty, x.learning_state, x.learning_step, x.last_review, x.reps, x.lapses
      from jsonb_to_recordset(${JSON.stringify(
        live.map(({ itemId, key, state, meta }) => ({
          id: recordId(userId, itemId),
          item_id: itemId,
          card_id: meta.cardId,
          question_id: meta.questionId,
          subject_id: meta.subjectId,
          deck_id: meta.deckId,
          ease_factor: state.easeFactor,
          interval: Math.round(state.interval),
          due_date: ts(state.dueDate),
          is_suspended: state.isSuspended,
          reviewed_at: iso(key.at),
          device_id: key.device,
          stability: state.stability ?? null,
          difficulty: state.difficulty ?? null,
          learning_state: state.learningState ?? null,
          learning_step: state.learningStep ?? null,
          last_review: ts(state.lastReview),
          reps: state.reps ?? null,
          lapses: state.lapses ?? null,
        })),
      )}::jsonb) as x(id text, item_id text, card_id text, question_id text, subject_id text, deck_id text,
        ease_factor real, interval integer, due_date timestamptz, is_suspended boolean, reviewed_at timestamptz,
        device_id text, stability double precision, difficulty double precision, learning_state text,
        learning_step integer, last_review timestamptz, reps integer, lapses integer)
      order by x.id
      on conflict (id) do update set card_id = excluded.card_id, question_id = excluded.question_id,
        subject_id = excluded.subject_id, deck_id = excluded.deck_id, type = excluded.type,
        ease_factor = excluded.ease_factor, interval = excluded.interval, due_date = excluded.due_date,
        is_suspended = excluded.is_suspended, reviewed_at = excluded.reviewed_at, device_id = excluded.device_id,
        deleted = false, row_version = excluded.row_version, stability = excluded.stability,
        difficulty = excluded.difficulty, learning_state = excluded.learning_state,
        learning_step = excluded.learning_step, last_review = excluded.last_review, reps = excluded.reps,
        lapses = excluded.lapses`);
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
