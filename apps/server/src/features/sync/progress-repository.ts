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
  /** Appends to the review log; false when this op id was already logged (a retried upload). */
  async appendLog(tx: DbOrTx, e: LogEntry): Promise<boolean> {
    const r = e.review;
    const type = e.type
      ? sql`${e.type}`
      : sql`coalesce((select type from progress_record where id = ${recordId(e.userId, e.itemId)}), 'flashcard')`;
    const res = await tx.execute(sql`
      insert into review_log (op_id, user_id, item_id, type, rating, reviewed_at, device_id, payload,
        scheduler, state_before, elapsed_ms, duration_ms)
      values (${e.opId}, ${e.userId}, ${e.itemId}, ${type}, ${e.rating}, ${e.reviewedAt.toISOString()}, ${e.deviceId}, ${JSON.stringify(e.payload)}::jsonb,
        ${r ? JSON.stringify(r.scheduler) : null}::jsonb, ${r?.before ? JSON.stringify(r.before) : null}::jsonb,
        ${r?.elapsedMs ?? null}, ${r?.durationMs ?? null})
      on conflict (user_id, op_id) do nothing returning id`);
    return res.rows.length > 0;
  },

  /** Latest-wins upsert; true when the record changed. */
  async upsertRecord(
    tx: DbOrTx,
    userId: string,
    deviceId: string,
    r: ProgressRecordDto & { reviewedAt: number },
    version: number,
  ): Promise<boolean> {
    const res = await tx.execute(sql`
      insert into progress_record (id, user_id, item_id, card_id, question_id, subject_id, deck_id, type, ease_factor,
        interval, due_date, is_suspended, reviewed_at, device_id, deleted, row_version)
      values (${recordId(userId, r.itemId)}, ${userId}, ${r.itemId}, ${r.cardId}, ${r.questionId}, ${r.subjectId}, ${r.deckId},
        ${r.type}, ${r.easeFactor}, ${r.interval}, ${r.dueDate === null ? null : new Date(r.dueDate).toISOString()},
        ${r.isSuspended}, ${new Date(r.reviewedAt).toISOString()}, ${deviceId}, false, ${version})
      on conflict (id) do update set card_id = excluded.card_id, question_id = excluded.question_id,
        subject_id = excluded.subject_id, deck_id = excluded.deck_id, type = excluded.type, ease_factor = excluded.ease_factor,
        interval = excluded.interval, due_date = excluded.due_date, is_suspended = excluded.is_suspended,
        reviewed_at = excluded.reviewed_at, device_id = excluded.device_id, deleted = false, row_version = excluded.row_version
      where ${incomingWins}
      returning id`);
    return res.rows.length > 0;
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

  /** The stored type of an item's record (null: none). */
  async recordType(tx: DbOrTx, userId: string, itemId: string): Promise<'flashcard' | 'mcq' | null> {
    const res = await tx.execute<{ type: 'flashcard' | 'mcq' }>(
      sql`select type from progress_record where id = ${recordId(userId, itemId)}`,
    );
    return res.rows[0]?.type ?? null;
  },

  /** False when this op id of the user was applied before (a retried upload): apply nothing then. */
  async claimOp(tx: DbOrTx, userId: string, opId: string): Promise<boolean> {
    const res = await tx.execute(
      sql`insert into progress_op (user_id, op_id) values (${userId}, ${opId}) on conflict do nothing returning op_id`,
    );
    return res.rows.length > 0;
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

  /** The reset (deck reset or import) an op of (at, deviceId) on a card of `deckId` loses against, if any. */
  async beatingReset(tx: DbOrTx, userId: string, deckId: string | null, at: number, deviceId: string) {
    const scopes = deckId ? [`deck:${deckId}`, 'all'] : ['all'];
    const res = await tx.execute<{ reset_at: Date | string; device_id: string }>(sql`
      select reset_at, device_id from progress_reset where user_id = ${userId}
        and scope in (${sql.join(
          scopes.map((x) => sql`${x}`),
          sql`, `,
        )})
        and device_id <> ${deviceId}
        and (reset_at > ${new Date(at).toISOString()}
          or (reset_at = ${new Date(at).toISOString()} and device_id collate "C" > ${deviceId} collate "C"))
      order by reset_at desc limit 1`);
    const row = res.rows[0];
    return row ? { at: new Date(row.reset_at).getTime(), deviceId: row.device_id } : null;
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
