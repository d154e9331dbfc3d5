// Issue 19 on the server: question-bank blocks through the progress upload and pull (later copy wins,
// paging, the quota, an import leaves them), and first answers and their incremental per-question totals
// (students only, once each). The peer totals' route: features/qbank/question-stats.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  QBANK,
  type Actor,
  type ProgressOp,
  type ProgressPullResponse,
  type QbankBlockDto,
  type Role,
} from '@zan/core';
import { DEFAULT_PROGRESS_LIMITS } from '../../config.ts';
import { user } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, signedInUser } from '../../../test/helpers.ts';
import { answerOp as mcqAnswerOp, qbankBlock, write } from '../../../test/sync-fixtures.ts';
import { progressService } from './progress-service.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
const opId = () => `op-${crypto.randomUUID()}`;
const T0 = Date.UTC(2026, 0, 10, 9, 0, 0);

/** A user row without a password (services take the Actor directly: no sign-in needed). */
async function actorOf(db: Database, role: Role, scope: { collegeId: string; yearGroup: string }) {
  const id = crypto.randomUUID();
  const admin = role === 'user' ? {} : { adminCollegeId: scope.collegeId, adminYearGroup: scope.yearGroup };
  await db
    .insert(user)
    .values({ id, name: 'S', email: `${id}@test.zan`, emailVerified: true, role, ...scope, ...admin });
  return {
    id,
    role,
    emailVerified: true,
    collegeId: scope.collegeId,
    yearGroup: scope.yearGroup,
    adminCollegeId: role === 'user' ? null : scope.collegeId,
    adminYearGroup: role === 'user' ? null : scope.yearGroup,
  } satisfies Actor;
}

/** A topic with one quiz of `keys.length` questions (key = correct option); returns their ids. */
async function quizIn(db: Database, scope: { collegeId: string; yearGroup: string }, keys: number[]) {
  return write(db, async (w) => {
    const topicId = await w.topic(await w.subject(await w.module(scope)));
    return { topicId, ...(await w.quiz(topicId, keys)) };
  });
}

const answerOp = (questionId: string, option: number | null, at = T0) => mcqAnswerOp(questionId, option, at);
const block = (over: Partial<QbankBlockDto> = {}) => qbankBlock(T0, {}, over);
const blockOp = (b: QbankBlockDto): ProgressOp => ({ opId: opId(), kind: 'block', block: b });

