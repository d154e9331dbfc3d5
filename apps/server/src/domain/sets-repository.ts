// Decks and quizzes (sets) and their cards and questions as every writer of content writes them — the
// editors, the bulk imports and 'Undo import' (features/content) and the Anki import (features/anki):
// the set of a name in a topic, a new set, items in bulk, an item's new values, and the counts kept in
// step. Writes run inside withContentWrite (content-write.ts) only.
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client.ts';
import { card, flashcardDeck, mcqQuestion, mcqQuiz } from '../db/schema/index.ts';

type DeckRow = typeof flashcardDeck.$inferSelect;
type QuizRow = typeof mcqQuiz.$inferSelect;
type CardRow = typeof card.$inferSelect;
type QuestionRow = typeof mcqQuestion.$inferSelect;
type Scope = { collegeId: string; yearGroup: string };
type NewSet = { name: string; topicId: string; createdBy: string } & Scope;

export type CardValues = { front: string; back: string };
/** A card as an import writes it: an Anki import also says its kind, note and where in Anki it came from. */
export type NewCard = CardValues &
  Partial<Pick<typeof card.$inferInsert, 'kind' | 'noteId' | 'ord' | 'ankiNoteId' | 'ankiOrd'>>;
/** A card's new values; an Anki re-import may change its kind and ordinal too. */
type CardUpdate = CardValues & Partial<Pick<typeof card.$inferInsert, 'kind' | 'ord'>>;
export type QuestionValues = Pick<
  typeof mcqQuestion.$inferInsert,
  'question' | 'option1' | 'option2' | 'option3' | 'option4' | 'option5' | 'correctOption' | 'explanation'
>;

/** Rows per INSERT of a bulk import (a few hundred KB of faces per statement). */
const IMPORT_BATCH = 250;

type BulkColumn = { readonly column: PgColumn; readonly type: 'text' | 'int4' | 'timestamptz' };
type BulkValue = string | number | Date | null;

const ARRAY_TYPES: Readonly<Record<string, BulkColumn['type']>> = {
  PgText: 'text',
  PgInteger: 'int4',
  PgTimestamp: 'timestamptz',
};
/** Each column with the array type its values travel as. */
const bulkColumns = (columns: readonly PgColumn[]): BulkColumn[] =>
  columns.map((column) => {
    const type = ARRAY_TYPES[column.columnType];
    if (!type) throw new Error(`no bulk array type for ${column.name} (${column.columnType})`);
    return { column, type };
  });

/**
 * A bulk import's rows, IMPORT_BATCH per statement, each column one array parameter (`unnest`): the
 * query builder's per-value work took 50–300 ms of event loop per 250 rows (issue 17). The content
 * trigger stamps row_version as for any insert.
 */
