// Bulk import writes (SPEC §2 bulk import modal, §5 Bulk import, §7 "bulk create writes the deck or
// quiz and its children in one batch"): the deck or quiz of that name in the topic (created when
// missing), the rows to add and the duplicates to update (same ids: progress stays), the count, and
// the topic's contentVersion — one transaction through withContentWrite, all or nothing. New Deck /
// New Quiz (issue 22) share the name rule: an empty set whose name no set of the topic has.
import {
  can,
  MSG,
  type Actor,
  type BulkCardsBody,
  type BulkImportResponse,
  type BulkQuestionsBody,
  type DeckCreateBody,
  type DeckCreatedResponse,
  type QuizCreateBody,
  type QuizCreatedResponse,
} from '@zan/core';
import type { Tx } from '../../db/client.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { deckDto, quizDto } from '../../domain/content-dto.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { cleanImportFaces } from './clean-html.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { targetOf } from './dto.ts';
import { readRepository as read } from './read-repository.ts';
import {
  resourcesRepository as repo,
  type CardValues,
  type DeckRow,
  type QuestionValues,
  type QuizRow,
} from './resources-repository.ts';
import { cleanQuestions, questionHtml } from './resources-service.ts';

/** What a bulk import into decks (cards) or quizzes (questions) does differently; the rest is shared. */
type BulkKind<Item, Values, Set extends { id: string }> = {
  /** Every item of the import `body` (added, then updated) as stored, in order. */
  clean(body: object, items: readonly Item[]): Promise<Values[]>;
  setByName(tx: Tx, topicId: string, name: string): Promise<Set | undefined>;
  insertSet(
    tx: Tx,
    v: { name: string; topicId: string; createdBy: string; collegeId: string; yearGroup: string },
  ): Promise<Set>;
  items(tx: Tx, setId: string): Promise<readonly { id: string }[]>;
  update(tx: Tx, set: Set, id: string, v: Values): Promise<unknown>;
  insert(tx: Tx, set: Set, add: readonly Values[], now: Date): Promise<unknown>;
  recount(tx: Tx, setId: string): Promise<number>;
};

const cards: BulkKind<BulkCardsBody['add'][number], CardValues, DeckRow> = {
  // Sanitised together, off the event loop, within HTML_LIMITS; a front must show something.
  clean: cleanImportFaces,
  setByName: repo.deckByName,
  insertSet: repo.insertDeck,
  items: repo.cards,
  async update(tx, deck, id, v) {
    await repo.updateCard(tx, id, v);
    await repo.syncImageUses(
      tx,
      { id, collegeId: deck.collegeId, yearGroup: deck.yearGroup },
      v.front + v.back,
    );
  },
  async insert(tx, deck, add, now) {
    const ids = await repo.insertCards(tx, deck, add, now);
    // Only cards with pictures can use an image (most imported rows are text).
    for (const [i, c] of add.entries())
      if (/<img\b/i.test(c.front + c.back))
        await repo.syncImageUses(
          tx,
          { id: ids[i]!, collegeId: deck.collegeId, yearGroup: deck.yearGroup },
          c.front + c.back,
        );
  },
  recount: repo.recountDeck,
};

const questions: BulkKind<BulkQuestionsBody['add'][number], QuestionValues, QuizRow> = {
  // A CSV import is plain text and stays so; a field that is HTML (issue 19) is sanitised like a face.
  clean: async (_body, items) => cleanQuestions(items),
  setByName: repo.quizByName,
  insertSet: repo.insertQuiz,
  items: repo.questions,
  async update(tx, quiz, id, v) {
    await repo.updateQuestion(tx, id, v);
    await repo.syncImageUses(
      tx,
      { id, collegeId: quiz.collegeId, yearGroup: quiz.yearGroup },
      questionHtml(v),
    );
  },
  async insert(tx, quiz, add, now) {
    const ids = await repo.insertQuestions(tx, quiz, add, now);
    for (const [i, v] of add.entries())
      if (/<img\b/i.test(questionHtml(v)))
        await repo.syncImageUses(
          tx,
          { id: ids[i]!, collegeId: quiz.collegeId, yearGroup: quiz.yearGroup },
          questionHtml(v),
        );
  },
  recount: repo.recountQuiz,
};