describe('question bank on the server', () => {
  let t: T;
  let service: ReturnType<typeof progressService>;
  let scope: { collegeId: string; yearGroup: string };
  beforeAll(async () => {
    t = await createTestApp();
    service = progressService({ db: t.db, notify: async () => undefined, limits: DEFAULT_PROGRESS_LIMITS });
    const c = await createCollege(t.db, { years: ['Y1'] });
    scope = { collegeId: c.id, yearGroup: 'Y1' };
  });
  afterAll(async () => t.close());

  const push = (actor: Actor, ops: ProgressOp[], deviceId = 'device-a') =>
    service.push(actor, { deviceId, ops });
  const totals = async (questionId: string) => {
    const res = await t.db.execute<{ students: number; correct: number; options: number[] }>(
      sql`select students, correct, options from question_answer_totals where question_id = ${questionId}`,
    );
    return res.rows[0] ?? null;
  };

  describe('blocks', () => {
    it('keeps the later copy (a tie: the later upload), and a device that sent an older one pulls the winner', async () => {
      const s = await actorOf(t.db, 'user', scope);
      const b1 = block({ updatedAt: T0 + 1000 });
      await push(s, [blockOp(b1)], 'device-a');
      const first = await service.pull(s, {});
      expect(first.blocks).toEqual([b1]);

      // Device B still had an older copy: it loses, and the stored one comes back to it.
      const older = { ...b1, current: 0, updatedAt: T0 };
      await push(s, [blockOp(older)], 'device-b');
      const afterOlder = await service.pull(s, { since: first.version });
      expect(afterOlder.blocks).toEqual([b1]);

      // A tie: the later upload wins.
      const tie = { ...b1, questions: [{ ...b1.questions[0]!, flagged: true }] };
      await push(s, [blockOp(tie)], 'device-b');
      expect((await service.pull(s, {})).blocks).toEqual([tie]);

      const later = { ...tie, endedAt: T0 + 2000, shownAt: null, updatedAt: T0 + 2000 };
      await push(s, [blockOp(later)], 'device-a');
      const all = await service.pull(s, {});
      expect(all.blocks).toEqual([later]);
      // Only the student's own blocks.
      const other = await actorOf(t.db, 'user', scope);
      expect((await service.pull(other, {})).blocks).toBeUndefined();
    });

    it('pages blocks by whole uploads, and a study data import leaves them', async () => {
      const s = await actorOf(t.db, 'user', scope);
      const blocks = [block(), block(), block()];
      for (const b of blocks) await push(s, [blockOp(b)]);
      await push(s, [{ opId: opId(), kind: 'import', at: T0 + 5000 }]);
      const page1 = await service.pull(s, { limit: 2 });
      expect(page1.blocks).toEqual(blocks.slice(0, 2));
      expect(page1.hasMore).toBe(true);
      const page2 = await service.pull(s, { since: page1.version, limit: 2 });
      expect(page2.blocks).toEqual(blocks.slice(2));
      expect(page2.hasMore).toBe(false);
    });

    it('a block past the quota is refused with the whole upload; a block already stored may change', async () => {
      const limited = progressService({
        db: t.db,
        notify: async () => undefined,
        limits: { ...DEFAULT_PROGRESS_LIMITS, maxBlocks: 2 },
      });
      const s = await actorOf(t.db, 'user', scope);
      const [a, b] = [block(), block()];
      await limited.push(s, { deviceId: 'd', ops: [blockOp(a), blockOp(b)] });
      await expect(limited.push(s, { deviceId: 'd', ops: [blockOp(block())] })).rejects.toMatchObject({
        statusCode: 403,
        code: 'PROGRESS_QUOTA_EXCEEDED',
      });
      const res = await limited.push(s, { deviceId: 'd', ops: [blockOp({ ...a, updatedAt: T0 + 1 })] });
      expect(res.accepted).toHaveLength(1);
    });

    it('a clock far ahead is clamped: its copy does not win forever', async () => {
      const s = await actorOf(t.db, 'user', scope);
      const b = block({ updatedAt: Date.now() + 10 * 86_400_000 });
      await push(s, [blockOp(b)]);
      const stored = (await service.pull(s, {})).blocks?.[0];
      expect(stored?.updatedAt).toBeLessThanOrEqual(Date.now());
      await push(s, [blockOp({ ...b, updatedAt: Date.now() + 1000 })]);
      expect((await service.pull(s, {})).blocks?.[0]?.updatedAt).toBeGreaterThan(stored!.updatedAt);
    });

    it('sends a 100-question block through the route within the body limit', async () => {
      const u = await signedInUser(t.app, t.db, { collegeId: scope.collegeId, yearGroup: 'Y1' });
      const big = block({
        questions: Array.from({ length: QBANK.maxQuestions }, () => ({
          questionId: crypto.randomUUID(),
          subjectId: crypto.randomUUID(),
          topicId: crypto.randomUUID(),
          order: [3, 1, 5, 2, 4],
          answer: 5,
          checked: true,
          flagged: true,
          struck: [1, 2],
          timeMs: 86_000_000,
        })),
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sync/progress',
        headers: { cookie: u.cookie },
        payload: { deviceId: 'device-big', ops: [blockOp(big)] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const pulled = await t.app.inject({
        method: 'GET',
        url: '/api/sync/progress',
        headers: { cookie: u.cookie },
      });
      expect((pulled.json() as ProgressPullResponse).blocks).toEqual([big]);
    });
  });

  describe('first answers and totals', () => {
    it("counts a student's first answer once, students only, and adds to the totals without a recount", async () => {
      const { questions } = await quizIn(t.db, scope, [2, 1]);
      const [q1, q2] = questions as [string, string];
      const s1 = await actorOf(t.db, 'user', scope);
      const s2 = await actorOf(t.db, 'user', scope);
      const admin = await actorOf(t.db, 'admin', scope);
      const superadmin = await actorOf(t.db, 'superadmin', scope);

      const first = answerOp(q1, 2);
      await push(s1, [first, answerOp(q1, 3, T0 + 1), answerOp(q2, 4)]);
      await push(s1, [first]); // a retried upload
      await push(s1, [answerOp(q1, 1, T0 + 2)]); // a later answer
      expect(await totals(q1)).toEqual({ students: 1, correct: 1, options: [0, 1, 0, 0, 0] });
      expect(await totals(q2)).toEqual({ students: 1, correct: 0, options: [0, 0, 0, 1, 0] });

      await push(admin, [answerOp(q1, 4)]);
      await push(superadmin, [answerOp(q1, 4)]);
      // A suspend (no rating) is no answer; a question that no longer exists is skipped.
      await push(s2, [answerOp(q1, null), answerOp(crypto.randomUUID(), 1)]);
      expect(await totals(q1)).toEqual({ students: 1, correct: 1, options: [0, 1, 0, 0, 0] });

      // Incremental: the totals grow from what they are (a recount would give 2 students).
      await t.db.execute(
        sql`update question_answer_totals set students = 100, correct = 50 where question_id = ${q1}`,
      );
      await push(s2, [answerOp(q1, 3)]);
      expect(await totals(q1)).toEqual({ students: 101, correct: 50, options: [0, 1, 1, 0, 0] });
      const rows = await t.db.execute<{ n: string }>(
        sql`select count(*) as n from question_first_answer where question_id = ${q1}`,
      );
      expect(Number(rows.rows[0]?.n)).toBe(2);
    });

    it('students answering the same questions in different orders at once all count (no deadlock)', async () => {
      const { questions } = await quizIn(t.db, scope, [1, 1, 1, 1, 1, 1]);
      const students = await Promise.all(Array.from({ length: 8 }, () => actorOf(t.db, 'user', scope)));
      await Promise.all(
        students.map((s, i) =>
          push(
            s,
            (i % 2 ? [...questions].reverse() : questions).map((q) => answerOp(q, 1)),
          ),
        ),
      );
      for (const q of questions) expect(await totals(q)).toMatchObject({ students: 8, correct: 8 });
    });
  });
});
