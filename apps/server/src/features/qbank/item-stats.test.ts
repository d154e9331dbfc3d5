// Item statistics (issues 19, 38): rest scores over the quiz's other questions, discrimination, the
// mis-keyed mark, and GET /api/admin/quizzes/:id/item-stats (admins of the quiz's scope; nothing
// identifies a student) — counted in SQL, so a 10,000-question quiz costs the event loop one row per question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { itemStatistics, type ItemResponse, type ItemStatsDto, type ItemStatsResponse } from '@zan/core';
import { mcqQuestion } from '../../db/schema/index.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { createTestApp } from '../../../test/harness.ts';
import { adminWithTopic } from '../../../test/helpers.ts';

type Answer = { question: number; student: number; option: number };

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof adminWithTopic>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminWithTopic(t.app, t.db);
});
afterAll(async () => t.close());

let quizzes = 0;

/**
 * A quiz with questions of these keys (in the editor's order), `students` students, and their first
 * answers. Student ids are zero-padded, so their order is the same in JavaScript and in SQL.
 */
async function seedQuiz(keys: readonly number[], students: number, answers: readonly Answer[]) {
  const n = ++quizzes;
  const scope = { collegeId: admin.collegeId, yearGroup: 'Y1' };
  const { quizId, questionIds } = await withContentWrite({ db: t.db, events: null }, async ({ tx }) => {
    const quiz = await tx.execute<{ id: string }>(sql`
      insert into mcq_quiz (id, name, topic_id, question_count, college_id, year_group)
      values (gen_random_uuid()::text, 'Quiz', ${admin.topicId}, ${keys.length}, ${scope.collegeId}, 'Y1')
      returning id`);
    const id = quiz.rows[0]!.id;
    // Created a millisecond apart: the editor's order is the keys' order.
    await tx.execute(sql`
      insert into mcq_question (id, question, option1, option2, option3, option4, option5, correct_option,
        quiz_id, college_id, year_group, created_at)
      select gen_random_uuid()::text, 'Q' || k.i, 'A', 'B', 'C', 'D', 'E', k.key::int, ${id}, ${scope.collegeId},
        'Y1', timestamptz '2025-01-01' + k.i * interval '1 millisecond'
      from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) with ordinality as k(key, i)`);
    const rows = await tx
      .select({ id: mcqQuestion.id })
      .from(mcqQuestion)
      .where(sql`${mcqQuestion.quizId} = ${id}`)
      .orderBy(mcqQuestion.createdAt);
    return { quizId: id, questionIds: rows.map((r) => r.id) };
  });
  const userId = (s: number) => `q${n}-student-${String(s).padStart(6, '0')}`;
  await t.db.execute(sql`
    insert into "user" (id, name, email, email_verified, college_id, year_group)
    select 'q' || ${n} || '-student-' || lpad(s::text, 6, '0'), 'S', 'q' || ${n} || '-s' || s || '@test.zan',
      true, ${scope.collegeId}, 'Y1'
    from generate_series(0, ${students - 1}) s`);
  const rows = answers.map((a) => ({ q: questionIds[a.question]!, u: userId(a.student), o: a.option }));
  await t.db.execute(sql`
    insert into question_first_answer (question_id, user_id, option, correct, version)
    select x.q, x.u, x.o, false, 1 from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(q text, u text, o int)`);
  return { quizId, questionIds, userId };
}