async function insertUnnested(
  tx: Tx,
  table: PgTable,
  columns: readonly BulkColumn[],
  rows: number,
  rowOf: (row: number) => readonly BulkValue[],
): Promise<void> {
  const names = sql.join(
    columns.map((c) => sql.identifier(c.column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows; start += IMPORT_BATCH) {
    const end = Math.min(rows, start + IMPORT_BATCH);
    const values = columns.map((): BulkValue[] => []);
    for (let i = start; i < end; i++) rowOf(i).forEach((v, k) => values[k]!.push(v));
    const arrays = columns.map((c, k) => sql`${sql.param(values[k])}::${sql.raw(c.type)}[]`);
    await tx.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

export const setsRepository = {
  /** The topic's deck of that name (any case). */
  async deckByName(
    db: DbOrTx,
    topicId: string,
    name: string,
    opts: { lock?: boolean } = {},
  ): Promise<DeckRow | undefined> {
    const q = db
      .select()
      .from(flashcardDeck)
      .where(and(eq(flashcardDeck.topicId, topicId), sql`lower(${flashcardDeck.name}) = lower(${name})`));
    const [row] = opts.lock ? await q.for('update') : await q;
    return row;
  },
  /** The topic's quiz of that name (any case), locked. */
  async quizByName(tx: Tx, topicId: string, name: string): Promise<QuizRow | undefined> {
    const [row] = await tx
      .select()
      .from(mcqQuiz)
      .where(and(eq(mcqQuiz.topicId, topicId), sql`lower(${mcqQuiz.name}) = lower(${name})`))
      .for('update');
    return row;
  },

  async insertDeck(tx: Tx, v: NewSet): Promise<DeckRow> {
    const [row] = await tx.insert(flashcardDeck).values(v).returning();
    return row!;
  },
  async insertQuiz(tx: Tx, v: NewSet): Promise<QuizRow> {
    const [row] = await tx.insert(mcqQuiz).values(v).returning();
    return row!;
  },

  /** An import's cards, their ids in order; created_at one millisecond apart, in the import's order. */
  async insertCards(tx: Tx, deck: DeckRow, items: readonly NewCard[], now: Date): Promise<string[]> {
    const ids = items.map(() => crypto.randomUUID());
    const t = card;
    const cols = [
      t.id,
      t.front,
      t.back,
      t.kind,
      t.noteId,
      t.ord,
      t.ankiNoteId,
      t.ankiOrd,
      t.deckId,
      t.collegeId,
      t.yearGroup,
      t.createdAt,
      t.updatedAt,
    ];
    const at = now.getTime();
    await insertUnnested(tx, t, bulkColumns(cols), items.length, (i) => {
      const c = items[i]!;
      return [
        ids[i]!,
        c.front,
        c.back,
        c.kind ?? 'basic',
        c.noteId ?? null,
        c.ord ?? null,
        c.ankiNoteId ?? null,
        c.ankiOrd ?? null,
        deck.id,
        deck.collegeId,
        deck.yearGroup,
        new Date(at + i),
        now,
      ];
    });
    return ids;
  },
  /** A bulk import's questions, as insertCards. */
  async insertQuestions(
    tx: Tx,
    quiz: QuizRow,
    items: readonly QuestionValues[],
    now: Date,
  ): Promise<string[]> {
    const ids = items.map(() => crypto.randomUUID());
    const t = mcqQuestion;
    const cols = [
      t.id,
      t.question,
      t.option1,
      t.option2,
      t.option3,
      t.option4,
      t.option5,
      t.correctOption,
      t.explanation,
      t.quizId,
      t.collegeId,
      t.yearGroup,
      t.createdAt,
      t.updatedAt,
    ];
    const at = now.getTime();
    await insertUnnested(tx, t, bulkColumns(cols), items.length, (i) => {
      const q = items[i]!;
      return [
        ids[i]!,
        q.question,
        q.option1,
        q.option2,
        q.option3 ?? null,
        q.option4 ?? null,
        q.option5 ?? null,
        q.correctOption ?? 1,
        q.explanation ?? null,
        quiz.id,
        quiz.collegeId,
        quiz.yearGroup,
        new Date(at + i),
        now,
      ];
    });
    return ids;
  },

  /** The card's new faces (same id: every student's progress stays). */
  async updateCard(tx: Tx, id: string, v: CardUpdate): Promise<CardRow> {
    const [row] = await tx
      .update(card)
      .set({ front: v.front, back: v.back, kind: v.kind, ord: v.ord, updatedAt: new Date() })
      .where(eq(card.id, id))
      .returning();
    return row!;
  },
  async updateQuestion(tx: Tx, id: string, v: QuestionValues): Promise<QuestionRow> {
    const [row] = await tx
      .update(mcqQuestion)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(mcqQuestion.id, id))
      .returning();
    return row!;
  },

  /** cardCount / questionCount from the rows themselves (same transaction as the change). */
  async recountDeck(tx: Tx, deckId: string): Promise<number> {
    const [row] = await tx
      .update(flashcardDeck)
      .set({
        cardCount: sql`(select count(*)::int from card where deck_id = ${deckId})`,
        updatedAt: new Date(),
      })
      .where(eq(flashcardDeck.id, deckId))
      .returning({ n: flashcardDeck.cardCount });
    return row?.n ?? 0;
  },
  async recountQuiz(tx: Tx, quizId: string): Promise<number> {
    const [row] = await tx
      .update(mcqQuiz)
      .set({
        questionCount: sql`(select count(*)::int from mcq_question where quiz_id = ${quizId})`,
        updatedAt: new Date(),
      })
      .where(eq(mcqQuiz.id, quizId))
      .returning({ n: mcqQuiz.questionCount });
    return row?.n ?? 0;
  },
};
