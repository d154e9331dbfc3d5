// The child rows domain/access.ts resolves to their topic (immich's access repository): decks, quizzes,
// pages, cards, questions, cloze notes and import records, each with the topic it belongs to and
// whether the caller sees that topic — ONE query for a whole set of ids, locked when asked.
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from '@zan/core';
import type { DbOrTx } from '../db/client.ts';
import {
  card,
  contentImport,
  flashcardDeck,
  htmlContent,
  mcqQuestion,
  mcqQuiz,
  module,
  subject,
  topic,
} from '../db/schema/index.ts';
import { topicVisibleSql } from './visibility-sql.ts';

/** A topic as the admin pages show it: with its subject's and module's names. */
type AccessTopicRow = typeof topic.$inferSelect & { subjectName: string; moduleName: string };
/** Every resolved row: the id it answers for, its topic, and whether the caller may see that topic. */
export type Resolved = { key: string; topic: AccessTopicRow; visible: boolean };

type DeckRow = typeof flashcardDeck.$inferSelect;
type QuizRow = typeof mcqQuiz.$inferSelect;
type PageRow = typeof htmlContent.$inferSelect;
type CardRow = typeof card.$inferSelect;
type QuestionRow = typeof mcqQuestion.$inferSelect;
type ImportRow = typeof contentImport.$inferSelect;

const topicCols = { ...getTableColumns(topic), subjectName: subject.name, moduleName: module.name };

/**
 * `select` (the kind's own rows) from `from`, joined to the topic `topicId` names with its subject and
 * module (the visibility reads all three), where `key` is one of `ids` (and `where`), FOR UPDATE OF
 * `lock` when given — one statement.
 */
async function resolve<T>(
  db: DbOrTx,
  actor: Actor,
  q: {
    select: Record<string, PgTable>;
    from: PgTable;
    join?: [PgTable, SQL];
    key: PgColumn;
    topicId: PgColumn;
    where?: SQL;
    ids: readonly string[];
    lock: readonly PgTable[] | null;
  },
): Promise<(Resolved & T)[]> {
  const base = db
    .select({
      ...q.select,
      key: sql<string>`${q.key}`,
      topic: topicCols,
      visible: sql<boolean>`${topicVisibleSql(actor)}`,
    })
    .from(q.from)
    .$dynamic();
  const joined: PgSelect = q.join ? base.innerJoin(q.join[0], q.join[1]) : base;
  const query = joined
    .innerJoin(topic, eq(topic.id, q.topicId))
    .innerJoin(subject, eq(subject.id, topic.subjectId))
    .innerJoin(module, eq(module.id, subject.moduleId))
    .where(and(inArray(q.key, [...q.ids]), q.where));
  return (await (q.lock ? query.for('update', { of: [...q.lock] }) : query)) as unknown as (Resolved & T)[];
}

/** `lock`: the tables of the rows a write on the child serialises on, or nothing. */
const locked = (lock: boolean, ...tables: PgTable[]) => (lock ? tables : null);

export const accessRepository = {
  /** Decks; locks the decks. */
  decks: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) =>
    resolve<{ deck: DeckRow }>(db, actor, {
      select: { deck: flashcardDeck },
      from: flashcardDeck,
      key: flashcardDeck.id,
      topicId: flashcardDeck.topicId,
      ids,
      lock: locked(lock, flashcardDeck),
    }),

  /** Quizzes; locks the quizzes. */
  quizzes: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) =>
    resolve<{ quiz: QuizRow }>(db, actor, {
      select: { quiz: mcqQuiz },
      from: mcqQuiz,
      key: mcqQuiz.id,
      topicId: mcqQuiz.topicId,
      ids,
      lock: locked(lock, mcqQuiz),
    }),

  /** Lecture pages; locks the pages. */
  pages: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) =>
    resolve<{ page: PageRow }>(db, actor, {
      select: { page: htmlContent },
      from: htmlContent,
      key: htmlContent.id,
      topicId: htmlContent.topicId,
      ids,
      lock: locked(lock, htmlContent),
    }),

  /** Cards with their decks; locks the decks (edits of one deck run one at a time). */
  cards: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) =>
    resolve<{ card: CardRow; deck: DeckRow }>(db, actor, {
      select: { card, deck: flashcardDeck },
      from: card,
      join: [flashcardDeck, eq(flashcardDeck.id, card.deckId)],
      key: card.id,
      topicId: flashcardDeck.topicId,
      ids,
      lock: locked(lock, flashcardDeck),
    }),

  /** Questions with their quizzes; locks the quizzes. */
  questions: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) =>
    resolve<{ question: QuestionRow; quiz: QuizRow }>(db, actor, {
      select: { question: mcqQuestion, quiz: mcqQuiz },
      from: mcqQuestion,
      join: [mcqQuiz, eq(mcqQuiz.id, mcqQuestion.quizId)],
      key: mcqQuestion.id,
      topicId: mcqQuiz.topicId,
      ids,
      lock: locked(lock, mcqQuiz),
    }),

  /** Cloze notes (issue 20): the deck of each note's cards, once per card; locks the decks. */
  notes: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) =>
    resolve<{ deck: DeckRow }>(db, actor, {
      select: { deck: flashcardDeck },
      from: card,
      join: [flashcardDeck, eq(flashcardDeck.id, card.deckId)],
      key: card.noteId,
      topicId: flashcardDeck.topicId,
      where: eq(card.kind, 'cloze'),
      ids,
      lock: locked(lock, flashcardDeck),
    }),

  /** Import records (issue 21); locks the records and their topics (a bulk import locks the topic too). */
  imports: (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean) =>
    resolve<{ record: ImportRow }>(db, actor, {
      select: { record: contentImport },
      from: contentImport,
      key: contentImport.id,
      topicId: contentImport.topicId,
      ids,
      lock: locked(lock, contentImport, topic),
    }),
};
