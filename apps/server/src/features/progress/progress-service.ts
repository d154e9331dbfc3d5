// Progress upload and pull (ARCHITECTURE §5, beyond the spec): the envelope is validated, then every op
// on its own, each applied in its own savepoint, so a bad op is rejected alone and never fails the
// batch. Client clocks are clamped against the database's clock (one clock for every instance), in
// a way that keeps one device's order. Study sessions by client UUID, all on the user's progress clock.
// Each student's uploads per window and stored ops are bounded (progress-quota.ts). An upload that stored
// reviews tells `afterReviews` (the optimizer's automatic runs) without waiting for it. Issue 19: blocks
// ride on the same clock and pull; a student's MCQ answers feed the per-question peer totals. Issue 38:
// an op naming content the caller may not see is refused alone (progress-visibility.ts).
import { can, progressOpSchema, type Actor, type ProgressOp, type ProgressPullResponse } from '@zan/core';
import { bumpVersion, progressScope } from '../../domain/clock-repository.ts';
import type { ProgressLimits } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { firstAnswersRepository as answers } from '../../domain/first-answers-repository.ts';
import type { ProgressNotifier } from '../../domain/progress-notify.ts';
import { qbankBlocksRepository as blocksRepo } from '../../domain/qbank-blocks-repository.ts';
import { schedulerSettingsRepository, validSettings } from '../../domain/scheduler-settings-repository.ts';
import { inSnapshot } from '../../domain/snapshot.ts';
import { progressRecordDto, studySessionDto } from './dto.ts';
import { answeredOption, applyProgressOps, progressApplier, type ApplyContext } from './progress-apply.ts';
import { progressQuota } from './progress-quota.ts';
import { progressRepository as repo } from './progress-repository.ts';
import { visibleOps } from './progress-visibility.ts';

/** A client clock may run this far ahead before its times are clamped to the server's now. */
const CLOCK_SKEW_MS = 60_000;
const PROGRESS_PAGE_SIZE = 1000;
/** Question-bank blocks per pulled page (each up to ~25 KB): a page stays a few MB at most. */
const BLOCK_PAGE_SIZE = 100;

export type PushResult = {
  accepted: string[];
  rejected: { opId: string; reason: string }[];
  serverTime: number;
};

