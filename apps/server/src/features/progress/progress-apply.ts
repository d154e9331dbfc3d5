// How one progress op applies (ARCHITECTURE §5 progress rules), inside the upload's transaction:
// applied once per (user, op id); latest-wins by (reviewedAt, deviceId) with the same device's later
// op winning a tie; a losing op re-stamps the winner so the device that made it pulls it; a deck
// reset and an import are markers that older reviews arriving later also lose against. Flashcards
// (issue 18) are instead replayed from their whole history (progress-replay.ts), so no review's effect
// is lost; an undo drops one review from it — each card once per upload, after its ops (issue 38). MCQ
// answers keep latest-wins. Issue 19: a question-bank block keeps its later copy; a student's first
// answer to a question is kept for the peer figures.
import type { ProgressOp } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { firstAnswersRepository as answers } from '../../domain/first-answers-repository.ts';
import { qbankBlocksRepository as blocks } from '../../domain/qbank-blocks-repository.ts';
import {
  beatingReset,
  progressRepository as repo,
  type LogEntry,
  type Reset,
} from './progress-repository.ts';
import { replayItem, replayItems } from './progress-replay.ts';

export type ApplyContext = {
  userId: string;
  deviceId: string;
  version: number;
  clamp: (t: number) => number;
  /** The caller's answers count in the peer figures (core can(actor, 'qbank.countAnswer'): students). */
  countsAnswers: boolean;
};

/** The option an MCQ answer op chose (its rating 1–5), or null when the op is no answer. */
export function answeredOption(op: ProgressOp): number | null {
  if (op.kind !== 'upsert' || op.record.type !== 'mcq' || op.rating === null) return null;
  return op.rating >= 1 && op.rating <= 5 ? op.rating : null;
}

type ItemOp = Extract<ProgressOp, { kind: 'upsert' | 'delete' }>;
type OtherOp = Exclude<ProgressOp, ItemOp>;
type Answer = { op: ItemOp; itemId: string; at: number };

/**
 * The most ops one set-wise run takes: statements stay bounded when one upload brings a whole history
 * (the Anki progress import pushes every review of a collection at once). A longer run goes in parts,
 * in order — the same as applying them one after another.
 */
export const RUN_MAX = 500;

/**
 * Applies an upload's ops in their order; true when the user's progress changed (a live event is
 * due). A run of reviews and answers (upserts and deletes) applies set-wise — its claims, log rows,
 * first answers and its answers' records a statement each, not per op — and the cards it touched are
 * replayed at the end, so a busy lecture hall costs the server a few statements per upload (issue 19's
 * load budget).
 */
export async function applyProgressOps(
  tx: DbOrTx,
  c: ApplyContext,
  ops: readonly ProgressOp[],
): Promise<boolean> {
  const applier = progressApplier(tx, c);
  await applier.apply(ops);
  return applier.finish();
}

/**
 * One upload applied part by part (a whole history comes in parts, progress-service.ts pushBatches):
 * `apply` each part in order, then `finish` once, inside one transaction. `finish` replays the
 * flashcards the parts touched, each once however many runs touched it (issue 38: replaying a card per
 * run made an Anki history of 200,000 reviews of one card quadratic), RUN_MAX cards a statement; true
 * when the user's progress changed. A replay reads only the log, so applying a run's ops before its
 * cards' replay changes nothing a later op reads: an undo replays its card itself, a reset cuts the log.
 */
export function progressApplier(tx: DbOrTx, c: ApplyContext) {
  let changed = false;
  const touched = new Set<string>();
  let run: ItemOp[] = [];
  const flush = async () => {
    if (run.length) changed = (await applyItemOps(tx, c, run, touched)) || changed;
    run = [];
  };
  return {
    async apply(ops: readonly ProgressOp[]): Promise<void> {
      for (const op of ops) {
        if (op.kind === 'upsert' || op.kind === 'delete') {
          run.push(op);
          if (run.length === RUN_MAX) await flush();
        } else {
          await flush();
          changed = (await applyOtherOp(tx, c, op)) || changed;
        }
      }
      await flush();
    },
    async finish(): Promise<boolean> {
      const cards = [...touched].map((itemId) => ({ itemId }));
      touched.clear();
      for (let i = 0; i < cards.length; i += RUN_MAX)
        changed =
          (await replayItems(tx, c.userId, cards.slice(i, i + RUN_MAX), c.version)).size > 0 || changed;
      return changed;
    },
  };
}

async function applyOtherOp(tx: DbOrTx, c: ApplyContext, op: OtherOp): Promise<boolean> {
  const { userId, deviceId, version } = c;
  if (!(await repo.claimOp(tx, userId, op.opId))) return false; // a retried op: applied once already
  switch (op.kind) {
    case 'session':
      return repo.insertSession(tx, userId, { ...op.session, date: c.clamp(op.session.date) }, version);
    case 'resetDeck':
      await repo.applyReset(tx, userId, `deck:${op.deckId}`, op.deckId, c.clamp(op.at), deviceId, version);
      return true;
    case 'import':
      await repo.applyReset(tx, userId, 'all', null, c.clamp(op.at), deviceId, version);
      await repo.deleteAllSessions(tx, userId, version);
      return true;
    case 'undo':
      // Not arrived yet: claimed now, so it never applies when it does.
      if (await repo.claimOp(tx, userId, op.reviewOpId)) return false;
      if (!(await repo.markUndone(tx, userId, op.reviewOpId))) return false;
      return replayItem(tx, userId, op.itemId, version, { at: c.clamp(op.at), device: deviceId });
    case 'block': {
      // A clock far ahead would make a copy win forever: its time is clamped like a review's.
      const block = { ...op.block, updatedAt: c.clamp(op.block.updatedAt) };
      // Lost to a later copy: the winner is re-stamped so the device that sent this one pulls it.
      return (await blocks.put(tx, userId, block, version)) || blocks.restamp(tx, userId, block.id, version);
    }
  }
}

