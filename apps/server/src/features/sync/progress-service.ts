// Progress upload and pull (ARCHITECTURE §5, beyond the spec): idempotent by op id, per item
// latest-wins by (reviewedAt, deviceId) with client clocks clamped to the server's, study sessions by
// client UUID, all ops of a request in one transaction on the user's own progress clock.
import type { Actor, ProgressOp, ProgressPullResponse } from '@zan/core';
import { bumpVersion, progressScope } from '../../domain/clock.ts';
import type { Database } from '../../db/client.ts';
import { inSnapshot } from './content-repository.ts';
import { progressRecordDto, studySessionDto } from './dto.ts';
import { progressRepository as repo } from './progress-repository.ts';

/** A client clock may run this far ahead before its times are clamped to the server's now. */
export const CLOCK_SKEW_MS = 60_000;
export const PROGRESS_PAGE_SIZE = 1000;

/** Told after a commit that changed the user's progress (wired to a live 'progress' event). */
export type ProgressNotifier = (userId: string, data: { version: number; deviceId: string }) => Promise<void>;

export function progressService({ db, notify, now = () => Date.now() }: { db: Database; notify: ProgressNotifier; now?: () => number }) {
  return {
    async push(actor: Actor, body: { deviceId: string; ops: ProgressOp[] }): Promise<{ accepted: string[]; serverTime: number }> {
      const { deviceId, ops } = body;
      const serverTime = now();
      const clamp = (t: number) => (t > serverTime + CLOCK_SKEW_MS ? serverTime : t);
      let changed = false;
      let version = 0;
      if (ops.length) {
        await db.transaction(async (tx) => {
          version = await bumpVersion(tx, progressScope(actor.id));
          for (const op of ops) {
            if (op.kind === 'session') {
              const session = { ...op.session, date: clamp(op.session.date) };
              changed = (await repo.insertSession(tx, actor.id, session, version)) || changed;
              continue;
            }
            const itemId = op.kind === 'upsert' ? op.record.itemId : op.itemId;
            const at = clamp(op.kind === 'upsert' ? op.record.reviewedAt : op.at);
            const fresh = await repo.appendLog(tx, {
              opId: op.opId,
              userId: actor.id,
              itemId,
              type: op.kind === 'upsert' ? op.record.type : null,
              rating: op.kind === 'upsert' ? op.rating : null,
              reviewedAt: new Date(at),
              deviceId,
              payload: op.kind === 'upsert' ? { kind: 'upsert', record: op.record } : { kind: 'delete', at: op.at },
            });
            if (!fresh) continue; // a retried op: already applied once
            changed =
              (op.kind === 'upsert'
                ? await repo.upsertRecord(tx, actor.id, deviceId, { ...op.record, reviewedAt: at }, version)
                : await repo.deleteRecord(tx, actor.id, deviceId, itemId, at, version)) || changed;
          }
        });
      }
      if (changed) await notify(actor.id, { version, deviceId });
      return { accepted: ops.map((o) => o.opId), serverTime };
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
          sessions: sessions.map(studySessionDto),
          version,
          hasMore,
        };
      });
    },
  };
}
