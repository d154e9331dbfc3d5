// Bulk import writes (SPEC §2 bulk import modal, §5 Bulk import, §7 "bulk create writes the deck or
// quiz and its children in one batch"): the deck or quiz of that name in the topic (created when
// missing), the rows to add and the duplicates to update (same ids: progress stays), the count, and
// the topic's contentVersion — one transaction through withContentWrite, all or nothing.
import {
  can,
  isBlankHtml,
  MSG,
  type Actor,
  type BulkCardsBody,
  type BulkImportResponse,
  type BulkQuestionsBody,
} from '@zan/core';
import type { Tx } from '../../db/client.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { badRequest, notFound } from '../../errors.ts';
import { sanitizeHtml } from '../../platform/sanitize.ts';
import { allow, type ContentDeps } from './deps.ts';
import { targetOf } from './dto.ts';
import { readRepository as read } from './read-repository.ts';
import { resourcesRepository as repo, type CardValues } from './resources-repository.ts';
import { cleanQuestion } from './resources-service.ts';

/** A bulk card: sanitised; the front must show something (the back may be empty). */
function bulkCard(c: { front: string; back: string }): CardValues {
  const front = sanitizeHtml(c.front).trim();
  if (isBlankHtml(front)) throw badRequest(MSG.importFrontRequired, 'VALIDATION');
  return { front, back: sanitizeHtml(c.back).trim() };
}

function bulkQuestion(q: BulkQuestionsBody['add'][number]) {
  const v = cleanQuestion(q);
  if (!v.question) throw badRequest(MSG.questionRequired, 'VALIDATION');
  if (!v.option1 || !v.option2) throw badRequest(MSG.twoOptionsRequired, 'VALIDATION');
  const n = v.correctOption ?? 1;
  if (![v.option1, v.option2, v.option3, v.option4, v.option5][n - 1])
    throw badRequest(MSG.importCorrectOptionEmpty(n), 'VALIDATION');
  return v;
}

export function resourcesBulkService(deps: ContentDeps) {
  const topicFor = async (tx: Tx, actor: Actor, topicId: string) => {
    const t = await read.topic(tx, actor, topicId, { lock: true });
    if (!t) throw notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND');
    allow(can(actor, 'resource.edit', targetOf(t)));
    return t;
  };
  const updatesOf = <T>(ids: ReadonlySet<string>, update: readonly { id: string; item: T }[]) => {
    for (const u of update)
      if (!ids.has(u.id)) throw badRequest('An item to update is not in this set.', 'VALIDATION');
    return update;
  };

  return {
    async importCards(actor: Actor, topicId: string, body: BulkCardsBody): Promise<BulkImportResponse> {
      allow(can(actor, 'admin.area'));
      const add = body.add.map(bulkCard);
      const update = body.update.map((u) => ({ id: u.id, item: bulkCard(u.item) }));
      return withContentWrite(deps, async (uow) => {
        const t = await topicFor(uow.tx, actor, topicId);
        const found = await repo.deckByName(uow.tx, t.id, body.name);
        const deck =
          found ??
          (await repo.insertDeck(uow.tx, {
            name: body.name,
            topicId: t.id,
            createdBy: actor.id,
            collegeId: t.collegeId,
            yearGroup: t.yearGroup,
          }));
        if (update.length) {
          const ids = new Set((await repo.cards(uow.tx, deck.id)).map((c) => c.id));
          for (const u of updatesOf(ids, update)) {
            await repo.updateCard(uow.tx, u.id, u.item);
            await repo.syncImageUses(uow.tx, u.id, u.item.front + u.item.back);
          }
        }
        const inserted = await repo.insertCards(uow.tx, deck, add, new Date());
        // Only cards with pictures can use an image (most imported rows are text).
        for (const c of inserted)
          if (/<img\b/i.test(c.front + c.back)) await repo.syncImageUses(uow.tx, c.id, c.front + c.back);
        const count = await repo.recountDeck(uow.tx, deck.id);
        await uow.topicContentChanged([t.id]);
        return { id: deck.id, created: !found, added: add.length, updated: update.length, count };
      });
    },

    async importQuestions(
      actor: Actor,
      topicId: string,
      body: BulkQuestionsBody,
    ): Promise<BulkImportResponse> {
      allow(can(actor, 'admin.area'));
      const add = body.add.map(bulkQuestion);
      const update = body.update.map((u) => ({ id: u.id, item: bulkQuestion(u.item) }));
      return withContentWrite(deps, async (uow) => {
        const t = await topicFor(uow.tx, actor, topicId);
        const found = await repo.quizByName(uow.tx, t.id, body.name);
        const quiz =
          found ??
          (await repo.insertQuiz(uow.tx, {
            name: body.name,
            topicId: t.id,
            createdBy: actor.id,
            collegeId: t.collegeId,
            yearGroup: t.yearGroup,
          }));
        if (update.length) {
          const ids = new Set((await repo.questions(uow.tx, quiz.id)).map((q) => q.id));
          for (const u of updatesOf(ids, update)) await repo.updateQuestion(uow.tx, u.id, u.item);
        }
        await repo.insertQuestions(uow.tx, quiz, add, new Date());
        const count = await repo.recountQuiz(uow.tx, quiz.id);
        await uow.topicContentChanged([t.id]);
        return { id: quiz.id, created: !found, added: add.length, updated: update.length, count };
      });
    },
  };
}

export type ResourcesBulkService = ReturnType<typeof resourcesBulkService>;
