// Progress upload and pull (ARCHITECTURE §5, beyond the spec): the envelope is validated, then every op
// on its own, each applied in its own savepoint, so a bad op is rejected alone and never fails the
// batch. Client clocks are clamped against the database's clock (one clock for every instance), in
// a way that keeps one device's order. Study sessions by client UUID, all on the user's progress clock.
import { progressOpSchema, type Actor, type ProgressOp, type ProgressPullResponse } from '@zan/core';
import { bumpVersion, progressScope } from '../../domain/clock.ts';
import type { Database } from '../../db/client.ts';
import { inSnapshot } from './content-repository.ts';
import { progressRecordDto, studySessionDto } from './dto.ts';
import { applyProgressOp } from './progress-apply.ts';
import { progressRepository as repo } from './progress-repository.ts';

/** A client clock may run this far ahead before its times are clamped to the server's now. */
export const CLOCK_SKEW_MS = 60_000;
export const PROGRESS_PAGE_SIZE = 1000;

/** Told after a commit that changed the user's progress (wired to a live 'progress' event). */
export type ProgressNotifier = (userId: string, data: { version: number; deviceId: string }) => Promise<void>;

export type PushResult = { accepted: string[]; rejected: { opId: string; reason: string }[]; serverTime: number };

export function progressService({ db, notify, now }: { db: Database; notify: ProgressNotifier; now?: () => number }) {
  return {
    async push(actor: Actor, body: { deviceId: string; ops: { opId: string }[] }): Promise<PushResult> {
      const { deviceId } = body;
      const accepted: string[] = [];
      const rejected: PushResult['rejected'] = [];
      const valid: ProgressOp[] = [];
      for (const raw of body.ops) {
        const parsed = progressOpSchema.safeParse(raw);
        if (parsed.success) valid.push(parsed.data);
        else rejected.push({ opId: raw.opId, reason: 'invalid' });
      }
      let changed = false;
      let version = 0;
      let serverTime = now?.() ?? Date.now();
      await db.transaction(async (tx) => {
        serverTime = now?.() ?? (await repo.now(tx));
        if (!valid.length) return;
        version = await bumpVersion(tx, progressScope(actor.id));
        // Too far ahead: the server's now. One device's order survives clamping (its later op wins).
        const clamp = (t: number) => (t > serverTime + CLOCK_SKEW_MS ? serverTime : t);
        const ctx = { userId: actor.id, deviceId, version, clamp };
        for (const op of valid) {
          try {
            changed = (await tx.transaction((sp) => applyProgressOp(sp, ctx, op))) || changed;
            accepted.push(op.opId);
          } catch {
            rejected.push({ opId: op.opId, reason: 'refused' }); // rolled back to its savepoint alone
          }
        }
      });
      if (changed) await notify(actor.id, { version, deviceId });
      return { accepted, rejected, serverTime };
    },

    /** Records and sessions after `since`, whole versions only (a page never splits one upload). */
    async pull(actor: Actor, q: { since?: number; limit?: number }): Promise<ProgressPullResponse> {
      const since = q.since ?? 0;
      const limit = q.limit ?? PROGRESS_PAGE_SIZE;
      return inSnapshot(db, async (tx) => {
        let records = await repo.recordsAfter(tx, actor.id, since, { limit: limit + 1 });
        let sessions = await repo.sessionsAfter(tx, actor.id, since, { limit: limit + 1 });
        let hasMore = false;
        const versions = [...records.map((r) => r.rowVersion), ...sessions.map((s) => s.rowVersion)].sort((a, b) => a - b);
        if (versions.length > limit) {
          const cut = versions[limit - 1] ?? since;
          records = await repo.recordsAfter(tx, actor.id, since, { upTo: cut });
          sessions = await repo.sessionsAfter(tx, actor.id, since, { upTo: cut });
          hasMore = await repo.anyAfter(tx, actor.id, cut);
        }
        const version = Math.max(since, ...records.map((r) => r.rowVersion), ...sessions.map((s) => s.rowVersion));
        return {
          records: records.filter((r) => !r.deleted).map(progressRecordDto),
          deletedItemIds: records.filter((r) => r.deleted).map((r) => r.itemId),
          sessions: sessions.filter((s) => !s.deleted).map(studySessionDto),
          deletedSessionIds: sessions.filter((s) => s.deleted).map((s) => s.id),
          version,
          hasMore,
        };
      });
    },
  };
}
