// Every query of the students' question-bank blocks (issue 19): a block is stored whole, the copy with
// the later `updatedAt` kept (a tie: the later upload), stamped on the user's progress clock so their
// other devices pull it; the pull pages them with the progress records (features/progress: the upload,
// its quota and the pull).
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { qbankBlockSchema, type QbankBlockDto } from '@zan/core';
import type { DbOrTx } from '../db/client.ts';
import { qbankBlock } from '../db/schema/index.ts';

export const qbankBlocksRepository = {
  /** Stores the block unless the stored copy is later; true when stored. */
  async put(tx: DbOrTx, userId: string, block: QbankBlockDto, version: number): Promise<boolean> {
    const res = await tx.execute(sql`
      insert into qbank_block (user_id, id, block, updated_at, row_version)
      values (${userId}, ${block.id}, ${JSON.stringify(block)}::jsonb, ${block.updatedAt}, ${version})
      on conflict (user_id, id) do update set block = excluded.block, updated_at = excluded.updated_at,
        row_version = excluded.row_version
      where qbank_block.updated_at <= excluded.updated_at
      returning id`);
    return res.rows.length > 0;
  },

  /** Re-stamps a stored block (the winner of a lost op) so the device that sent the loser pulls it. */
  async restamp(tx: DbOrTx, userId: string, id: string, version: number): Promise<boolean> {
    const res = await tx.execute(
      sql`update qbank_block set row_version = ${version} where user_id = ${userId} and id = ${id} returning id`,
    );
    return res.rows.length > 0;
  },

  /** How many of these block ids (duplicates once) the user has not stored yet. */
  async countNew(tx: DbOrTx, userId: string, ids: readonly string[]): Promise<number> {
    const res = await tx.execute<{ n: string | number }>(sql`
      select count(distinct b.id) as n from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as b(id)
      where not exists (select 1 from qbank_block q where q.user_id = ${userId} and q.id = b.id)`);
    return Number(res.rows[0]?.n ?? 0);
  },

  /** The user's blocks, counted up to `upTo` (the bound's scan never grows past it). */
  async count(tx: DbOrTx, userId: string, upTo: number): Promise<number> {
    const res = await tx.execute<{ n: string | number }>(sql`
      select count(*) as n from (select 1 from qbank_block where user_id = ${userId} limit ${upTo}) as b`);
    return Number(res.rows[0]?.n ?? 0);
  },

  /** Blocks stamped after `since` (and up to `upTo`), in clock order. */
  async after(
    db: DbOrTx,
    userId: string,
    since: number,
    opts: { limit?: number; upTo?: number },
  ): Promise<{ rowVersion: number; block: QbankBlockDto }[]> {
    const q = db
      .select({ rowVersion: qbankBlock.rowVersion, block: qbankBlock.block })
      .from(qbankBlock)
      .where(
        and(
          eq(qbankBlock.userId, userId),
          gt(qbankBlock.rowVersion, since),
          opts.upTo === undefined ? undefined : lte(qbankBlock.rowVersion, opts.upTo),
        ),
      )
      .orderBy(asc(qbankBlock.rowVersion), asc(qbankBlock.id));
    const rows = await (opts.limit === undefined ? q : q.limit(opts.limit));
    // Stored only after the same schema passed them: parsed again so the type is earned, not asserted.
    return rows.map((r) => ({ rowVersion: r.rowVersion, block: qbankBlockSchema.parse(r.block) }));
  },

  async anyAfter(db: DbOrTx, userId: string, version: number): Promise<boolean> {
    const res = await db.execute<{ more: boolean }>(
      sql`select exists (select 1 from qbank_block where user_id = ${userId} and row_version > ${version}) as more`,
    );
    return Boolean(res.rows[0]?.more);
  },
};