/** The item statistics route, counting the rows the database sent back to the server meanwhile. */
async function itemStats(
  quizId: string,
): Promise<{ body: ItemStatsResponse; rowsRead: number; raw: string }> {
  const query = t.pool.query.bind(t.pool) as (...args: unknown[]) => Promise<{ rows?: unknown[] }>;
  let rowsRead = 0;
  t.pool.query = (async (...args: unknown[]) => {
    const res = await query(...args);
    rowsRead += res.rows?.length ?? 0;
    return res;
  }) as typeof t.pool.query;
  try {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/quizzes/${quizId}/item-stats`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json() as ItemStatsResponse, rowsRead, raw: res.body };
  } finally {
    t.pool.query = query as typeof t.pool.query;
  }
}

/**
 * What the figures mean, from each answer (the definition, linear here): a student's rest score is their
 * proportion correct over the quiz's OTHER questions they answered; a student who answered no other
 * question counts in the answers, % correct and options, but is not ranked (tied rest scores keep the
 * students' id order).
 */
function expected(keys: readonly number[], answers: readonly Answer[]): Omit<ItemStatsDto, 'questionId'>[] {
  const sorted = [...answers].sort((a, b) => a.student - b.student);
  const byStudent = new Map<number, { answered: number; correct: number }>();
  for (const a of sorted) {
    const s = byStudent.get(a.student) ?? { answered: 0, correct: 0 };
    s.answered++;
    if (keys[a.question] === a.option) s.correct++;
    byStudent.set(a.student, s);
  }
  const all = keys.map(() => [] as ItemResponse[]);
  const ranked = keys.map(() => [] as ItemResponse[]);
  for (const a of sorted) {
    const s = byStudent.get(a.student)!;
    const own = keys[a.question] === a.option ? 1 : 0;
    const response = {
      option: a.option,
      restScore: s.answered > 1 ? (s.correct - own) / (s.answered - 1) : 0,
    };
    all[a.question]!.push(response);
    if (s.answered > 1) ranked[a.question]!.push(response);
  }
  return keys.map((key, q) => {
    const stats = itemStatistics(all[q]!, key);
    return {
      answers: stats.answers,
      percentCorrect: stats.percentCorrect,
      optionCounts: [...stats.optionCounts],
      discrimination: itemStatistics(ranked[q]!, key).discrimination,
      possiblyMiskeyed: stats.possiblyMiskeyed,
    };
  });
}

/** 20 students: strong ones (0–9) answer every question right, weak ones (10–19) with `wrong`. */
function strongAndWeak(keys: readonly number[], wrong: number): Answer[] {
  return Array.from({ length: 20 }, (_, student) =>
    keys.map((key, question) => ({ question, student, option: student < 10 ? key : wrong })),
  ).flat();
}

describe('item statistics', () => {
  it('a question strong students get right and weak ones wrong discriminates fully', async () => {
    const { quizId } = await seedQuiz([1, 1, 1], 20, strongAndWeak([1, 1, 1], 2));
    const { body } = await itemStats(quizId);
    expect(body.items[0]).toMatchObject({
      answers: 20,
      percentCorrect: 50,
      optionCounts: [10, 10, 0, 0, 0],
      discrimination: 1,
      possiblyMiskeyed: false,
    });
  });

  it('marks a question whose wrong option draws more students than the key; its discrimination turns negative', async () => {
    // q3's key says 1, but the strong students all chose 3 (the true answer), the weak ones 1; s19 left it.
    const answers = strongAndWeak([1, 1, 3], 2)
      .map((a) => (a.question === 2 && a.option === 2 ? { ...a, option: 1 } : a))
      .filter((a) => !(a.question === 2 && a.student === 19));
    const { quizId } = await seedQuiz([1, 1, 1], 20, answers);
    const q3 = (await itemStats(quizId)).body.items[2]!;
    expect(q3).toMatchObject({ optionCounts: [9, 0, 10, 0, 0], possiblyMiskeyed: true, discrimination: -1 });
  });

  it('a student with no other answers counts in the answers but not in the discrimination', async () => {
    const answers = Array.from({ length: 12 }, (_, student) => ({ question: 0, student, option: 1 }));
    const { quizId } = await seedQuiz([1], 12, answers);
    expect((await itemStats(quizId)).body.items[0]).toMatchObject({
      answers: 12,
      percentCorrect: 100,
      discrimination: null,
    });
  });

  it("answers each question's statistics, with no student in it", async () => {
    const { quizId, questionIds, userId } = await seedQuiz([1, 2], 3, [
      { question: 0, student: 0, option: 1 },
      { question: 0, student: 1, option: 2 },
      { question: 0, student: 2, option: 2 },
    ]);
    const { body, raw } = await itemStats(quizId);
    expect(body.quizId).toBe(quizId);
    expect(body.items).toEqual([
      {
        questionId: questionIds[0],
        answers: 3,
        percentCorrect: 33,
        optionCounts: [1, 2, 0, 0, 0],
        discrimination: null,
        possiblyMiskeyed: true,
      },
      {
        questionId: questionIds[1],
        answers: 0,
        percentCorrect: 0,
        optionCounts: [0, 0, 0, 0, 0],
        discrimination: null,
        possiblyMiskeyed: false,
      },
    ]);
    for (const s of [0, 1, 2]) expect(raw).not.toContain(userId(s));
  });

  it('a 10,000-question quiz with 30,000 answers: the right figures, and one row per question reaches the server', async () => {
    // 1,000 students of rising ability; each answers 20 questions spread over the quiz and 10 of the
    // first 100 (so those have ~100 answers each and a discrimination).
    let seed = 38;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const keys = Array.from({ length: 10_000 }, (_, i) => 1 + (i % 5));
    const answers: Answer[] = [];
    for (let student = 0; student < 1000; student++) {
      const ability = 0.2 + (0.7 * student) / 1000;
      const questions = new Set<number>();
      while (questions.size < 10) questions.add(Math.floor(random() * 100));
      while (questions.size < 30) questions.add(100 + Math.floor(random() * 9_900));
      for (const question of questions) {
        const key = keys[question]!;
        const option = random() < ability ? key : 1 + ((key + Math.floor(random() * 4)) % 5);
        answers.push({ question, student, option });
      }
    }
    const { quizId, questionIds } = await seedQuiz(keys, 1000, answers);
    const { body, rowsRead } = await itemStats(quizId);
    const want = expected(keys, answers);
    expect(body.items).toHaveLength(10_000);
    expect(body.items.map(({ questionId, ...figures }) => ({ questionId, ...figures }))).toEqual(
      want.map((figures, q) => ({ questionId: questionIds[q], ...figures })),
    );
    expect(body.items.slice(0, 100).every((i) => i.discrimination !== null)).toBe(true);
    // The session, the quiz, its topic, and one row per question: no answer row comes to the server.
    expect(rowsRead).toBeLessThanOrEqual(10_000 + 20);
  });
});
