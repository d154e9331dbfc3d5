// POST /api/sync/question-stats (issue 19): the peer totals of the questions of the caller's visible
// topics, only for questions at least QBANK.peerMinStudents students answered. The answers are stored as
// the progress upload stores them (domain/first-answers-repository.ts; the upload itself:
// features/progress/qbank-upload.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QBANK, type QuestionStatsResponse } from '@zan/core';
import { user } from '../../db/schema/index.ts';
import { firstAnswersRepository as answers } from '../../domain/first-answers-repository.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';
import { write } from '../../../test/sync-fixtures.ts';

type Scope = { collegeId: string; yearGroup: string };

describe('POST /api/sync/question-stats', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A topic with one quiz of `keys.length` questions (key = correct option); returns their ids. */
  const quizIn = (scope: Scope, keys: number[]) =>
    write(t.db, async (w) => {
      const topicId = await w.topic(await w.subject(await w.module(scope)));
      return { topicId, ...(await w.quiz(topicId, keys)) };
    });

  /** A student (a user row, no sign-in) whose first answers are stored and added to the totals. */
  async function answered(scope: Scope, list: { questionId: string; option: number }[]) {
    const id = crypto.randomUUID();
    await t.db.insert(user).values({ id, name: 'S', email: `${id}@test.zan`, emailVerified: true, ...scope });
    await t.db.transaction(async (tx) => {
      await answers.insertFirsts(tx, id, list, 1);
      await answers.addToTotals(tx, id, 1);
    });
  }

  it('answers the totals of visible topics only, for questions of at least 20 students', async () => {
    const c1 = await createCollege(t.db, { years: ['Y1'] });
    const c2 = await createCollege(t.db, { years: ['Y1'] });
    const scope = { collegeId: c1.id, yearGroup: 'Y1' };
    const mine = await quizIn(scope, [1, 2]);
    const theirs = await quizIn({ collegeId: c2.id, yearGroup: 'Y1' }, [1]);
    const [enough, few] = mine.questions as [string, string];
    for (let i = 0; i < QBANK.peerMinStudents; i++) {
      const list = [
        { questionId: enough, option: i < 15 ? 1 : 3 },
        { questionId: theirs.questions[0]!, option: 1 },
      ];
      if (i > 0) list.push({ questionId: few, option: 2 }); // 19 students
      await answered(scope, list);
    }
    const u = await signedInUser(t.app, t.db, { collegeId: scope.collegeId, yearGroup: 'Y1' });
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/question-stats',
      headers: { cookie: u.cookie },
      payload: { topicIds: [mine.topicId, theirs.topicId, 'no-such-topic'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as QuestionStatsResponse;
    expect(body.computedAt).toBeGreaterThanOrEqual(before);
    expect(body.stats).toEqual([
      {
        questionId: enough,
        topicId: mine.topicId,
        students: 20,
        correct: 15,
        options: [15, 0, 5, 0, 0],
        computedAt: body.computedAt,
      },
    ]);
  });
});
