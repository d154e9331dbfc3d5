// What a bulk import does differently for decks (cards) and quizzes (questions): the fields that may
// carry pictures, cleaning, the set by name, its items, the values an update replaces (kept for
// 'Undo import', issue 21), inserts, updates and recounts (domain/sets-repository.ts, image uses
// domain/image-uses-repository.ts). resources-bulk-service.ts does the rest.
import type { BulkCardsBody, BulkQuestionsBody } from '@zan/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cleanImportFaces } from './clean-html.ts';
import { imageUsesRepository as imageUses } from '../../domain/image-uses-repository.ts';
import {
  setsRepository as sets,
  type CardValues,
  type QuestionValues,
} from '../../domain/sets-repository.ts';
import type { ImportPrevious } from './imports-repository.ts';
import { resourcesRepository as repo, type DeckRow, type QuizRow } from './resources-repository.ts';
import { cleanQuestions, questionHtml } from './resources-service.ts';

/** What a bulk import into decks (cards) or quizzes (questions) does differently; the rest is shared. */
export type BulkKind<Item, Values, Set extends { id: string }> = {
  /** The import record's kind of set. */
  setKind: 'deck' | 'quiz';
  /** Every HTML-capable field of an item (for its embedded pictures). */
  fields(item: Item): readonly (string | null)[];
  /** The item with each field through `f` (embedded srcs rewritten). */
  mapFields(item: Item, f: (html: string | null) => string | null): Item;
  /** Every item of the import `body` (added, then updated) as stored, in order. */
  clean(body: object, items: readonly Item[]): Promise<Values[]>;
  setByName(tx: Tx, topicId: string, name: string): Promise<Set | undefined>;
  insertSet(
    tx: Tx,
    v: { name: string; topicId: string; createdBy: string; collegeId: string; yearGroup: string },
  ): Promise<Set>;
  /** The set's items as they are now (what an update replaces is recorded for undo). */
  items(tx: DbOrTx, setId: string): Promise<readonly ({ id: string } & Values)[]>;
  /** An item's stored values, for the import record. */
  valuesOf(row: Values): ImportPrevious['values'];
  update(tx: Tx, set: Set, id: string, v: Values): Promise<unknown>;
  /** The added items' ids, in order. */
  insert(tx: Tx, set: Set, add: readonly Values[], now: Date): Promise<string[]>;
  recount(tx: Tx, setId: string): Promise<number>;
};

export const cards: BulkKind<BulkCardsBody['add'][number], CardValues, DeckRow> = {
  setKind: 'deck',
  fields: (c) => [c.front, c.back],
  mapFields: (c, f) => ({ front: f(c.front) ?? '', back: f(c.back) ?? '' }),
  // Sanitised together, off the event loop, within HTML_LIMITS; a front must show something. (A body
  // the bulk-body worker judged carries no embedded srcs: it leaves such bodies to this call.)
  clean: cleanImportFaces,
  valuesOf: (c) => ({ front: c.front, back: c.back }),
  setByName: (tx, topicId, name) => sets.deckByName(tx, topicId, name, { lock: true }),
  insertSet: sets.insertDeck,
  items: repo.cards,
  async update(tx, deck, id, v) {
    await sets.updateCard(tx, id, v);
    await imageUses.sync(tx, { id, collegeId: deck.collegeId, yearGroup: deck.yearGroup }, v.front + v.back);
  },
  async insert(tx, deck, add, now) {
    const ids = await sets.insertCards(tx, deck, add, now);
    // Only cards with pictures can use an image (most imported rows are text).
    for (const [i, c] of add.entries())
      if (/<img\b/i.test(c.front + c.back))
        await imageUses.sync(
          tx,
          { id: ids[i]!, collegeId: deck.collegeId, yearGroup: deck.yearGroup },
          c.front + c.back,
        );
    return ids;
  },
  recount: sets.recountDeck,
};

export const questions: BulkKind<BulkQuestionsBody['add'][number], QuestionValues, QuizRow> = {
  setKind: 'quiz',
  fields: (q) => [q.question, q.option1, q.option2, q.option3, q.option4, q.option5, q.explanation],
  mapFields: (q, f) => ({
    ...q,
    question: f(q.question) ?? '',
    option1: f(q.option1) ?? '',
    option2: f(q.option2) ?? '',
    option3: f(q.option3),
    option4: f(q.option4),
    option5: f(q.option5),
    explanation: f(q.explanation),
  }),
  // A CSV import is plain text and stays so; a field that is HTML (issue 19) is sanitised like a face.
  clean: async (_body, items) => cleanQuestions(items),
  valuesOf: (q) => ({
    question: q.question,
    option1: q.option1,
    option2: q.option2,
    option3: q.option3 ?? null,
    option4: q.option4 ?? null,
    option5: q.option5 ?? null,
    correctOption: q.correctOption ?? 1,
    explanation: q.explanation ?? null,
  }),
  setByName: sets.quizByName,
  insertSet: sets.insertQuiz,
  items: repo.questions,
  async update(tx, quiz, id, v) {
    await sets.updateQuestion(tx, id, v);
    await imageUses.sync(tx, { id, collegeId: quiz.collegeId, yearGroup: quiz.yearGroup }, questionHtml(v));
  },
  async insert(tx, quiz, add, now) {
    const ids = await sets.insertQuestions(tx, quiz, add, now);
    for (const [i, v] of add.entries())
      if (/<img\b/i.test(questionHtml(v)))
        await imageUses.sync(
          tx,
          { id: ids[i]!, collegeId: quiz.collegeId, yearGroup: quiz.yearGroup },
          questionHtml(v),
        );
    return ids;
  },
  recount: sets.recountQuiz,
};