/** A run of upserts and deletes, in order: each logged, its flashcards `touched` (replayed at the end), answers latest-wins. */
async function applyItemOps(
  tx: DbOrTx,
  c: ApplyContext,
  ops: readonly ItemOp[],
  touched: Set<string>,
): Promise<boolean> {
  const { userId, deviceId, version } = c;
  const claimed = await repo.claimOps(
    tx,
    userId,
    ops.map((op) => op.opId),
  );
  // A retried op was applied once already; an op id twice in one upload applies the first time.
  const fresh = ops.filter((op) => claimed.delete(op.opId));
  if (!fresh.length) return false;
  const itemOf = (op: ItemOp) => (op.kind === 'upsert' ? op.record.itemId : op.itemId);
  // A delete is of the kind of the item's record (a flashcard when it has none).
  const types = await repo.recordTypes(tx, userId, [
    ...new Set(fresh.filter((op) => op.kind === 'delete').map(itemOf)),
  ]);
  const log: LogEntry[] = [];
  const firsts: { questionId: string; option: number }[] = [];
  const answered: Answer[] = [];
  for (const op of fresh) {
    const itemId = itemOf(op);
    const at = c.clamp(op.kind === 'upsert' ? op.record.reviewedAt : op.at);
    if (op.kind === 'upsert') types.set(itemId, op.record.type);
    const type = types.get(itemId) ?? 'flashcard';
    log.push({
      opId: op.opId,
      userId,
      itemId,
      type,
      rating: op.kind === 'upsert' ? op.rating : null,
      reviewedAt: new Date(at),
      deviceId,
      payload: op.kind === 'upsert' ? { kind: 'upsert', record: op.record } : { kind: 'delete', at: op.at },
      ...(op.kind === 'upsert' && op.review ? { review: op.review } : {}),
    });
    const option = answeredOption(op);
    // The totals follow at the end of the upload (progress-service.ts: addToTotals, question order).
    if (option !== null && c.countsAnswers && op.kind === 'upsert')
      firsts.push({ questionId: op.record.questionId ?? itemId, option });
    if (type === 'flashcard') touched.add(itemId);
    else answered.push({ op, itemId, at });
  }
  await repo.appendLogs(tx, log);
  await answers.insertFirsts(tx, userId, firsts, version);
  // The user's resets beat older answers (the cards' replay reads them itself).
  return answered.length > 0 && applyAnswers(tx, c, answered, await repo.resets(tx, userId));
}

/**
 * MCQ records keep latest-wins. A reset of the deck (or an import) made after an answer beats it; a
 * lost answer re-stamps the winner so the device that made it pulls it. Distinct answers that no reset
 * beats (the usual upload) are one statement; anything else goes one at a time, in order.
 */
async function applyAnswers(
  tx: DbOrTx,
  c: ApplyContext,
  list: readonly Answer[],
  resets: readonly Reset[],
): Promise<boolean> {
  const { userId, deviceId, version } = c;
  const beaten = ({ op, at }: Answer) =>
    op.kind === 'upsert' ? beatingReset(resets, op.record.deckId, at, deviceId) : null;
  const upserts = list.flatMap(({ op, at }) =>
    op.kind === 'upsert' ? [{ ...op.record, reviewedAt: at }] : [],
  );
  let changed = false;
  if (
    upserts.length === list.length &&
    new Set(list.map((a) => a.itemId)).size === list.length &&
    !list.some(beaten)
  ) {
    const won = await repo.upsertRecords(tx, userId, deviceId, upserts, version);
    changed = won.size > 0;
    for (const { itemId } of list)
      if (!won.has(itemId)) changed = (await repo.restamp(tx, userId, itemId, version)) || changed;
    return changed;
  }
  for (const a of list) {
    const { op, itemId, at } = a;
    const reset = beaten(a);
    let done: boolean;
    if (reset)
      // A reset of the deck (or an import) made after this answer: the answer loses, the reset stands.
      done =
        (await repo.restamp(tx, userId, itemId, version)) ||
        (await repo.deleteRecord(tx, userId, reset.device, itemId, reset.at, version));
    else {
      const won =
        op.kind === 'upsert'
          ? (await repo.upsertRecords(tx, userId, deviceId, [{ ...op.record, reviewedAt: at }], version)).has(
              itemId,
            )
          : await repo.deleteRecord(tx, userId, deviceId, itemId, at, version);
      // Lost latest-wins: the winner is re-stamped so the device that made this op pulls it.
      done = won || (await repo.restamp(tx, userId, itemId, version));
    }
    changed = done || changed;
  }
  return changed;
}