export function resourcesBulkService(deps: ContentDeps) {
  const topicFor = (tx: Tx, actor: Actor, topicId: string) =>
    requireAccess(actor, 'resource.edit', {
      load: () => read.topic(tx, actor, topicId, { lock: true }),
      notFound: () => notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND'),
      target: targetOf,
    });
  const updatesOf = <T>(ids: ReadonlySet<string>, update: readonly { id: string; item: T }[]) => {
    for (const u of update)
      if (!ids.has(u.id)) throw badRequest('An item to update is not in this set.', 'VALIDATION');
    return update;
  };

  /** The set of that name in the topic (created when missing), its rows added and updated, recounted. */
  async function importInto<Item, Values, Set extends { id: string }>(
    kind: BulkKind<Item, Values, Set>,
    actor: Actor,
    topicId: string,
    body: { name: string; add: readonly Item[]; update: readonly { id: string; item: Item }[] },
  ): Promise<BulkImportResponse> {
    allow(can(actor, 'admin.area'));
    const values = await kind.clean(body, [...body.add, ...body.update.map((u) => u.item)]);
    const add = values.slice(0, body.add.length);
    const update = body.update.map((u, i) => ({ id: u.id, item: values[body.add.length + i]! }));
    return withContentWrite(deps, async (uow) => {
      const t = await topicFor(uow.tx, actor, topicId);
      const found = await kind.setByName(uow.tx, t.id, body.name);
      const set =
        found ??
        (await kind.insertSet(uow.tx, {
          name: body.name,
          topicId: t.id,
          createdBy: actor.id,
          collegeId: t.collegeId,
          yearGroup: t.yearGroup,
        }));
      if (update.length) {
        const ids = new Set((await kind.items(uow.tx, set.id)).map((i) => i.id));
        for (const u of updatesOf(ids, update)) await kind.update(uow.tx, set, u.id, u.item);
      }
      await kind.insert(uow.tx, set, add, new Date());
      const count = await kind.recount(uow.tx, set.id);
      await uow.topicContentChanged([t.id]);
      return { id: set.id, created: !found, added: add.length, updated: update.length, count };
    });
  }

  /** An empty set named `name` in the topic; 409 when the topic has one of that name (any case). */
  async function createSet<Item, Values, Set extends { id: string }>(
    kind: BulkKind<Item, Values, Set>,
    word: 'deck' | 'quiz',
    actor: Actor,
    topicId: string,
    name: string,
  ): Promise<Set> {
    allow(can(actor, 'admin.area'));
    return withContentWrite(deps, async (uow) => {
      const t = await topicFor(uow.tx, actor, topicId);
      if (await kind.setByName(uow.tx, t.id, name)) throw conflict(MSG.setNameTaken(word), 'NAME_TAKEN');
      const set = await kind.insertSet(uow.tx, {
        name,
        topicId: t.id,
        createdBy: actor.id,
        collegeId: t.collegeId,
        yearGroup: t.yearGroup,
      });
      await uow.topicContentChanged([t.id]);
      return set;
    });
  }

  return {
    createDeck: async (
      actor: Actor,
      topicId: string,
      body: DeckCreateBody,
    ): Promise<DeckCreatedResponse> => ({
      deck: deckDto(await createSet(cards, 'deck', actor, topicId, body.name)),
    }),
    createQuiz: async (
      actor: Actor,
      topicId: string,
      body: QuizCreateBody,
    ): Promise<QuizCreatedResponse> => ({
      quiz: quizDto(await createSet(questions, 'quiz', actor, topicId, body.name)),
    }),
    importCards: (actor: Actor, topicId: string, body: BulkCardsBody) =>
      importInto(cards, actor, topicId, body),
    importQuestions: (actor: Actor, topicId: string, body: BulkQuestionsBody) =>
      importInto(questions, actor, topicId, body),
  };
}

export type ResourcesBulkService = ReturnType<typeof resourcesBulkService>;
