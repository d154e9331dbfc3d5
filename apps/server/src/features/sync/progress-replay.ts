// No review's effect lost (issue 18, ARCHITECTURE §5): a flashcard's progress record is the replay of
// its merged review history in review-time order — (reviewedAt, deviceId), one device's ops in the
// order they arrived — with each review scheduled by the scheduler recorded with it (SM-2 for older
// rows). A deck reset or import cuts what came before it; undone reviews are left out.
import {
  reviewSchedulerSchema,
  ratingOf,
  replayCard,
  type CardState,
  type CardStateDto,
  type HistoryEvent,
  type ProgressRecordDto,
  type ReplayedCard,
} from '@zan/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { before, progressRepository, resetsOfDeck, type Key, type Reset } from './progress-repository.ts';

type LogRow = {
  id: string | number;
  device_id: string;
  reviewed_at: Date | string;
  rating: number | null;
  type: 'flashcard' | 'mcq';
  payload: { kind: 'upsert'; record: ProgressRecordDto } | { kind: 'delete'; at: number };
  scheduler: unknown;
  state_before: CardStateDto | null;
};

const recordId = (userId: string, itemId: string) => `${userId}_${itemId}`;

/** A record's scheduling state from its wire form (a 'set' event: import, suspend of an unseen card). */
function stateOf(r: CardStateDto & { isSuspended: boolean }): ReplayedCard {
  return {
    easeFactor: r.easeFactor,
    interval: r.interval,
    dueDate: r.dueDate === null ? null : new Date(r.dueDate),
    isSuspended: r.isSuspended,
    stability: r.stability ?? null,
    difficulty: r.difficulty ?? null,
    ...(r.learningState ? { learningState: r.learningState } : {}),
    ...(r.learningStep !== undefined ? { learningStep: r.learningStep } : {}),
    lastReview: r.lastReview == null ? null : new Date(r.lastReview),
    ...(r.reps !== undefined ? { reps: r.reps } : {}),
    ...(r.lapses !== undefined ? { lapses: r.lapses } : {}),
  } satisfies CardState & { isSuspended: boolean };
}

const stateOfDto = (d: CardStateDto): CardState => stateOf({ ...d, isSuspended: false });

function eventOf(row: LogRow, at: number): HistoryEvent {
  if (row.payload.kind === 'delete') return { kind: 'delete', at };
  const rating = row.type === 'flashcard' ? ratingOf(row.rating) : null;
  if (!rating) return { kind: 'set', at, state: stateOf(row.payload.record), device: row.device_id };
  const sched = reviewSchedulerSchema.safeParse(row.scheduler);
  // A review with its detail recorded its prior state (null column and a scheduler: it was new).
  const before = row.scheduler == null ? undefined : row.state_before ? stateOfDto(row.state_before) : null;
  return {
    kind: 'review',
    at,
    rating,
    scheduler: sched.success ? sched.data : { scheduler: 'sm2' },
    after: stateOf(row.payload.record),
    ...(before !== undefined ? { before } : {}),
    device: row.device_id,
  };
}

type ItemWrite = { itemId: string; key: Key; state: ReplayedCard | null; meta: ProgressRecordDto | null };

const idsJson = (ids: readonly string[]) => JSON.stringify(ids);

/** One item's record from its history and the user's resets (pure): null when nothing keys it. */
function replayed(
  itemId: string,
  rows: readonly LogRow[],
  storedDeckId: string | null,
  userResets: readonly Reset[],
  fallback: Key | null,
): ItemWrite | null {
  const upserts = rows.filter((r) => r.payload.kind === 'upsert');
  const latest = upserts[upserts.length - 1]?.payload;
  const meta = latest?.kind === 'upsert' ? latest.record : null;
  const deckId = meta?.deckId ?? storedDeckId;
  const resets = resetsOfDeck(userResets, deckId);
  const kept = rows.filter((row) => {
    const e = { at: new Date(row.reviewed_at).getTime(), device: row.device_id };
    return !resets.some((r) =>
      r.device === e.device ? Number(row.id) < r.seq : before(e, { at: r.at, device: r.device }),
    );
  });
  const state = replayCard(
    itemId,
    kept.map((row) => eventOf(row, new Date(row.reviewed_at).getTime())),
  );
  // The record's latest-wins key: its last event, or the reset that cut everything.
  const last = kept[kept.length - 1];
  const lastReset = resets.reduce<Reset | null>((a, r) => (!a || before(a, r) ? r : a), null);
  const key = last
    ? { at: new Date(last.reviewed_at).getTime(), device: last.device_id }
    : lastReset
      ? { at: lastReset.at, device: lastReset.device }
      : fallback;
  return key ? { itemId, key, state, meta } : null;
}

/**
 * Replays these flashcards of the user — their histories, stored decks and the user's resets read in
 * three statements for all of them — and writes their records (deleted where the replay leaves none)
 * in at most two, stamped with `version` so every device pulls them. Returns the item ids written.
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
  const log = await tx.execute<LogRow & { item_id: string }>(sql`
    select item_id, id, device_id, reviewed_at, rating, type, payload, scheduler, state_before from review_log
    where user_id = ${userId} and item_id = any(array(select jsonb_array_elements_text(${idsJson(itemIds)}::jsonb)))
      and not undone
    order by item_id, reviewed_at, device_id collate "C", id`);
  const history = new Map<string, LogRow[]>();
  for (const row of log.rows) {
    const list = history.get(row.item_id);
    if (list) list.push(row);
    else history.set(row.item_id, [row]);
  }
  const existing = await tx.execute<{ item_id: string; deck_id: string | null }>(sql`
    select item_id, deck_id from progress_record
    where id = any(array(select jsonb_array_elements_text(${idsJson(itemIds.map((i) => recordId(userId, i)))}::jsonb)))`);
  const storedDeck = new Map(existing.rows.map((r) => [r.item_id, r.deck_id]));
  const resets = userResets ?? (await progressRepository.resets(tx, userId));
  const fallbacks = new Map(items.map((i) => [i.itemId, i.fallback ?? null]));
  const writes = itemIds.flatMap((itemId) => {
    const w = replayed(
      itemId,
      history.get(itemId) ?? [],
      storedDeck.get(itemId) ?? null,
      resets,
      fallbacks.get(itemId) ?? null,
    );
    return w ? [w] : [];
  });
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
