// Every progress-sync query: the append-only review log (idempotent by op id), latest-wins writes
// of progress records keyed by (reviewedAt, deviceId), study sessions by client UUID, and the pull.
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { ProgressRecordDto, ReviewDetail, StudySessionDto } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { progressRecord, studySession } from '../../db/schema/index.ts';

/**
 * The stored record wins unless the incoming (reviewedAt, deviceId) is greater — or the stored one is
 * the same device's: one device's ops arrive in order, so its later op wins even where clamping made
 * the times equal or reversed them.
 */
const incomingWins = sql`(progress_record.device_id = excluded.device_id or progress_record.reviewed_at < excluded.reviewed_at
  or (progress_record.reviewed_at = excluded.reviewed_at and progress_record.device_id collate "C" < excluded.device_id collate "C"))`;

const recordId = (userId: string, itemId: string) => `${userId}_${itemId}`;

/** A deck reset (`deck:<id>`) or import (`all`) marker: as of (at, device), after log id `seq`. */
export type Reset = { scope: string; at: number; device: string; seq: number };

/** A latest-wins key: (at, device), device ids in PostgreSQL's "C" order (ASCII UUIDs: code-unit order). */
export type Key = { at: number; device: string };
export const before = (a: Key, b: Key) => a.at < b.at || (a.at === b.at && a.device < b.device);

/** The resets that reach a card of `deckId`: its deck's and an import's. */
export const resetsOfDeck = (resets: readonly Reset[], deckId: string | null): Reset[] =>
  resets.filter((r) => r.scope === 'all' || (deckId !== null && r.scope === `deck:${deckId}`));

/** The reset among `resets` that an op of (at, device) on a card of `deckId` loses against, if any. */
export function beatingReset(
  resets: readonly Reset[],
  deckId: string | null,
  at: number,
  device: string,
): Reset | null {
  let best: Reset | null = null;
  for (const r of resetsOfDeck(resets, deckId))
    if (r.device !== device && before({ at, device }, r) && (!best || r.at > best.at)) best = r;
  return best;
}

export type LogEntry = {
  opId: string;
  userId: string;
  itemId: string;
  type: 'flashcard' | 'mcq' | null;
  rating: number | null;
  reviewedAt: Date;
  deviceId: string;
  payload: unknown;
  /** A flashcard review's detail (issue 18); absent for older clients and other ops. */
  review?: ReviewDetail;
};

