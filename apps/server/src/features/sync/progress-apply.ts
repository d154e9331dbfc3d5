// How one progress op applies (ARCHITECTURE §5 progress rules), inside the upload's transaction:
// applied once per (user, op id); latest-wins by (reviewedAt, deviceId) with the same device's later
// op winning a tie; a losing op re-stamps the winner so the device that made it pulls it; a deck
// reset and an import are markers that older reviews arriving later also lose against. Flashcards
// (issue 18) are instead replayed from their whole history (progress-replay.ts), so no review's effect
// is lost; an undo drops one review from it. MCQ answers keep latest-wins. Issue 19: a question-bank
// block keeps its later copy; a student's first answer to a question is kept for the peer figures.
import type { ProgressOp } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { firstAnswersRepository as answers } from './first-answers-repository.ts';
import { progressRepository as repo } from './progress-repository.ts';
import { replayItem } from './progress-replay.ts';
import { qbankBlocksRepository as blocks } from './qbank-blocks-repository.ts';

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

/** True when the user's progress changed (a live event is due). */
export async function applyProgressOp(tx: DbOrTx, c: ApplyContext, op: ProgressOp): Promise<boolean> {
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
    case 'upsert':
    case 'delete': {
      const itemId = op.kind === 'upsert' ? op.record.itemId : op.itemId;
      const at = c.clamp(op.kind === 'upsert' ? op.record.reviewedAt : op.at);
      await repo.appendLog(tx, {
        opId: op.opId,
        userId,
        itemId,
        type: op.kind === 'upsert' ? op.record.type : null,
        rating: op.kind === 'upsert' ? op.rating : null,
        reviewedAt: new Date(at),
        deviceId,
        payload: op.kind === 'upsert' ? { kind: 'upsert', record: op.record } : { kind: 'delete', at: op.at },
        ...(op.kind === 'upsert' && op.review ? { review: op.review } : {}),
      });
      const option = answeredOption(op);
      // The totals follow at the end of the upload (progress-service.ts: addToTotals, question order).
      if (option !== null && c.countsAnswers && op.kind === 'upsert')
        await answers.insertFirst(tx, {
          userId,
          questionId: op.record.questionId ?? itemId,
          option,
          version,
        });
      const flashcard =
        op.kind === 'upsert'
          ? op.record.type === 'flashcard'
          : (await repo.recordType(tx, userId, itemId)) !== 'mcq';
      if (flashcard) return replayItem(tx, userId, itemId, version);
      if (op.kind === 'upsert') {
        const reset = await repo.beatingReset(tx, userId, op.record.deckId, at, deviceId);
        // A reset of the deck (or an import) made after this review: the review loses, the reset stands.
        if (reset)
          return (
            (await repo.restamp(tx, userId, itemId, version)) ||
            repo.deleteRecord(tx, userId, reset.deviceId, itemId, reset.at, version)
          );
      }
      const won =
        op.kind === 'upsert'
          ? await repo.upsertRecord(tx, userId, deviceId, { ...op.record, reviewedAt: at }, version)
          : await repo.deleteRecord(tx, userId, deviceId, itemId, at, version);
      // Lost latest-wins: the winner is re-stamped so the device that made this op pulls it.
      return won || (await repo.restamp(tx, userId, itemId, version));
    }
  }
}
