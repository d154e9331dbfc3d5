// Issue 38: a progress op applies only to content its uploader may see (domain/visibility-repository.ts — for
// a student: their college and year group, not archived, free or granted; admins their scope, archived
// too; superadmins all). An op naming a card, question, deck, topic or subject beyond that is refused
// alone ('not visible: <where>', set aside by the device), so another college's content gets no log
// row, record, block, first answer or peer total from it. Set-wise: one statement per upload, a second
// only when some op names hidden content. An id that names no content (deleted since) passes as before:
// nothing but the student's own progress refers to it. Study sessions name content only by name here.
import type { Actor, ProgressOp } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import {
  namedKey,
  progressVisibilityRepository as repo,
  type NamedKind,
} from './progress-visibility-repository.ts';

type Named = { kind: NamedKind; id: string; where: string };

/** The content ids an op names, each with where in the op it is (the refusal names the first hidden). */
function namedBy(op: ProgressOp): Named[] {
  switch (op.kind) {
    case 'upsert': {
      const r = op.record;
      const optional = (kind: NamedKind, id: string | null, where: string): Named[] =>
        id === null ? [] : [{ kind, id, where }];
      return [
        { kind: 'item', id: r.itemId, where: 'record.itemId' },
        ...optional('item', r.cardId, 'record.cardId'),
        ...optional('item', r.questionId, 'record.questionId'),
        ...optional('deck', r.deckId, 'record.deckId'),
        { kind: 'subject', id: r.subjectId, where: 'record.subjectId' },
      ];
    }
    case 'delete':
    case 'undo':
      return [{ kind: 'item', id: op.itemId, where: 'itemId' }];
    case 'resetDeck':
      return [{ kind: 'deck', id: op.deckId, where: 'deckId' }];
    case 'block':
      return op.block.questions.flatMap((q, i): Named[] => [
        { kind: 'item', id: q.questionId, where: `block.questions.${i}.questionId` },
        { kind: 'subject', id: q.subjectId, where: `block.questions.${i}.subjectId` },
        { kind: 'topic', id: q.topicId, where: `block.questions.${i}.topicId` },
      ]);
    case 'session':
    case 'import':
      return [];
  }
}

/**
 * Splits an upload's ops into those that may apply and those refused. Still applying: a retry of an
 * op applied before (it applies nothing again) and a block whose hidden ids its stored copy already
 * names (a block started while its questions were visible goes on being saved).
 */
export async function visibleOps(
  tx: DbOrTx,
  actor: Actor,
  ops: readonly ProgressOp[],
): Promise<{ visible: ProgressOp[]; refused: { opId: string; reason: string }[] }> {
  const named = ops.map(namedBy);
  const all: Record<NamedKind, Set<string>> = {
    item: new Set(),
    deck: new Set(),
    topic: new Set(),
    subject: new Set(),
  };
  for (const n of named.flat()) all[n.kind].add(n.id);
  const hidden = await repo.hidden(tx, actor, {
    item: [...all.item],
    deck: [...all.deck],
    topic: [...all.topic],
    subject: [...all.subject],
  });
  if (!hidden.size) return { visible: [...ops], refused: [] };
  const isHidden = (n: Named) => hidden.has(namedKey(n.kind, n.id));
  const suspects = ops.filter((_, i) => named[i]!.some(isHidden));
  const { applied, stored } = await repo.appliedAndStored(
    tx,
    actor.id,
    suspects.map((op) => op.opId),
    suspects.flatMap((op) => (op.kind === 'block' ? [op.block.id] : [])),
  );
  const visible: ProgressOp[] = [];
  const refused: { opId: string; reason: string }[] = [];
  ops.forEach((op, i) => {
    const known = op.kind === 'block' ? stored.get(op.block.id) : undefined;
    const bad = applied.has(op.opId) ? undefined : named[i]!.find((n) => isHidden(n) && !known?.has(n.id));
    if (bad) refused.push({ opId: op.opId, reason: `not visible: ${bad.where}` });
    else visible.push(op);
  });
  return { visible, refused };
}
