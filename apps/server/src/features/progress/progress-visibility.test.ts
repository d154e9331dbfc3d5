// Issue 38 "answers cross colleges": the progress upload applies only ops on content the caller may
// see. An answer, review, block, deck reset, delete or undo naming another college's content (or, for
// a student, archived or not granted content) is refused alone — 'not visible', set aside by the
// device — and nothing of it is logged, stored or counted in first answers, peer totals or item
// statistics; the caller's own ops in the same upload apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Actor, ProgressOp, QbankBlockDto, Role } from '@zan/core';
import { DEFAULT_PROGRESS_LIMITS } from '../../config.ts';
import { createTestApp } from '../../../test/harness.ts';
import { createCollege, createUser, signIn } from '../../../test/helpers.ts';
import {
  answerOp,
  archiveSubject,
  countRows,
  qbankBlock,
  reviewOp,
  write,
} from '../../../test/sync-fixtures.ts';
import { progressService } from './progress-service.ts';

type T = Awaited<ReturnType<typeof createTestApp>>;
type Scope = { collegeId: string; yearGroup: string };
const T0 = Date.UTC(2026, 1, 2, 9, 0, 0);
const opId = () => `op-${crypto.randomUUID()}`;

/** A module › subject › topic of the scope with a deck of two cards and a quiz of two questions. */
async function contentOf(t: T, scope: Scope, o: { isFree?: boolean } = {}) {
  return write(t.db, async (w) => {
    const moduleId = await w.module({ ...scope, ...o });
    const subjectId = await w.subject(moduleId);
    const topicId = await w.topic(subjectId);
    const deckId = await w.deck(topicId, 2);
    const { quizId, questions } = await w.quiz(topicId, [1, 2]);
    const cards = await w.tx.execute<{ id: string }>(
      sql`select id from card where deck_id = ${deckId} order by id`,
    );
    return { moduleId, subjectId, topicId, deckId, quizId, questions, cards: cards.rows.map((r) => r.id) };
  });
}
type Content = Awaited<ReturnType<typeof contentOf>>;

async function actorOf(t: T, role: Role, scope: Scope | null): Promise<Actor & { email: string }> {
  const admin =
    role === 'admin' && scope ? { adminCollegeId: scope.collegeId, adminYearGroup: scope.yearGroup } : {};
  const u = await createUser(t.db, { role, ...(role === 'user' ? scope : {}), ...admin });
  return {
    id: u.id,
    email: u.email,
    role,
    emailVerified: true,
    collegeId: scope?.collegeId ?? null,
    yearGroup: scope?.yearGroup ?? null,
    adminCollegeId: role === 'admin' ? (scope?.collegeId ?? null) : null,
    adminYearGroup: role === 'admin' ? (scope?.yearGroup ?? null) : null,
  };
}

const answer = (c: Content, i: number, option: number, over: { questionId?: string } = {}): ProgressOp =>
  answerOp(c.questions[i]!, option, T0, { subjectId: c.subjectId, ...over });
const review = (c: Content, i: number, over: { subjectId?: string } = {}): ProgressOp => {
  const op = reviewOp(c.cards[i]!, T0, 600);
  if (op.kind !== 'upsert') throw new Error('a review is an upsert');
  return { ...op, record: { ...op.record, deckId: c.deckId, subjectId: over.subjectId ?? c.subjectId } };
};
const block = (c: Content, i: number): QbankBlockDto =>
  qbankBlock(T0, { questionId: c.questions[i]!, subjectId: c.subjectId, topicId: c.topicId });
const blockOp = (b: QbankBlockDto): ProgressOp => ({ opId: opId(), kind: 'block', block: b });