export const progressRepository = {
  /**
   * Appends to the review log in the order given (a log id follows it: one device's order); an op id
   * already logged (a retried upload) is left as it is.
   */
  async appendLogs(tx: DbOrTx, entries: readonly LogEntry[]): Promise<void> {
    if (!entries.length) return;
    const rows = entries.map((e, ord) => ({
      ord,
      op_id: e.opId,
      user_id: e.userId,
      item_id: e.itemId,
      type: e.type,
      rating: e.rating,
      reviewed_at: e.reviewedAt.toISOString(),
      device_id: e.deviceId,
      payload: e.payload,
      scheduler: e.review ? e.review.scheduler : null,
      state_before: e.review?.before ?? null,
      elapsed_ms: e.review?.elapsedMs ?? null,
      duration_ms: e.review?.durationMs ?? null,
    }));
    await tx.execute(sql`
      insert into review_log (op_id, user_id, item_id, type, rating, reviewed_at, device_id, payload,
        scheduler, state_before, elapsed_ms, duration_ms)
      select x.op_id, x.user_id, x.item_id, x.type, x.rating, x.reviewed_at, x.device_id, x.payload,
        x.scheduler, x.state_before, x.elapsed_ms, x.duration_ms
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(ord integer, op_id text, user_id text,
        item_id text, type text, rating integer, reviewed_at timestamptz, device_id text, payload jsonb,
        scheduler jsonb, state_before jsonb, elapsed_ms bigint, duration_ms integer)
      order by x.ord
      on conflict (user_id, op_id) do nothing`);
  },

  /**
   * Latest-wins upserts of distinct items (one statement); returns the item ids whose record changed —
   * the others lost to the stored record.
   */
  async upsertRecords(
    tx: DbOrTx,
    userId: string,
    deviceId: string,
    records: readonly (ProgressRecordDto & { reviewedAt: number })[],
    version: number,
  ): Promise<Set<string>> {
    if (!records.length) return new Set();
    const rows = records.map((r) => ({
      id: recordId(userId, r.itemId),
      item_id: r.itemId,
      card_id: r.cardId,
      question_id: r.questionId,
      subject_id: r.subjectId,
      deck_id: r.deckId,
      type: r.type,
      ease_factor: r.easeFactor,
      interval: r.interval,
      due_date: r.dueDate === null ? null : new Date(r.dueDate).toISOString(),
      is_suspended: r.isSuspended,
      reviewed_at: new Date(r.reviewedAt).toISOString(),
    }));
    const res = await tx.execute<{ item_id: string }>(sql`
      insert into progress_record (id, user_id, item_id, card_id, question_id, subject_id, deck_id, type, ease_factor,
        interval, due_date, is_suspended, reviewed_at, device_id, deleted, row_version)
      select x.id, ${userId}, x.item_id, x.card_id, x.question_id, x.subject_id, x.deck_id, x.type, x.ease_factor,
        x.interval, x.due_date, x.is_suspended, x.reviewed_at, ${deviceId}, false, ${version}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, item_id text, card_id text,
        question_id text, subject_id text, deck_id text, type text, ease_factor real, interval integer,
        due_date timestamptz, is_suspended boolean, reviewed_at timestamptz)
      order by x.id
      on conflict (id) do update set card_id = excluded.card_id, question_id = excluded.question_id,
        subject_id = excluded.subject_id, deck_id = excluded.deck_id, type = excluded.type, ease_factor = excluded.ease_factor,
        interval = excluded.interval, due_date = excluded.due_date, is_suspended = excluded.is_suspended,
        reviewed_at = excluded.reviewed_at, device_id = excluded.device_id, deleted = false, row_version = excluded.row_version
      where ${incomingWins}
      returning item_id`);
    return new Set(res.rows.map((r) => r.item_id));
  },

  /** Latest-wins reset of an item's progress (a deleted marker, so older reviews arriving later lose). */
  async deleteRecord(
    tx: DbOrTx,
    userId: string,
    deviceId: string,
    itemId: string,
    at: number,
    version: number,
  ): Promise<boolean> {
    const res = await tx.execute(sql`
      insert into progress_record (id, user_id, item_id, type, reviewed_at, device_id, deleted, row_version)
      values (${recordId(userId, itemId)}, ${userId}, ${itemId}, 'flashcard', ${new Date(at).toISOString()}, ${deviceId}, true, ${version})
      on conflict (id) do update set deleted = true, reviewed_at = excluded.reviewed_at, device_id = excluded.device_id,
        row_version = excluded.row_version
      where ${incomingWins}
      returning id`);
    return res.rows.length > 0;
  },

  /** Leaves a review out of its card's history (an undo); false when it is not in the log. */
  async markUndone(tx: DbOrTx, userId: string, opId: string): Promise<boolean> {
    const res = await tx.execute(
      sql`update review_log set undone = true where user_id = ${userId} and op_id = ${opId} returning id`,
    );
    return res.rows.length > 0;
  },

  /** The stored types of these items' records (an item without one is left out). */
  async recordTypes(
    tx: DbOrTx,
    userId: string,
    itemIds: readonly string[],
  ): Promise<Map<string, 'flashcard' | 'mcq'>> {
    if (!itemIds.length) return new Map();
    const ids = itemIds.map((i) => recordId(userId, i));
    const res = await tx.execute<{ item_id: string; type: 'flashcard' | 'mcq' }>(sql`
      select item_id, type from progress_record
      where id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`);
    return new Map(res.rows.map((r) => [r.item_id, r.type]));
  },

  /** False when this op id of the user was applied before (a retried upload): apply nothing then. */
  async claimOp(tx: DbOrTx, userId: string, opId: string): Promise<boolean> {
    const res = await tx.execute(
      sql`insert into progress_op (user_id, op_id) values (${userId}, ${opId}) on conflict do nothing returning op_id`,
    );
    return res.rows.length > 0;
  },

  /** claimOp for many at once: the op ids among these (duplicates once) applied now for the first time. */
  async claimOps(tx: DbOrTx, userId: string, opIds: readonly string[]): Promise<Set<string>> {
    if (!opIds.length) return new Set();
    const res = await tx.execute<{ op_id: string }>(sql`
      insert into progress_op (user_id, op_id)
      select ${userId}, o.id from (select distinct jsonb_array_elements_text(${JSON.stringify(opIds)}::jsonb) as id) o
      order by o.id
      on conflict do nothing returning op_id`);
    return new Set(res.rows.map((r) => r.op_id));
  },

  /** How many of these op ids (duplicates once) the user has not stored yet. */
  async countNewOps(tx: DbOrTx, userId: string, opIds: readonly string[]): Promise<number> {
    const res = await tx.execute<{ n: string | number }>(sql`
      select count(distinct o.id) as n from jsonb_array_elements_text(${JSON.stringify(opIds)}::jsonb) as o(id)
      where not exists (select 1 from progress_op p where p.user_id = ${userId} and p.op_id = o.id)`);
    return Number(res.rows[0]?.n ?? 0);
  },

  /** Adds `n` to the user's stored-op count; returns the new count. */
  async addStoredOps(tx: DbOrTx, userId: string, n: number): Promise<number> {
    const res = await tx.execute<{ ops: string | number }>(sql`
      insert into progress_quota (user_id, ops) values (${userId}, ${n})
      on conflict (user_id) do update set ops = progress_quota.ops + excluded.ops
      returning ops`);
    return Number(res.rows[0]?.ops ?? n);
  },

  /** How many of these item ids (duplicates once) have no progress record of the user yet. */
  async countNewItems(tx: DbOrTx, userId: string, itemIds: readonly string[]): Promise<number> {
    const res = await tx.execute<{ n: string | number }>(sql`
      select count(distinct i.id) as n from jsonb_array_elements_text(${JSON.stringify(itemIds)}::jsonb) as i(id)
      where not exists (select 1 from progress_record r where r.id = ${userId} || '_' || i.id)`);
    return Number(res.rows[0]?.n ?? 0);
  },

  /** The user's progress records, counted up to `upTo` (the bound's scan never grows past it). */
  async countItems(tx: DbOrTx, userId: string, upTo: number): Promise<number> {
    const res = await tx.execute<{ n: string | number }>(sql`
      select count(*) as n from (select 1 from progress_record where user_id = ${userId} limit ${upTo}) as r`);
    return Number(res.rows[0]?.n ?? 0);
  },

  /** Re-stamps a record (the winner of a lost op) so that every device pulls it; false when there is none. */
  async restamp(tx: DbOrTx, userId: string, itemId: string, version: number): Promise<boolean> {
    const res = await tx.execute(
      sql`update progress_record set row_version = ${version} where id = ${recordId(userId, itemId)} returning id`,
    );
    return res.rows.length > 0;
  },

  /** Every reset marker of the user (one per deck reset, one for the last import): few. */
  async resets(tx: DbOrTx, userId: string): Promise<Reset[]> {
    const res = await tx.execute<{
      scope: string;
      reset_at: Date | string;
      device_id: string;
      seq: string | number;
    }>(sql`select scope, reset_at, device_id, seq from progress_reset where user_id = ${userId}`);
    return res.rows.map((r) => ({
      scope: r.scope,
      at: new Date(r.reset_at).getTime(),
      device: r.device_id,
      seq: Number(r.seq),
    }));
  },

  /**
   * A reset as of (at, deviceId): stores the marker (the latest per scope) and deletes every record it
   * beats (of the deck, or all), stamping them so every device pulls the deletions. Returns how many.
   */
  async applyReset(
    tx: DbOrTx,
    userId: string,
    scope: string,
    deckId: string | null,
    at: number,
    deviceId: string,
    version: number,
  ): Promise<number> {
    const iso = new Date(at).toISOString();
    // seq: after every review logged so far (the replay cuts the same device's earlier reviews by it).
    await tx.execute(sql`insert into progress_reset (user_id, scope, reset_at, device_id, seq)
      values (${userId}, ${scope}, ${iso}, ${deviceId}, nextval(pg_get_serial_sequence('review_log', 'id')))
      on conflict (user_id, scope) do update set reset_at = excluded.reset_at, device_id = excluded.device_id, seq = excluded.seq
      where progress_reset.device_id = excluded.device_id or progress_reset.reset_at < excluded.reset_at
        or (progress_reset.reset_at = excluded.reset_at and progress_reset.device_id collate "C" < excluded.device_id collate "C")`);
    const res =
      await tx.execute(sql`update progress_record set deleted = true, reviewed_at = ${iso}, device_id = ${deviceId}, row_version = ${version}
      where user_id = ${userId} and ${deckId === null ? sql`true` : sql`deck_id = ${deckId}`}
        and (device_id = ${deviceId} or reviewed_at < ${iso} or (reviewed_at = ${iso} and device_id collate "C" < ${deviceId} collate "C"))
      returning id`);
    return res.rows.length;
  },

  /**
   * A study session by its client UUID (unique per user). A session saved again as it grew arrives
   * again with a longer duration: the longest wins, so its time counts once; a shorter (older) copy
   * changes nothing. An import-deleted one comes back. True when it changed.
   */
  async insertSession(tx: DbOrTx, userId: string, s: StudySessionDto, version: number): Promise<boolean> {
    const rows = await tx
      .insert(studySession)
      .values({ ...s, userId, date: new Date(s.date), rowVersion: version })
      .onConflictDoUpdate({
        target: [studySession.userId, studySession.id],
        set: {
          deleted: false,
          rowVersion: version,
          durationInSeconds: sql`case when ${studySession.deleted} then excluded.duration_in_seconds
            else greatest(${studySession.durationInSeconds}, excluded.duration_in_seconds) end`,
        },
        setWhere: sql`${studySession.deleted} or ${studySession.durationInSeconds} < excluded.duration_in_seconds`,
      })
      .returning({ id: studySession.id });
    return rows.length > 0;
  },

  /** The versioned delete of every session of the user (a study data import). */
  async deleteAllSessions(tx: DbOrTx, userId: string, version: number): Promise<number> {
    const res = await tx.execute(sql`update study_session set deleted = true, row_version = ${version}
      where user_id = ${userId} and not deleted returning id`);
    return res.rows.length;
  },

  /** The database's clock (epoch ms): one clock for every instance. */
  async now(tx: DbOrTx): Promise<number> {
    const res = await tx.execute<{ now: string | number }>(
      sql`select floor(extract(epoch from clock_timestamp()) * 1000)::bigint as now`,
    );
    return Number(res.rows[0]?.now);
  },

  recordsAfter(db: DbOrTx, userId: string, since: number, opts: { limit?: number; upTo?: number }) {
    const q = db
      .select()
      .from(progressRecord)
      .where(
        and(
          eq(progressRecord.userId, userId),
          gt(progressRecord.rowVersion, since),
          opts.upTo === undefined ? undefined : lte(progressRecord.rowVersion, opts.upTo),
        ),
      )
      .orderBy(asc(progressRecord.rowVersion), asc(progressRecord.id));
    return opts.limit === undefined ? q : q.limit(opts.limit);
  },

  sessionsAfter(db: DbOrTx, userId: string, since: number, opts: { limit?: number; upTo?: number }) {
    const q = db
      .select()
      .from(studySession)
      .where(
        and(
          eq(studySession.userId, userId),
          gt(studySession.rowVersion, since),
          opts.upTo === undefined ? undefined : lte(studySession.rowVersion, opts.upTo),
        ),
      )
      .orderBy(asc(studySession.rowVersion), asc(studySession.id));
    return opts.limit === undefined ? q : q.limit(opts.limit);
  },

  async anyAfter(db: DbOrTx, userId: string, version: number): Promise<boolean> {
    const res =
      await db.execute(sql`select exists (select 1 from progress_record where user_id = ${userId} and row_version > ${version})
      or exists (select 1 from study_session where user_id = ${userId} and row_version > ${version}) as more`);
    return Boolean((res.rows[0] as { more?: boolean } | undefined)?.more);
  },
};
