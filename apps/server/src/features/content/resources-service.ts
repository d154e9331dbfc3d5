// Topic resources (SPEC §2 topic resources page, deck and quiz editors, §5 Cards and questions, §7):
// the topic's decks, quizzes and pages; cards and questions added, edited (same ids, so every
// student's progress stays) and deleted with cardCount / questionCount recounted in the same
// transaction; permanent deletes of decks, quizzes and pages with their images' usedIn. Every write
// goes through withContentWrite and bumps the topic's contentVersion (students get it at their next
// topic sync, live when online); the list carries each set's latest import (issue 21, 'Undo import').
// Permission: can(actor, 'resource.edit', topic).
import {
  can,
  isBlankQuestionText,
  MSG,
  type Actor,
  type CardBody,
  type CardResponse,
  type DeckEditorResponse,
  type ItemDeletedResponse,
  type PageCreateBody,
  type PageResponse,
  type PageUpdateBody,
  type QuestionBody,
  type QuestionResponse,
  type QuizEditorResponse,
  type TopicResourcesResponse,
} from '@zan/core';
import type { Tx } from '../../db/client.ts';
import {
  cardDto,
  deckDto,
  htmlContentDto,
  pageSummaryDto,
  questionDto,
  quizDto,
} from '../../domain/content-dto.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { imageUsesRepository as imageUses } from '../../domain/image-uses-repository.ts';
import { setsRepository as sets, type QuestionValues } from '../../domain/sets-repository.ts';
import { removeImagesLeftUnused } from './image-removal.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ContentDeps } from './deps.ts';
import { allow, requireAccess } from '../../domain/access.ts';
import { adminTopicDto, importSummaryDto, targetOf } from './dto.ts';
import { importsRepository } from './imports-repository.ts';
import { cleanFaces, cleanPageHtml, cleanQuestionHtml } from './clean-html.ts';
import { readRepository as read } from './read-repository.ts';
import { resourcesRepository as repo } from './resources-repository.ts';

const topicNotFound = () => notFound(MSG.topicNotFound, 'TOPIC_NOT_FOUND');

/** Sanitised faces; blank once sanitised is the spec's message. */
async function cleanCard(body: CardBody): Promise<{ front: string; back: string }> {
  const { front, back } = await cleanFaces(body.front, body.back);
  if (front.blank || back.blank) throw badRequest(MSG.frontBackRequired, 'VALIDATION');
  return { front: front.html, back: back.html };
}

type QuestionInput = Omit<QuestionBody, 'correctOption'> & { correctOption?: number | null };

/**
 * Questions as stored (issue 19): HTML fields sanitised (cleanQuestionHtml), plain text trimmed as it
 * always was; empty optional fields null. Then SPEC §5's rules on what shows: 'Question text is
 * required.', 'At least the first two options are required.', the correct option filled.
 */
export async function cleanQuestions(qs: readonly QuestionInput[]): Promise<QuestionValues[]> {
  const html = await cleanQuestionHtml(
    qs.map((b) => [
      b.question,
      b.option1,
      b.option2,
      b.option3 ?? null,
      b.option4 ?? null,
      b.option5 ?? null,
      b.explanation ?? null,
    ]),
  );
  return qs.map((b, n) => {
    const [question, option1, option2, option3, option4, option5, explanation] = html[n]!.map((f) =>
      f === null || isBlankQuestionText(f) ? '' : f.trim(),
    );
    const v = {
      question: question!,
      option1: option1!,
      option2: option2!,
      option3: option3 || null,
      option4: option4 || null,
      option5: option5 || null,
      correctOption: b.correctOption ?? 1,
      explanation: explanation || null,
    };
    if (!v.question) throw badRequest(MSG.questionRequired, 'VALIDATION');
    if (!v.option1 || !v.option2) throw badRequest(MSG.twoOptionsRequired, 'VALIDATION');
    if (![v.option1, v.option2, v.option3, v.option4, v.option5][v.correctOption - 1])
      throw badRequest(MSG.importCorrectOptionEmpty(v.correctOption), 'VALIDATION');
    return v;
  });
}

/** The one question of an editor save, as stored. */
const cleanQuestion = async (b: QuestionBody): Promise<QuestionValues> => (await cleanQuestions([b]))[0]!;

/** Every field of a question as one string, for the images it links. */
export const questionHtml = (v: QuestionValues): string =>
  [v.question, v.option1, v.option2, v.option3, v.option4, v.option5, v.explanation].join(' ');

/** A lecture's title and body as stored: trimmed title, body through the render allow-list. */
async function cleanPage(body: PageUpdateBody): Promise<{ title: string; htmlBody: string }> {
  const title = body.title.trim();
  if (!title) throw badRequest(MSG.titleRequired, 'VALIDATION');
  return { title, htmlBody: await cleanPageHtml(body.htmlBody) };
}