/** SQLSTATE classes an op's own data causes: 22 data exception, 23 integrity constraint violation. */
const DATA_ERROR_CLASSES = new Set(['22', '23']);
/** The PostgreSQL error code of an error, also when the query builder wrapped it. */
function sqlState(err: unknown): string | undefined {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A flashcard review (the optimizer's automatic runs follow those). */
const isCardReview = (op: ProgressOp) =>
  op.kind === 'upsert' && op.record.type === 'flashcard' && op.rating !== null;

/** Why an op failed validation, for the device's set-aside list: the first problem and where it is. */
function invalidReason(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.map(String).join('.');
  return `invalid: ${where ? `${where}: ` : ''}${issue.message}`;
}

/** How an upload's ops apply: client times too far ahead become the server's now (one device's order survives: its later op wins). */
function applyContext(actor: Actor, deviceId: string, version: number, serverTime: number): ApplyContext {
  return {
    userId: actor.id,
    deviceId,
    version,
    clamp: (t) => (t > serverTime + CLOCK_SKEW_MS ? serverTime : t),
    countsAnswers: can(actor, 'qbank.countAnswer'),
  };
}

export function progressService({
  db,
  notify,
  limits,
  now,
  afterReviews,
}: {
  db: Database;
  notify: ProgressNotifier;
  limits: ProgressLimits;
  now?: () => number;
  /** Told after an upload stored flashcard reviews (the optimizer's autoStart); not waited for. */
  afterReviews?: (actor: Actor) => void;
}) {
  const quota = progressQuota(db, limits);
  return {
    /**
     * `window: false`: not counted against the hourly upload window (a caller with its own rate limit:
     * the Anki progress import brings a whole history at once); the storage bounds apply as always.
     */
    async push(
      actor: Actor,
      body: { deviceId: string; ops: { opId: string }[] },
      opts: { window?: boolean } = {},
    ): Promise<PushResult> {
      const { deviceId } = body;
      if (opts.window !== false) await quota.admitUpload(actor.id, body.ops.length);
      const accepted: string[] = [];
      const rejected: PushResult['rejected'] = [];
      const valid: ProgressOp[] = [];
      for (const raw of body.ops) {
        const parsed = progressOpSchema.safeParse(raw);
        if (parsed.success) valid.push(parsed.data);
        else rejected.push({ opId: raw.opId, reason: invalidReason(parsed.error) });
      }
      let changed = false;
      let version = 0;
      let serverTime = now?.() ?? Date.now();
      await db.transaction(async (tx) => {
        serverTime = now?.() ?? (await repo.now(tx));
        if (!valid.length) return;
        // Issue 38: ops on content the caller may not see are refused alone, before anything is written.
        const { visible, refused } = await visibleOps(tx, actor, valid);
        rejected.push(...refused);
        if (!visible.length) return;
        version = await bumpVersion(tx, progressScope(actor.id));
        await quota.reserve(tx, actor.id, visible);
        const ctx = applyContext(actor, deviceId, version, serverTime);
        // Fast path: the whole batch in one savepoint, set-wise (progress-apply.ts), no savepoint per op. Only
        // when some op's own data fails does the batch go again op by op, each in its own savepoint.
        let fast = false;
        try {
          changed = await tx.transaction((sp) => applyProgressOps(sp, ctx, visible));
          accepted.push(...visible.map((op) => op.opId));
          fast = true;
        } catch (err) {
          const code = sqlState(err);
          if (!code || !DATA_ERROR_CLASSES.has(code.slice(0, 2))) throw err;
        }
        if (!fast)
          for (const op of visible) {
            try {
              changed = (await tx.transaction((sp) => applyProgressOps(sp, ctx, [op]))) || changed;
              accepted.push(op.opId);
            } catch (err) {
              // Only what this op's data caused sets it aside (rolled back to its savepoint alone); a
              // failure of the database itself fails the upload, and the device retries it later.
              const code = sqlState(err);
              if (!code || !DATA_ERROR_CLASSES.has(code.slice(0, 2))) throw err;
              rejected.push({ opId: op.opId, reason: `refused: ${code}` });
            }
          }
        // Issue 19: the first answers this upload stored join their questions' totals (incrementally).
        if (ctx.countsAnswers && visible.some((op) => answeredOption(op) !== null))
          await answers.addToTotals(tx, actor.id, version);
      });
      if (changed) await notify(actor.id, { version, deviceId });
      const stored = new Set(accepted);
      if (afterReviews && valid.some((op) => isCardReview(op) && stored.has(op.opId))) afterReviews(actor);
      return { accepted, rejected, serverTime };
    },

    /**
     * Issue 38: a whole history in one upload (the Anki progress import, wired in app.ts), its ops in
     * batches — each reserved and applied as it comes, so the upload never holds them all and the event
     * loop is free between batches; one transaction, and each flashcard is replayed once at the end
     * however many batches touched it (progress-apply.ts progressApplier). Not counted against the hourly
     * upload window (the caller has its own rate limit); the storage bounds apply. The ops are the
     * server's own, built from values the caller checked (its tests hold them to progressOpSchema), so
     * they are not parsed again: 200,000 parses would hold the event loop for seconds.
     */
    async pushBatches(
      actor: Actor,
      upload: { deviceId: string; batches: Iterable<readonly ProgressOp[]> },
    ): Promise<void> {
      const { deviceId } = upload;
      let changed = false;
      let version = 0;
      let reviewed = false;
      await db.transaction(async (tx) => {
        const serverTime = now?.() ?? (await repo.now(tx));
        version = await bumpVersion(tx, progressScope(actor.id));
        const ctx = applyContext(actor, deviceId, version, serverTime);
        const applier = progressApplier(tx, ctx);
        const items = new Set<string>();
        let answered = false;
        for (const ops of upload.batches) {
          await quota.reserveOps(tx, actor.id, ops);
          for (const op of ops) {
            if (op.kind === 'upsert') items.add(op.record.itemId);
            else if (op.kind === 'delete') items.add(op.itemId);
            reviewed ||= isCardReview(op);
            answered ||= answeredOption(op) !== null;
          }
          await applier.apply(ops);
        }
        await quota.reserveItems(tx, actor.id, [...items]);
        changed = await applier.finish();
        if (ctx.countsAnswers && answered) await answers.addToTotals(tx, actor.id, version);
      });
      if (changed) await notify(actor.id, { version, deviceId });
      if (afterReviews && reviewed) afterReviews(actor);
    },

    /**
     * Records, sessions and question-bank blocks after `since`, whole versions only (a page never splits
     * one upload). Blocks are large (up to ~25 KB), so a page holds at most BLOCK_PAGE_SIZE of them
     * (more only when one upload stored more).
     */
    async pull(actor: Actor, q: { since?: number; limit?: number }): Promise<ProgressPullResponse> {
      const since = q.since ?? 0;
      const limit = q.limit ?? PROGRESS_PAGE_SIZE;
      const blockLimit = Math.min(limit, BLOCK_PAGE_SIZE);
      return inSnapshot(db, async (tx) => {
        let records = await repo.recordsAfter(tx, actor.id, since, { limit: limit + 1 });
        let sessions = await repo.sessionsAfter(tx, actor.id, since, { limit: limit + 1 });
        let blocks = await blocksRepo.after(tx, actor.id, since, { limit: blockLimit + 1 });
        let hasMore = false;
        const versions = [...records.map((r) => r.rowVersion), ...sessions.map((s) => s.rowVersion)].sort(
          (a, b) => a - b,
        );
        let cut: number | undefined;
        if (versions.length > limit) cut = versions[limit - 1] ?? since;
        if (blocks.length > blockLimit) {
          const blockCut = blocks[blockLimit - 1]?.rowVersion ?? since;
          cut = cut === undefined ? blockCut : Math.min(cut, blockCut);
        }
        if (cut !== undefined) {
          records = await repo.recordsAfter(tx, actor.id, since, { upTo: cut });
          sessions = await repo.sessionsAfter(tx, actor.id, since, { upTo: cut });
          blocks = await blocksRepo.after(tx, actor.id, since, { upTo: cut });
          hasMore =
            (await repo.anyAfter(tx, actor.id, cut)) || (await blocksRepo.anyAfter(tx, actor.id, cut));
        }
        // The scheduler settings (issue 18) ride on the same clock; a later page carries them when cut.
        const settings = await schedulerSettingsRepository.after(tx, actor.id, since, cut);
        if (cut !== undefined && !settings)
          hasMore ||= !!(await schedulerSettingsRepository.after(tx, actor.id, cut));
        const schedulerSettings = settings ? validSettings(settings.settings) : null;
        const version = Math.max(
          since,
          ...records.map((r) => r.rowVersion),
          ...sessions.map((s) => s.rowVersion),
          ...blocks.map((b) => b.rowVersion),
          settings?.rowVersion ?? since,
        );
        return {
          records: records.filter((r) => !r.deleted).map(progressRecordDto),
          deletedItemIds: records.filter((r) => r.deleted).map((r) => r.itemId),
          sessions: sessions.filter((s) => !s.deleted).map(studySessionDto),
          deletedSessionIds: sessions.filter((s) => s.deleted).map((s) => s.id),
          ...(schedulerSettings ? { schedulerSettings } : {}),
          ...(blocks.length ? { blocks: blocks.map((b) => b.block) } : {}),
          version,
          hasMore,
        };
      });
    },
  };
}
