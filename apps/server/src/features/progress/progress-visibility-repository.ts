// The queries behind the progress upload's visibility check (issue 38): which content ids an upload
// names that the caller may not see (domain/visibility-repository.ts, the rule the content pull uses), in one
// statement per upload; and, only when some op names one, what may still pass (ops applied before,
// the ids a block's stored copy already names).
import { sql } from 'drizzle-orm';
import type { Actor } from '@zan/core';
import type { DbOrTx } from '../../db/client.ts';
import { subjectVisibleSql, topicVisibleSql } from '../../domain/visibility-repository.ts';

/** Content ids by what they are named as: items are cards or questions. */
export type NamedKind = 'item' | 'deck' | 'topic' | 'subject';
export type NamedIds = Record<NamedKind, readonly string[]>;

/** `kind:id`, the key of a hidden id. */
export const namedKey = (kind: NamedKind, id: string): string => `${kind}:${id}`;

const ids = (list: readonly string[]) => sql`${sql.param([...list])}::text[]`;

export const progressVisibilityRepository = {
  /**
   * The named ids (as `kind:id`) of content the caller may not see: a card or question, deck or topic
   * whose topic is not visible, a subject that is not. An id that names no content is not among them.
   */
  async hidden(tx: DbOrTx, actor: Actor, named: NamedIds): Promise<Set<string>> {
    const res = await tx.execute<{ kind: NamedKind; id: string }>(sql`
      select x.kind, x.id from (
        select 'item' as kind, card.id, flashcard_deck.topic_id from card
          join flashcard_deck on flashcard_deck.id = card.deck_id where card.id = any(${ids(named.item)})
        union all
        select 'item', mcq_question.id, mcq_quiz.topic_id from mcq_question
          join mcq_quiz on mcq_quiz.id = mcq_question.quiz_id where mcq_question.id = any(${ids(named.item)})
        union all
        select 'deck', flashcard_deck.id, flashcard_deck.topic_id from flashcard_deck
          where flashcard_deck.id = any(${ids(named.deck)})
        union all
        select 'topic', topic.id, topic.id from topic where topic.id = any(${ids(named.topic)})
      ) x
      join topic on topic.id = x.topic_id
      join subject on subject.id = topic.subject_id
      join module on module.id = subject.module_id
      where not ${topicVisibleSql(actor)}
      union all
      select 'subject', subject.id from subject join module on module.id = subject.module_id
      where subject.id = any(${ids(named.subject)}) and not ${subjectVisibleSql(actor)}`);
    return new Set(res.rows.map((r) => namedKey(r.kind, r.id)));
  },

  /**
   * Of these op ids, those the user applied before (a retried upload); and the content ids the stored
   * copies of these blocks of the user name (questions, subjects, topics), by block id.
   */
  async appliedAndStored(
    tx: DbOrTx,
    userId: string,
    opIds: readonly string[],
    blockIds: readonly string[],
  ): Promise<{ applied: Set<string>; stored: Map<string, Set<string>> }> {
    const res = await tx.execute<{ block_id: string | null; id: string }>(sql`
      select null as block_id, op_id as id from progress_op
        where user_id = ${userId} and op_id = any(${ids(opIds)})
      union all
      select b.id, n.id from qbank_block b
        cross join lateral jsonb_array_elements(b.block -> 'questions') q
        cross join lateral (values (q ->> 'questionId'), (q ->> 'subjectId'), (q ->> 'topicId')) n(id)
        where b.user_id = ${userId} and b.id = any(${ids(blockIds)})`);
    const applied = new Set<string>();
    const stored = new Map<string, Set<string>>();
    for (const r of res.rows) {
      if (r.block_id === null) applied.add(r.id);
      else stored.set(r.block_id, (stored.get(r.block_id) ?? new Set()).add(r.id));
    }
    return { applied, stored };
  },
};
