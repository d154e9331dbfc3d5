// Test helpers for the sync tests: content written through the real unit of work (withContentWrite:
// clock first, row_version stamped), archive and restore through the archive path the services use,
// grants, pull loops through app.inject, and progress ops as the web writes them.
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  RATINGS,
  newCardState,
  scheduleReview,
  toCardStateDto,
  type CardState,
  type ContentPullResponse,
  type ProgressOp,
  type ProgressRecordDto,
  type QbankBlockDto,
  type Rating,
} from '@zan/core';
import { withContentWrite } from '../src/domain/content-write.ts';
import { setArchivedSubtree } from '../src/features/content/archiving.ts';
import type { Database, Tx } from '../src/db/client.ts';
import {
  card,
  flashcardDeck,
  mcqQuestion,
  mcqQuiz,
  module,
  purchasedModule,
  subject,
  topic,
} from '../src/db/schema/index.ts';

export type ModuleOpts = {
  collegeId: string;
  yearGroup: string;
  isFree?: boolean;
  isGlobal?: boolean;
  isArchived?: boolean;
  name?: string;
};

export type Writer = {
  version: number;
  tx: Tx;
  module: (o: ModuleOpts) => Promise<string>;
  subject: (moduleId: string, o?: { isArchived?: boolean }) => Promise<string>;
  topic: (subjectId: string, o?: { isArchived?: boolean }) => Promise<string>;
  /** Many topics in one statement. */
  topics: (subjectId: string, n: number) => Promise<string[]>;
  deck: (topicId: string, cards: number) => Promise<string>;
  /** A quiz of `keys.length` questions (key = correct option) in the topic, in the topic's scope. */
  quiz: (topicId: string, keys: readonly number[]) => Promise<{ quizId: string; questions: string[] }>;
};

/** One content transaction through the real unit of work (no live events: nobody listens). */
export async function write<T>(db: Database, work: (w: Writer) => Promise<T>): Promise<T> {
  return withContentWrite({ db, events: null }, async (uow) => {
    const { tx, version } = uow;
    const w: Writer = {
      version,
      tx,
      async module(o) {
        const id = crypto.randomUUID();
        await tx.insert(module).values({
          id,
          name: o.name ?? `Module ${id.slice(0, 6)}`,
          stage: 1,
          isFree: o.isFree ?? true,
          isGlobal: o.isGlobal ?? false,
          isArchived: o.isArchived ?? false,
          collegeId: o.collegeId,
          yearGroup: o.yearGroup,
          rowVersion: version,
        });
        return id;
      },
      async subject(moduleId, o = {}) {
        const [m] = await tx.select().from(module).where(eq(module.id, moduleId));
        if (!m) throw new Error('no module');
        const id = crypto.randomUUID();
        await tx.insert(subject).values({
          id,
          name: `Subject ${id.slice(0, 6)}`,
          moduleId,
          isGlobal: m.isGlobal,
          collegeId: m.collegeId,
          yearGroup: m.yearGroup,
          isArchived: o.isArchived ?? false,
          rowVersion: version,
        });
        return id;
      },
      async topic(subjectId, o = {}) {
        const [s] = await tx.select().from(subject).where(eq(subject.id, subjectId));
        if (!s) throw new Error('no subject');
        const id = crypto.randomUUID();
        const name = `Topic ${id.slice(0, 6)}`;
        await tx.insert(topic).values({
          id,
          name,
          nameLowercase: name.toLowerCase(),
          subjectId,
          moduleId: s.moduleId,
          isGlobal: s.isGlobal,
          collegeId: s.collegeId,
          yearGroup: s.yearGroup,
          isArchived: o.isArchived ?? false,
          rowVersion: version,
        });
        return id;
      },
      async topics(subjectId, n) {
        const [s] = await tx.select().from(subject).where(eq(subject.id, subjectId));
        if (!s) throw new Error('no subject');
        const rows = Array.from({ length: n }, (_, i) => ({
          id: crypto.randomUUID(),
          name: `Topic ${i}`,
          nameLowercase: `topic ${i}`,
          subjectId,
          moduleId: s.moduleId,
          isGlobal: s.isGlobal,
          collegeId: s.collegeId,
          yearGroup: s.yearGroup,
          rowVersion: version,
        }));
        await tx.insert(topic).values(rows);
        return rows.map((r) => r.id);
      },
      async deck(topicId, cards) {
        const [t] = await tx.select().from(topic).where(eq(topic.id, topicId));
        if (!t) throw new Error('no topic');
        const id = crypto.randomUUID();
        const scope = { collegeId: t.collegeId, yearGroup: t.yearGroup, rowVersion: version };
        await tx.insert(flashcardDeck).values({ id, name: 'Deck', topicId, cardCount: cards, ...scope });
        if (cards)
          await tx.insert(card).values(
            Array.from({ length: cards }, (_, i) => ({
              front: `<p>Q${i}</p>`,
              back: `<p>A${i}</p>`,
              deckId: id,
              ...scope,
            })),
          );
        await uow.topicContentChanged([topicId]);
        return id;
      },
      async quiz(topicId, keys) {
        const [t] = await tx.select().from(topic).where(eq(topic.id, topicId));
        if (!t) throw new Error('no topic');
        const scope = { collegeId: t.collegeId, yearGroup: t.yearGroup, rowVersion: version };
        const quizId = crypto.randomUUID();
        await tx
          .insert(mcqQuiz)
          .values({ id: quizId, name: 'Quiz', topicId, questionCount: keys.length, ...scope });
        const questions = keys.map(() => crypto.randomUUID());
        if (keys.length)
          await tx.insert(mcqQuestion).values(
            keys.map((key, i) => ({
              id: questions[i]!,
              question: `Q${i}?`,
              option1: 'A',
              option2: 'B',
              option3: 'C',
              option4: 'D',
              correctOption: key,
              quizId,
              ...scope,
            })),
          );
        await uow.topicContentChanged([topicId]);
        return { quizId, questions };
      },
    };
    return work(w);
  });
}