describe('progress ops on content the caller may not see', () => {
  let t: T;
  let service: ReturnType<typeof progressService>;
  let a: Scope;
  let b: Scope;
  let mine: Content;
  let theirs: Content;
  beforeAll(async () => {
    t = await createTestApp();
    service = progressService({ db: t.db, notify: async () => undefined, limits: DEFAULT_PROGRESS_LIMITS });
    a = { collegeId: (await createCollege(t.db, { years: ['Y1', 'Y2'] })).id, yearGroup: 'Y1' };
    b = { collegeId: (await createCollege(t.db, { years: ['Y1'] })).id, yearGroup: 'Y1' };
    mine = await contentOf(t, a);
    theirs = await contentOf(t, b);
  });
  afterAll(async () => t.close());

  it("refuses a student's ops naming another college's question, card, deck and block; their own apply", async () => {
    const s = await actorOf(t, 'user', a);
    const { cookie } = await signIn(t.app, s.email, 'password-123');
    const own = [
      { opId: opId(), kind: 'import', at: T0 - 60_000 } satisfies ProgressOp,
      answer(mine, 0, 1),
      review(mine, 0),
    ];
    const foreign: [ProgressOp, string][] = [
      [answer(theirs, 0, 4), 'record.itemId'],
      [review(theirs, 0), 'record.itemId'],
      [blockOp(block(theirs, 0)), 'block.questions.0.questionId'],
      [{ opId: opId(), kind: 'resetDeck', deckId: theirs.deckId, at: T0 }, 'deckId'],
      [{ opId: opId(), kind: 'delete', itemId: theirs.cards[1]!, at: T0 }, 'itemId'],
      [{ opId: opId(), kind: 'undo', reviewOpId: opId(), itemId: theirs.cards[0]!, at: T0 }, 'itemId'],
      // Visible items that name another college's content elsewhere in the op.
      [review(mine, 1, { subjectId: theirs.subjectId }), 'record.subjectId'],
      [answer(mine, 1, 2, { questionId: theirs.questions[1]! }), 'record.questionId'],
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/progress',
      headers: { cookie },
      payload: { deviceId: 'device-a', ops: [...own, ...foreign.map(([op]) => op)] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ accepted: string[]; rejected: { opId: string; reason: string }[] }>();
    expect(body.accepted).toEqual(own.map((op) => op.opId));
    expect(body.rejected).toEqual(
      foreign.map(([op, where]) => ({ opId: op.opId, reason: `not visible: ${where}` })),
    );

    // Nothing of the refused ops was logged, stored or counted.
    const logged = await t.db.execute<{ item_id: string }>(
      sql`select item_id from review_log where user_id = ${s.id} order by item_id`,
    );
    expect(logged.rows.map((r) => r.item_id)).toEqual([mine.cards[0], mine.questions[0]].sort());
    const records = await t.db.execute<{ item_id: string }>(
      sql`select item_id from progress_record where user_id = ${s.id} and not deleted order by item_id`,
    );
    expect(records.rows.map((r) => r.item_id)).toEqual([mine.cards[0], mine.questions[0]].sort());
    expect(await countRows(t.db, 'qbank_block', sql`user_id = ${s.id}`)).toBe(0);
    expect(await countRows(t.db, 'progress_reset', sql`user_id = ${s.id} and scope <> 'all'`)).toBe(0);
    expect(await countRows(t.db, 'progress_op', sql`user_id = ${s.id}`)).toBe(own.length);
    expect(await countRows(t.db, 'question_first_answer', sql`user_id = ${s.id}`)).toBe(1);
    for (const q of theirs.questions) {
      expect(await countRows(t.db, 'question_first_answer', sql`question_id = ${q}`)).toBe(0);
      expect(await countRows(t.db, 'question_answer_totals', sql`question_id = ${q}`)).toBe(0);
    }
  });

  it("20 students of another college leave a question's peer totals and item statistics as they were", async () => {
    const owner = await actorOf(t, 'user', b);
    await service.push(owner, { deviceId: 'd', ops: [answer(theirs, 1, 2)] });
    const others = await Promise.all(Array.from({ length: 20 }, () => actorOf(t, 'user', a)));
    for (const s of others) {
      const res = await service.push(s, { deviceId: 'd', ops: [answer(theirs, 1, 4), answer(mine, 1, 4)] });
      expect(res.rejected.map((r) => r.reason)).toEqual(['not visible: record.itemId']);
      expect(res.accepted).toHaveLength(1);
    }
    const totals = await t.db.execute<{ students: number; options: number[] }>(
      sql`select students, options from question_answer_totals where question_id = ${theirs.questions[1]}`,
    );
    expect(totals.rows).toEqual([{ students: 1, options: [0, 1, 0, 0, 0] }]);
    const admin = await actorOf(t, 'admin', b);
    const { cookie } = await signIn(t.app, admin.email, 'password-123');
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/admin/quizzes/${theirs.quizId}/item-stats`,
      headers: { cookie },
    });
    expect(stats.statusCode, stats.body).toBe(200);
    const items = stats.json<{ items: { questionId: string; answers: number }[] }>().items;
    expect(items.find((i) => i.questionId === theirs.questions[1])?.answers).toBe(1);
  });

  it("a student's ops on archived or not granted content are refused; a retried op and a started block still go", async () => {
    const s = await actorOf(t, 'user', a);
    const later = await contentOf(t, a);
    const paid = await contentOf(t, a, { isFree: false });
    const started = block(later, 0);
    const applied = answer(later, 0, 1);
    await service.push(s, { deviceId: 'd', ops: [applied, blockOp(started)] });
    await archiveSubject(t.db, later.subjectId);

    const ops = [
      applied, // a retried upload of an op applied before the archive: accepted again, applied once
      answer(later, 1, 2),
      review(later, 0),
      blockOp({ ...started, current: 0, updatedAt: T0 + 1000 }), // the block it started goes on
      blockOp(block(later, 1)), // a new block of an archived question
      answer(paid, 0, 1),
      // An id that names no content (deleted since): nothing counts it, as before.
      answer({ ...mine, questions: [crypto.randomUUID()] }, 0, 1),
    ];
    const res = await service.push(s, { deviceId: 'd', ops });
    const refused = [ops[1]!, ops[2]!, ops[4]!, ops[5]!].map((op) => op.opId);
    expect(res.rejected.map((r) => r.opId)).toEqual(refused);
    expect(res.accepted).toEqual(ops.map((op) => op.opId).filter((id) => !refused.includes(id)));
    expect(await countRows(t.db, 'review_log', sql`user_id = ${s.id}`)).toBe(2);
    expect((await service.pull(s, {})).blocks).toEqual([{ ...started, updatedAt: T0 + 1000 }]);
  });

  it('admins see their scope (archived too), superadmins everything; other admins are refused', async () => {
    const archived = await contentOf(t, a);
    await archiveSubject(t.db, archived.subjectId);
    const admin = await actorOf(t, 'admin', a);
    const otherYear = await actorOf(t, 'admin', { ...a, yearGroup: 'Y2' });
    const superadmin = await actorOf(t, 'superadmin', null);
    const push = (actor: Actor) =>
      service.push(actor, { deviceId: 'd', ops: [answer(archived, 0, 1), review(theirs, 1)] });
    expect((await push(admin)).rejected.map((r) => r.reason)).toEqual(['not visible: record.itemId']);
    expect((await push(otherYear)).rejected.map((r) => r.reason)).toEqual([
      'not visible: record.itemId',
      'not visible: record.itemId',
    ]);
    expect((await push(superadmin)).rejected).toEqual([]);
  });
});