export function resourcesService(deps: ContentDeps) {
  const { db } = deps;
  /** The editors' reads: the row when the caller sees its topic (404 with the row's own message). */
  const viewed = { db };
  /** The writes: the row, its deck or quiz locked, when the caller may edit its topic's resources. */
  const locked = (tx: Tx) => ({ db: tx, lock: true });

  return {
    async topicResources(actor: Actor, topicId: string): Promise<TopicResourcesResponse> {
      allow(can(actor, 'admin.area'));
      const t = await requireAccess(actor, 'resource.view', {
        load: () => read.topic(db, actor, topicId),
        notFound: topicNotFound,
        target: targetOf,
      });
      const [decks, quizzes, pages, imports] = await Promise.all([
        repo.decks(db, t.id),
        repo.quizzes(db, t.id),
        repo.pages(db, t.id),
        importsRepository.latestByTopic(db, t.id),
      ]);
      // Only the records of sets still there (a deleted set's records stay until its topic goes).
      const sets = new Set([...decks, ...quizzes].map((s) => s.id));
      return {
        topic: adminTopicDto(t),
        decks: decks.map(deckDto),
        quizzes: quizzes.map(quizDto),
        pages: pages.map(pageSummaryDto),
        imports: imports.filter((i) => sets.has(i.setId)).map(importSummaryDto),
      };
    },

    async deckEditor(actor: Actor, deckId: string): Promise<DeckEditorResponse> {
      allow(can(actor, 'admin.area'));
      const { deck, topic } = await requireAccess(actor, 'resource.view', { deck: deckId }, viewed);
      return {
        topic: adminTopicDto(topic),
        deck: deckDto(deck),
        cards: (await repo.cards(db, deck.id)).map(cardDto),
      };
    },

    async addCard(actor: Actor, deckId: string, body: CardBody): Promise<CardResponse> {
      allow(can(actor, 'admin.area'));
      const values = await cleanCard(body);
      return withContentWrite(deps, async (uow) => {
        const { deck } = await requireAccess(actor, 'resource.edit', { deck: deckId }, locked(uow.tx));
        const row = await repo.insertCard(uow.tx, deck, values, new Date());
        await imageUses.sync(uow.tx, row, values.front + values.back);
        const cardCount = await sets.recountDeck(uow.tx, deck.id);
        await uow.topicContentChanged([deck.topicId]);
        return { card: cardDto(row), cardCount };
      });
    },

    async updateCard(actor: Actor, cardId: string, body: CardBody): Promise<CardResponse> {
      allow(can(actor, 'admin.area'));
      const values = await cleanCard(body);
      return withContentWrite(deps, async (uow) => {
        const { card: cur, deck } = await requireAccess(
          actor,
          'resource.edit',
          { card: cardId },
          locked(uow.tx),
        );
        // A cloze card is its note's: the note's save keeps its cards in step (issue 20).
        if (cur.kind === 'cloze') throw conflict(MSG.clozeCardEditNote, 'CLOZE_CARD');
        const row = await sets.updateCard(uow.tx, cardId, values);
        await imageUses.sync(uow.tx, row, values.front + values.back);
        await uow.topicContentChanged([deck.topicId]);
        return { card: cardDto(row), cardCount: deck.cardCount };
      });
    },

    async deleteCard(actor: Actor, cardId: string): Promise<ItemDeletedResponse> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const { deck } = await requireAccess(actor, 'resource.edit', { card: cardId }, locked(uow.tx));
        await repo.deleteCard(uow.tx, cardId);
        await imageUses.drop(uow.tx, [cardId]);
        const count = await sets.recountDeck(uow.tx, deck.id);
        await uow.topicContentChanged([deck.topicId]);
        return { ok: true as const, count };
      });
    },

    async quizEditor(actor: Actor, quizId: string): Promise<QuizEditorResponse> {
      allow(can(actor, 'admin.area'));
      const { quiz, topic } = await requireAccess(actor, 'resource.view', { quiz: quizId }, viewed);
      return {
        topic: adminTopicDto(topic),
        quiz: quizDto(quiz),
        questions: (await repo.questions(db, quiz.id)).map(questionDto),
      };
    },

    async addQuestion(actor: Actor, quizId: string, body: QuestionBody): Promise<QuestionResponse> {
      allow(can(actor, 'admin.area'));
      const values = await cleanQuestion(body);
      return withContentWrite(deps, async (uow) => {
        const { quiz } = await requireAccess(actor, 'resource.edit', { quiz: quizId }, locked(uow.tx));
        const row = await repo.insertQuestion(uow.tx, quiz, values, new Date());
        await imageUses.sync(uow.tx, row, questionHtml(values));
        const questionCount = await sets.recountQuiz(uow.tx, quiz.id);
        await uow.topicContentChanged([quiz.topicId]);
        return { question: questionDto(row), questionCount };
      });
    },

    async updateQuestion(actor: Actor, questionId: string, body: QuestionBody): Promise<QuestionResponse> {
      allow(can(actor, 'admin.area'));
      const values = await cleanQuestion(body);
      return withContentWrite(deps, async (uow) => {
        const { quiz } = await requireAccess(
          actor,
          'resource.edit',
          { question: questionId },
          locked(uow.tx),
        );
        const row = await sets.updateQuestion(uow.tx, questionId, values);
        await imageUses.sync(uow.tx, row, questionHtml(values));
        await uow.topicContentChanged([quiz.topicId]);
        return { question: questionDto(row), questionCount: quiz.questionCount };
      });
    },

    async deleteQuestion(actor: Actor, questionId: string): Promise<ItemDeletedResponse> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const { quiz } = await requireAccess(
          actor,
          'resource.edit',
          { question: questionId },
          locked(uow.tx),
        );
        await repo.deleteQuestion(uow.tx, questionId);
        await imageUses.drop(uow.tx, [questionId]);
        const count = await sets.recountQuiz(uow.tx, quiz.id);
        await uow.topicContentChanged([quiz.topicId]);
        return { ok: true as const, count };
      });
    },

    /** permanentlyDeleteFlashcardDeck: the deck, its cards, the images only they used (files after the
     * commit), and their uses of the others. */
    async deleteDeck(actor: Actor, deckId: string): Promise<ItemDeletedResponse> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const { deck } = await requireAccess(actor, 'resource.edit', { deck: deckId }, locked(uow.tx));
        const ids = await repo.deleteDeck(uow.tx, deck.id);
        await removeImagesLeftUnused(deps, uow, actor, await imageUses.onlyUsedBy(uow.tx, ids, deck));
        await imageUses.drop(uow.tx, ids);
        await uow.topicContentChanged([deck.topicId]);
        return { ok: true as const, count: ids.length - 1 };
      });
    },

    /** permanentlyDeleteMcqQuiz: the quiz and its questions, the images only they used (files after the
     * commit), and their uses of the others (issue 19: questions show pictures too). */
    async deleteQuiz(actor: Actor, quizId: string): Promise<ItemDeletedResponse> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const { quiz } = await requireAccess(actor, 'resource.edit', { quiz: quizId }, locked(uow.tx));
        const ids = await repo.deleteQuiz(uow.tx, quiz.id);
        await removeImagesLeftUnused(deps, uow, actor, await imageUses.onlyUsedBy(uow.tx, ids, quiz));
        await imageUses.drop(uow.tx, ids);
        await uow.topicContentChanged([quiz.topicId]);
        return { ok: true as const, count: ids.length - 1 };
      });
    },

    /** The lecture editor's page, with its topic (the topic must be visible to the caller). */
    async pageEditor(actor: Actor, pageId: string): Promise<PageResponse> {
      allow(can(actor, 'admin.area'));
      const { page, topic } = await requireAccess(actor, 'resource.view', { page: pageId }, viewed);
      return { topic: adminTopicDto(topic), page: htmlContentDto(page) };
    },

    /** A new lecture in the topic; images it shows count it in their usedIn. */
    async createPage(actor: Actor, body: PageCreateBody): Promise<PageResponse> {
      allow(can(actor, 'admin.area'));
      if (!body.topicId.trim()) throw badRequest(MSG.pageTopicRequired, 'VALIDATION');
      const values = await cleanPage(body);
      return withContentWrite(deps, async (uow) => {
        const t = await requireAccess(actor, 'resource.edit', {
          load: () => read.topic(uow.tx, actor, body.topicId),
          notFound: topicNotFound,
          target: targetOf,
        });
        const row = await repo.insertPage(uow.tx, {
          ...values,
          topicId: t.id,
          collegeId: t.collegeId,
          yearGroup: t.yearGroup,
          lastUpdatedBy: actor.id,
        });
        await imageUses.sync(uow.tx, row, values.htmlBody);
        await uow.topicContentChanged([t.id]);
        return { topic: adminTopicDto(t), page: htmlContentDto(row) };
      });
    },

    async updatePage(actor: Actor, pageId: string, body: PageUpdateBody): Promise<PageResponse> {
      allow(can(actor, 'admin.area'));
      const values = await cleanPage(body);
      return withContentWrite(deps, async (uow) => {
        const { page, topic: t } = await requireAccess(
          actor,
          'resource.edit',
          { page: pageId },
          locked(uow.tx),
        );
        const row = await repo.updatePage(uow.tx, page.id, { ...values, lastUpdatedBy: actor.id });
        await imageUses.sync(uow.tx, row, values.htmlBody);
        await uow.topicContentChanged([page.topicId]);
        return { topic: adminTopicDto(t), page: htmlContentDto(row) };
      });
    },

    /**
     * permanentlyDeleteHtmlContent: the page, the images only it used (rows now, files after the
     * commit), and its uses of the others.
     */
    async deletePage(actor: Actor, pageId: string): Promise<ItemDeletedResponse> {
      allow(can(actor, 'admin.area'));
      return withContentWrite(deps, async (uow) => {
        const { page } = await requireAccess(actor, 'resource.edit', { page: pageId }, { db: uow.tx });
        const ids = await repo.deletePage(uow.tx, page.id);
        await removeImagesLeftUnused(deps, uow, actor, await imageUses.onlyUsedBy(uow.tx, ids, page));
        await imageUses.drop(uow.tx, ids);
        await uow.topicContentChanged([page.topicId]);
        return { ok: true as const, count: 0 };
      });
    },
  };
}

export type ResourcesService = ReturnType<typeof resourcesService>;
