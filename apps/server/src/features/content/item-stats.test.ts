// Item statistics (issue 19): rest scores over the quiz's other questions, discrimination, the
// mis-keyed mark, and GET /api/admin/quizzes/:id/item-stats (admins of the quiz's scope; nothing
// identifies a student).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ItemStatsResponse } from '@zan/core';
import { mcqQuestion, mcqQuiz, user } from '../../db/schema/index.ts';
import { withContentWrite } from '../../domain/content-write.ts';
import { createTestApp } from '../../../test/harness.ts';
import { adminWithTopic } from '../../../test/helpers.ts';
import { quizItemStats } from './item-stats-service.ts';
import type { FirstAnswerRow } from './item-stats-repository.ts';

/** 20 students: strong ones (s0–s9) answer every question right, weak ones (s10–s19) wrong. */
function strongAndWeak(questions: string[], keys: number[], wrong: number): FirstAnswerRow[] {
  return Array.from({ length: 20 }, (_, i) => `s${i}`).flatMap((userId, i) =>
    questions.map((questionId, q) => ({ questionId, userId, option: i < 10 ? keys[q]! : wrong })),
  );
}

describe('quizItemStats', () => {
  it('a question strong students get right and weak ones wrong discriminates fully', () => {
    const qs = ['q1', 'q2', 'q3'];
    const [first] = quizItemStats(
      qs.map((id) => ({ id, correctOption: 1 })),
      strongAndWeak(qs, [1, 1, 1], 2),
    );
    expect(first).toEqual({
      questionId: 'q1',
      answers: 20,
      percentCorrect: 50,
      optionCounts: [10, 10, 0, 0, 0],
      discrimination: 1,
      possiblyMiskeyed: false,
    });
  });

  it('marks a question whose wrong option draws more students than the key; its discrimination turns negative', () => {
    // q3's key says 1, but the strong students all chose 3 (the true answer): mis-keyed.
    const qs = ['q1', 'q2', 'q3'];
    const answers = strongAndWeak(qs, [1, 1, 3], 2).map((a) =>
      a.questionId === 'q3' && a.option === 2 ? { ...a, option: 1 } : a,
    );
    const items = quizItemStats(
      qs.map((id) => ({ id, correctOption: 1 })),
      answers,
    );
    expect(items[2]).toMatchObject({ optionCounts: [10, 0, 10, 0, 0], possiblyMiskeyed: false });
    const skewed = answers.filter((a) => !(a.questionId === 'q3' && a.userId === 's19'));
    const q3 = quizItemStats(
      qs.map((id) => ({ id, correctOption: 1 })),
      skewed,
    )[2]!;
    expect(q3.possiblyMiskeyed).toBe(true);
    expect(q3.optionCounts).toEqual([9, 0, 10, 0, 0]);
    expect(q3.discrimination).toBe(-1);
  });

  it('a student with no other answers counts in the answers but not in the discrimination', () => {
    const answers: FirstAnswerRow[] = Array.from({ length: 12 }, (_, i) => ({
      questionId: 'q1',
      userId: `alone${i}`,
      option: 1,
    }));
    const [only] = quizItemStats([{ id: 'q1', correctOption: 1 }], answers);
    expect(only).toMatchObject({ answers: 12, percentCorrect: 100, discrimination: null });
  });
});

describe('GET /api/admin/quizzes/:id/item-stats', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers each question's statistics, with no student in it", async () => {
    const { cookie, topicId, collegeId } = await adminWithTopic(t.app, t.db);
    const scope = { collegeId, yearGroup: 'Y1' };
    const { quizId, questions } = await withContentWrite({ db: t.db, events: null }, async ({ tx }) => {
      const [q] = await tx
        .insert(mcqQuiz)
        .values({ name: 'Quiz', topicId, questionCount: 2, ...scope })
        .returning({ id: mcqQuiz.id });
      const ids: string[] = [];
      for (const key of [1, 2]) {
        const [row] = await tx
          .insert(mcqQuestion)
          .values({ question: 'Q', option1: 'A', option2: 'B', correctOption: key, quizId: q!.id, ...scope })
          .returning({ id: mcqQuestion.id });
        ids.push(row!.id);
      }
      return { quizId: q!.id, questions: ids };
    });
    const students = Array.from({ length: 3 }, () => crypto.randomUUID());
    await t.db
      .insert(user)
      .values(
        students.map((id) => ({ id, name: 'S', email: `${id}@test.zan`, emailVerified: true, ...scope })),
      );
    for (const [i, id] of students.entries())
      await t.db
        .execute(sql`insert into question_first_answer (question_id, user_id, option, correct, version)
        values (${questions[0]!}, ${id}, ${i === 0 ? 1 : 2}, ${i === 0}, 1)`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/quizzes/${quizId}/item-stats`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ItemStatsResponse;
    expect(body.quizId).toBe(quizId);
    // Questions written in one transaction share their creation time: compared in id order.
    const byId = (a: { questionId: string }, b: { questionId: string }) =>
      a.questionId.localeCompare(b.questionId);
    expect([...body.items].sort(byId)).toEqual(
      [
        {
          questionId: questions[0]!,
          answers: 3,
          percentCorrect: 33,
          optionCounts: [1, 2, 0, 0, 0],
          discrimination: null,
          possiblyMiskeyed: true,
        },
        {
          questionId: questions[1]!,
          answers: 0,
          percentCorrect: 0,
          optionCounts: [0, 0, 0, 0, 0],
          discrimination: null,
          possiblyMiskeyed: false,
        },
      ].sort(byId),
    );
    for (const id of students) expect(res.body).not.toContain(id);
  });
});