/** Archives (or restores) a subject as the admin services do; returns the write's version. */
export async function archiveSubject(db: Database, subjectId: string, archived = true): Promise<number> {
  return withContentWrite({ db, events: null }, async (uow) => {
    await setArchivedSubtree(
      uow,
      'subjects',
      subjectId,
      archived ? { archived: true, archivedBy: null } : { archived: false },
    );
    return uow.version;
  });
}

export async function archiveModule(db: Database, moduleId: string): Promise<number> {
  return withContentWrite({ db, events: null }, async (uow) => {
    await setArchivedSubtree(uow, 'modules', moduleId, { archived: true, archivedBy: null });
    return uow.version;
  });
}

export async function grant(
  db: Database,
  userId: string,
  moduleId: string,
  generationId: string,
): Promise<void> {
  await db.insert(purchasedModule).values({ userId, moduleId, generationId });
}

export const countRows = async (db: Database, table: string, where = sql`true`): Promise<number> => {
  const res = await db.execute<{ n: string }>(
    sql`select count(*) as n from ${sql.identifier(table)} where ${where}`,
  );
  return Number(res.rows[0]?.n ?? 0);
};

export type PullQuery = { cursor?: string; visibleSet?: string; limit?: number };

export async function pullPage(
  app: FastifyInstance,
  cookie: string,
  q: PullQuery = {},
): Promise<ContentPullResponse> {
  const params = new URLSearchParams();
  if (q.cursor) params.set('cursor', q.cursor);
  if (q.visibleSet) params.set('visibleSet', q.visibleSet);
  if (q.limit) params.set('limit', String(q.limit));
  const res = await app.inject({ method: 'GET', url: `/api/sync/content?${params}`, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`pull failed: ${res.statusCode} ${res.body}`);
  return res.json() as ContentPullResponse;
}

/** A client's local copy: applies pages (rows upsert, deleted remove) and advances the cursor after applying. */
export class LocalStore {
  modules = new Map<string, unknown>();
  subjects = new Map<string, unknown>();
  topics = new Map<string, unknown>();
  cursor = '';
  visibleSet: string | undefined;
  pages = 0;
  /** Every id ever received as a row, with how many times. */
  received = new Map<string, number>();

  apply(page: ContentPullResponse): void {
    if (page.reset) {
      this.modules.clear();
      this.subjects.clear();
      this.topics.clear();
      this.cursor = '';
      this.visibleSet = page.visibleSet;
      return;
    }
    for (const [name, rows] of [
      ['modules', page.modules],
      ['subjects', page.subjects],
      ['topics', page.topics],
    ] as const) {
      for (const r of rows) {
        this[name].set(r.id, r);
        this.received.set(r.id, (this.received.get(r.id) ?? 0) + 1);
      }
      for (const id of page.deleted[name]) this[name].delete(id);
    }
    this.cursor = page.cursor;
    this.visibleSet = page.visibleSet;
    this.pages++;
  }

  async sync(app: FastifyInstance, cookie: string, limit?: number): Promise<void> {
    for (let guard = 0; guard < 1000; guard++) {
      const page = await pullPage(app, cookie, { cursor: this.cursor, visibleSet: this.visibleSet, limit });
      this.apply(page);
      if (!page.hasMore) return;
    }
    throw new Error('sync did not finish');
  }
}

/** A flashcard review op for progress-upload tests; the due date follows from reviewedAt + interval. */
export const reviewOp = (
  itemId: string,
  reviewedAt: number,
  interval: number,
  over: { rating?: number | null; isSuspended?: boolean } = {},
): ProgressOp => ({
  opId: `op-${crypto.randomUUID()}`,
  kind: 'upsert',
  rating: over.rating === undefined ? 3 : over.rating,
  record: {
    itemId,
    type: 'flashcard',
    cardId: itemId,
    questionId: null,
    subjectId: 'subject-1',
    deckId: 'deck-1',
    easeFactor: 2.5,
    interval,
    dueDate: reviewedAt + interval * 1000,
    isSuspended: over.isSuspended ?? false,
    reviewedAt,
  },
});

/** An MCQ answer op (option 1–5; null: a suspend) for progress-upload tests, its record overridable. */
export const answerOp = (
  questionId: string,
  option: number | null,
  at: number,
  record: Partial<ProgressRecordDto> = {},
): ProgressOp => ({
  opId: `op-${crypto.randomUUID()}`,
  kind: 'upsert',
  rating: option,
  record: {
    itemId: questionId,
    type: 'mcq',
    cardId: null,
    questionId,
    subjectId: 'subject',
    deckId: null,
    easeFactor: 2.5,
    interval: 0,
    dueDate: at,
    isSuspended: false,
    reviewedAt: at,
    ...record,
  },
});

/** A question-bank block (issue 19) started at `at` with one question (random ids unless given). */
export function qbankBlock(
  at: number,
  question: Partial<QbankBlockDto['questions'][number]> = {},
  over: Partial<QbankBlockDto> = {},
): QbankBlockDto {
  return {
    id: crypto.randomUUID(),
    mode: 'tutor',
    secondsPerQuestion: 90,
    startedAt: at,
    endedAt: null,
    current: 0,
    shownAt: at,
    questions: [
      {
        questionId: crypto.randomUUID(),
        subjectId: 's',
        topicId: 't',
        order: [1, 2, 3],
        answer: null,
        checked: false,
        flagged: false,
        struck: [],
        timeMs: 0,
        ...question,
      },
    ],
    updatedAt: at,
    ...over,
  };
}

/**
 * An SM-2 flashcard review as the web records it (issue 18 review detail): scheduled from `prior`, with
 * `prior` as the state before (null: a new card). `after` is the state it leaves.
 */
export function loggedReviewOp(
  cardId: string,
  prior: CardState | null,
  rating: Rating,
  at: number,
): { op: ProgressOp; after: CardState } {
  const after = scheduleReview({ scheduler: 'sm2' }, prior ?? newCardState(), rating, new Date(at), cardId);
  const op: ProgressOp = {
    opId: `op-${crypto.randomUUID()}`,
    kind: 'upsert',
    rating: RATINGS.indexOf(rating) + 1,
    record: {
      itemId: cardId,
      type: 'flashcard',
      cardId,
      questionId: null,
      subjectId: 'subject-1',
      deckId: 'deck-1',
      isSuspended: false,
      reviewedAt: at,
      ...toCardStateDto(after),
    },
    review: {
      scheduler: { scheduler: 'sm2' },
      before: prior ? toCardStateDto(prior) : null,
      elapsedMs: null,
      durationMs: 3000,
    },
  };
  return { op, after };
}

/** Uploads progress ops as the device `deviceId` of the signed-in `cookie`; the upload must succeed. */
export async function pushProgress(
  app: FastifyInstance,
  cookie: string,
  deviceId: string,
  ops: ProgressOp[],
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sync/progress',
    headers: { cookie },
    payload: { deviceId, ops },
  });
  // No vitest here: the sync-model bench imports these fixtures outside the test runner.
  if (res.statusCode !== 200) throw new Error(`progress upload answered ${res.statusCode}: ${res.body}`);
}
