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
import { topicVisibleSql } from './visibility-repository.ts';

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

/** How a kind is read: its own rows (`select`), the table joined to reach the topic, and what is locked. */
type Kind = {
  select: Record<string, PgTable>;
  from: PgTable;
  join?: [PgTable, SQL];
  key: PgColumn;
  topicId: PgColumn;
  where?: SQL;
  /** FOR UPDATE OF these when asked: the rows writes on the child serialise on. */
  locks: PgTable[];
};

/**
 * The kind's rows whose key is one of `ids`, joined to the topic with its subject and module (the
 * visibility reads all three) — one statement, locked when `lock`.
 */
const rowsOf =
  <T>(k: Kind) =>
  async (db: DbOrTx, actor: Actor, ids: readonly string[], lock: boolean): Promise<(Resolved & T)[]> => {
    const base = db
      .select({
        ...k.select,
        key: sql<string>`${k.key}`,
        topic: topicCols,
        visible: sql<boolean>`${topicVisibleSql(actor)}`,
      })
      .from(k.from)
      .$dynamic();
    const joined: PgSelect = k.join ? base.innerJoin(k.join[0], k.join[1]) : base;
    const query = joined
      .innerJoin(topic, eq(topic.id, k.topicId))
      .innerJoin(subject, eq(subject.id, topic.subjectId))
      .innerJoin(module, eq(module.id, subject.moduleId))
      .where(and(inArray(k.key, [...ids]), k.where));
    return (await (lock ? query.for('update', { of: k.locks }) : query)) as unknown as (Resolved & T)[];
  };

/** A kind whose own row names its topic, selected as `name`; locks it (and `also`). */
const own = (
  name: string,
  table: typeof flashcardDeck | typeof mcqQuiz | typeof htmlContent | typeof contentImport,
  ...also: PgTable[]
): Kind => ({
  select: { [name]: table },
  from: table,
  key: table.id,
  topicId: table.topicId,
  locks: [table, ...also],
});

export const accessRepository = {
  decks: rowsOf<{ deck: DeckRow }>(own('deck', flashcardDeck)),
  quizzes: rowsOf<{ quiz: QuizRow }>(own('quiz', mcqQuiz)),
  pages: rowsOf<{ page: PageRow }>(own('page', htmlContent)),
  /** Cards with their decks; locks the decks (edits of one deck run one at a time). */
  cards: rowsOf<{ card: CardRow; deck: DeckRow }>({
    select: { card, deck: flashcardDeck },
    from: card,
    join: [flashcardDeck, eq(flashcardDeck.id, card.deckId)],
    key: card.id,
    topicId: flashcardDeck.topicId,
    locks: [flashcardDeck],
  }),
  /** Questions with their quizzes; locks the quizzes. */
  questions: rowsOf<{ question: QuestionRow; quiz: QuizRow }>({
    select: { question: mcqQuestion, quiz: mcqQuiz },
    from: mcqQuestion,
    join: [mcqQuiz, eq(mcqQuiz.id, mcqQuestion.quizId)],
    key: mcqQuestion.id,
    topicId: mcqQuiz.topicId,
    locks: [mcqQuiz],
  }),
  /** Cloze notes (issue 20): the deck of each note's cards, once per card; locks the decks. */
  notes: rowsOf<{ deck: DeckRow }>({
    select: { deck: flashcardDeck },
    from: card,
    join: [flashcardDeck, eq(flashcardDeck.id, card.deckId)],
    key: card.noteId,
    topicId: flashcardDeck.topicId,
    where: eq(card.kind, 'cloze'),
    locks: [flashcardDeck],
  }),
  /** Import records (issue 21); locks the records and their topics (a bulk import locks the topic too). */
  imports: rowsOf<{ record: ImportRow }>(own('record', contentImport, topic)),
};
