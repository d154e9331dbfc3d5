// The replay's queries (issue 18, progress-replay.ts): flashcards' histories from the review log in
// review-time order — each from its last 'set' on, or whole; a long one through a cursor — their latest
// decks, their stored records' decks, and the replayed records written (deleted where nothing is left).
import { sql, type SQL } from 'drizzle-orm';
import type { ReplayedCard, ProgressRecordDto } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import type { ItemWrite, LogRow } from './progress-replay-fold.ts';

/** A history row; `from_set`: its item's history was read from its last 'set' on. */
export type HistoryRow = LogRow & { from_set: boolean };

const recordId = (userId: string, itemId: string) => `${userId}_${itemId}`;
const idsJson = (ids: readonly string[]) => JSON.stringify(ids);

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

export const progressReplayRepository = {
  /** The first `limit` rows of the items' histories (historySql). */
  async history(
    tx: DbOrTx,
    userId: string,
    itemIds: readonly string[],
    fromSet: boolean,
    limit: number,
  ): Promise<HistoryRow[]> {
    return (await tx.execute<HistoryRow>(sql`${historySql(userId, itemIds, fromSet)} limit ${limit}`)).rows;
  },

  /**
   * The items' whole histories through a cursor, `page` rows at a time. Inside the upload's transaction;
   * a failure rolls back to its savepoint, which closes the cursor.
   */
  async *historyPages(
    tx: DbOrTx,
    userId: string,
    itemIds: readonly string[],
    fromSet: boolean,
    page: number,
  ): AsyncGenerator<HistoryRow[]> {
    await tx.execute(sql`declare zan_replay no scroll cursor for ${historySql(userId, itemIds, fromSet)}`);
    for (let n = page; n === page;) {
      const rows = (await tx.execute<HistoryRow>(sql.raw(`fetch forward ${page} from zan_replay`))).rows;
      yield rows;
      n = rows.length;
    }
    await tx.execute(sql`close zan_replay`);
  },

  /** Each item's deck as its latest upsert names it. */
  async latestDecks(
    tx: DbOrTx,
    userId: string,
    itemIds: readonly string[],
  ): Promise<Map<string, string | null>> {
    const res = await tx.execute<{ item_id: string; deck_id: string | null }>(sql`
      select distinct on (l.item_id) l.item_id, l.payload->'record'->>'deckId' as deck_id
      from review_log l where ${ofItems(userId, itemIds)} and l.payload->>'kind' = 'upsert'
      order by l.item_id, l.reviewed_at desc, l.device_id collate "C" desc, l.id desc`);
    return new Map(res.rows.map((r) => [r.item_id, r.deck_id]));
  },

  /** The deck of each item's stored record (items without one are left out). */
  async storedDecks(
    tx: DbOrTx,
    userId: string,
    itemIds: readonly string[],
  ): Promise<Map<string, string | null>> {
    const res = await tx.execute<{ item_id: string; deck_id: string | null }>(sql`
      select item_id, deck_id from progress_record
      where id = any(array(select jsonb_array_elements_text(${idsJson(itemIds.map((i) => recordId(userId, i)))}::jsonb)))`);
    return new Map(res.rows.map((r) => [r.item_id, r.deck_id]));
  },

  /** Marks these items' records deleted (nothing left to replay), keyed by `key`, stamped `version`. */
  async writeDeleted(
    tx: DbOrTx,
    userId: string,
    gone: readonly Pick<ItemWrite, 'itemId' | 'key'>[],
    version: number,
  ): Promise<void> {
    if (!gone.length) return;
    const iso = (t: number) => new Date(t).toISOString();
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
  },

  /** Writes these items' replayed records, stamped `version`. */
  async writeRecords(
    tx: DbOrTx,
    userId: string,
    live: readonly (Pick<ItemWrite, 'itemId' | 'key'> & { state: ReplayedCard; meta: ProgressRecordDto })[],
    version: number,
  ): Promise<void> {
    if (!live.length) return;
    const iso = (t: number) => new Date(t).toISOString();
    const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);
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
  },
};
