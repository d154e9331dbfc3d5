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
type ResetRow = { reset_at: Date | string; device_id: string; seq: string | number };

/** The "C" collation order of PostgreSQL on device ids (ASCII UUIDs here: code-unit order). */
const before = (a: { at: number; device: string }, b: { at: number; device: string }) =>
  a.at < b.at || (a.at === b.at && a.device < b.device);

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

/**
 * Replays one flashcard of the user and writes its record (deleted when the replay leaves none),
 * stamped with `version` so every device pulls it. Returns true (the record was written).
 */
export async function replayItem(
  tx: DbOrTx,
  userId: string,
  itemId: string,
  version: number,
  /** The latest-wins key when nothing is left to replay (an undo of the only review): the undo's. */
  fallback: { at: number; device: string } | null = null,
): Promise<boolean> {
  const log = await tx.execute<LogRow>(sql`
    select id, device_id, reviewed_at, rating, type, payload, scheduler, state_before from review_log
    where user_id = ${userId} and item_id = ${itemId} and not undone
    order by reviewed_at, device_id collate "C", id`);
  const rows = log.rows;
  const upserts = rows.filter((r) => r.payload.kind === 'upsert');
  const latest = upserts[upserts.length - 1]?.payload;
  const meta = latest?.kind === 'upsert' ? latest.record : null;
  const existing = await tx.execute<{ deck_id: string | null }>(
    sql`select deck_id from progress_record where id = ${recordId(userId, itemId)}`,
  );
  const deckId = meta?.deckId ?? existing.rows[0]?.deck_id ?? null;
  const scopes = deckId ? [`deck:${deckId}`, 'all'] : ['all'];
  const resets = (
    await tx.execute<ResetRow>(sql`select reset_at, device_id, seq from progress_reset where user_id = ${userId}
      and scope in (${sql.join(
        scopes.map((x) => sql`${x}`),
        sql`, `,
      )})`)
  ).rows.map((r) => ({ at: new Date(r.reset_at).getTime(), device: r.device_id, seq: Number(r.seq) }));

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
  const lastReset = resets.reduce<(typeof resets)[number] | null>(
    (a, r) => (!a || before(a, r) ? r : a),
    null,
  );
  const key = last
    ? { at: new Date(last.reviewed_at).getTime(), device: last.device_id }
    : lastReset
      ? { at: lastReset.at, device: lastReset.device }
      : fallback;
  if (!key) return false;
  const iso = new Date(key.at).toISOString();
  const id = recordId(userId, itemId);
  if (!state || !meta) {
    await tx.execute(sql`
      insert into progress_record (id, user_id, item_id, type, reviewed_at, device_id, deleted, row_version)
      values (${id}, ${userId}, ${itemId}, 'flashcard', ${iso}, ${key.device}, true, ${version})
      on conflict (id) do update set deleted = true, reviewed_at = excluded.reviewed_at,
        device_id = excluded.device_id, row_version = excluded.row_version`);
    return true;
  }
  const ts = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  await tx.execute(sql`
    insert into progress_record (id, user_id, item_id, card_id, question_id, subject_id, deck_id, type, ease_factor,
      interval, due_date, is_suspended, reviewed_at, device_id, deleted, row_version,
      stability, difficulty, learning_state, learning_step, last_review, reps, lapses)
    values (${id}, ${userId}, ${itemId}, ${meta.cardId}, ${meta.questionId}, ${meta.subjectId}, ${meta.deckId},
      'flashcard', ${state.easeFactor}, ${Math.round(state.interval)}, ${ts(state.dueDate)}, ${state.isSuspended},
      ${iso}, ${key.device}, false, ${version},
      ${state.stability ?? null}, ${state.difficulty ?? null}, ${state.learningState ?? null},
      ${state.learningStep ?? null}, ${ts(state.lastReview)}, ${state.reps ?? null}, ${state.lapses ?? null})
    on conflict (id) do update set card_id = excluded.card_id, question_id = excluded.question_id,
      subject_id = excluded.subject_id, deck_id = excluded.deck_id, type = excluded.type,
      ease_factor = excluded.ease_factor, interval = excluded.interval, due_date = excluded.due_date,
      is_suspended = excluded.is_suspended, reviewed_at = excluded.reviewed_at, device_id = excluded.device_id,
      deleted = false, row_version = excluded.row_version, stability = excluded.stability,
      difficulty = excluded.difficulty, learning_state = excluded.learning_state,
      learning_step = excluded.learning_step, last_review = excluded.last_review, reps = excluded.reps,
      lapses = excluded.lapses`);
  return true;
}
