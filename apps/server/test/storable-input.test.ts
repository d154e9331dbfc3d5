// Issue 10, item 3: input that passes validation must be storable. NUL characters, integers beyond
// int4 and dates outside PostgreSQL's range are refused at validation (400, the spec's message where
// there is one), never a 500 from the database. Inside a progress upload each op is validated on its
// own (issue 9, case 9): a bad op is refused alone — listed in `rejected`, nothing of it written — so it
// never blocks the device's other ops; the envelope itself is refused with a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPOCH_MS_MAX, EPOCH_MS_MIN, MSG } from '@zan/core';
import { createTestApp } from './harness.ts';
import { createCollege, createUser, signedInUser, type TestCollege } from './helpers.ts';

const NUL = '\u0000';

describe('validation matches storage', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: string;
  let college: TestCollege;
  let targetId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedInUser(t.app, t.db, { role: 'superadmin' })).cookie;
    college = await createCollege(t.db, { years: ['Y1'] });
    targetId = (await createUser(t.db, { collegeId: college.id, yearGroup: 'Y1' })).id;
  });
  afterAll(async () => t.close());

  type Case = {
    name: string;
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    url: string | (() => string);
    payload?: unknown;
    message?: string;
    op?: true;
  };
  const record = (over: Record<string, unknown> = {}) => ({
    itemId: 'item-1',
    type: 'flashcard',
    cardId: 'item-1',
    questionId: null,
    subjectId: 's1',
    deckId: null,
    easeFactor: 2.5,
    interval: 600,
    dueDate: Date.now(),
    isSuspended: false,
    reviewedAt: Date.now(),
    ...over,
  });
  const upsert = (over: Record<string, unknown>) => ({
    deviceId: 'device-0001',
    ops: [{ opId: 'op-00000001', kind: 'upsert', rating: 3, record: record(over) }],
  });
  const session = (over: Record<string, unknown>) => ({
    deviceId: 'device-0001',
    ops: [
      {
        opId: 'op-00000002',
        kind: 'session',
        session: {
          id: crypto.randomUUID(),
          date: Date.now(),
          durationInSeconds: 60,
          subjectId: 's',
          subjectName: 'S',
          moduleId: 'm',
          moduleName: 'M',
          ...over,
        },
      },
    ],
  });

  const cases: Case[] = [
    {
      name: 'session status param',
      method: 'GET',
      url: '/api/session/status/abc%00def',
      message: MSG.textHasNul,
    },
    { name: 'topic sync param', method: 'GET', url: '/api/sync/topics/t%00', message: MSG.textHasNul },
    {
      name: 'topic versions',
      method: 'POST',
      url: '/api/sync/topics/versions',
      payload: { topicIds: [`a${NUL}`] },
      message: MSG.textHasNul,
    },
    { name: 'content cursor', method: 'GET', url: '/api/sync/content?cursor=%00', message: MSG.textHasNul },
    {
      name: 'announcement cursor',
      method: 'GET',
      url: '/api/sync/announcements?visibleSet=%00',
      message: MSG.textHasNul,
    },
    {
      name: 'reset token',
      method: 'POST',
      url: '/api/session/reset-password',
      payload: { token: `tok${NUL}en`, newPassword: 'long-enough' },
      message: MSG.textHasNul,
    },
    {
      name: 'forgot email',
      method: 'POST',
      url: '/api/session/forgot-password',
      payload: { email: `a${NUL}@test.zan` },
    },
    {
      name: 'sign-in password',
      method: 'POST',
      url: '/api/session/sign-in',
      payload: { email: 'a@test.zan', password: `pw${NUL}` },
      message: MSG.textHasNul,
    },
    {
      name: 'sign-up names',
      method: 'POST',
      url: '/api/session/sign-up',
      payload: {
        email: 'n@test.zan',
        password: 'long-enough',
        firstName: `A${NUL}`,
        lastName: 'B',
        collegeId: 'c',
        yearGroup: 'Y1',
      },
      message: MSG.textHasNul,
    },
    {
      name: 'sign-up college id',
      method: 'POST',
      url: '/api/session/sign-up',
      payload: {
        email: 'n@test.zan',
        password: 'long-enough',
        firstName: 'A',
        lastName: 'B',
        collegeId: `c${NUL}`,
        yearGroup: 'Y1',
      },
    },
    {
      name: 'college name',
      method: 'POST',
      url: '/api/colleges',
      payload: { name: `College${NUL}`, years: [] },
      message: MSG.textHasNul,
    },
    {
      name: 'college year',
      method: 'PATCH',
      url: () => `/api/colleges/${college.id}`,
      payload: { years: [`Y${NUL}`] },
      message: MSG.textHasNul,
    },
    {
      name: 'college id param',
      method: 'PATCH',
      url: '/api/colleges/x%00',
      payload: { name: 'x' },
      message: MSG.textHasNul,
    },
    {
      name: 'college delete confirmation',
      method: 'DELETE',
      url: () => `/api/colleges/${college.id}`,
      payload: { confirmName: `x${NUL}` },
      message: MSG.textHasNul,
    },
    {
      name: 'lecture title (issue 17)',
      method: 'POST',
      url: '/api/admin/pages',
      payload: { topicId: 'some-topic', title: `Title${NUL}`, htmlBody: '<p>x</p>' },
      message: MSG.textHasNul,
    },
    {
      name: 'lecture topicId (issue 17)',
      method: 'POST',
      url: '/api/admin/pages',
      payload: { topicId: `t${NUL}`, title: 'Title', htmlBody: '<p>x</p>' },
      message: MSG.textHasNul,
    },
    {
      name: 'lecture body (issue 17)',
      method: 'PATCH',
      url: '/api/admin/pages/some-page',
      payload: { title: 'Title', htmlBody: `<p>x${NUL}</p>` },
      message: MSG.textHasNul,
    },
    { name: 'users search', method: 'GET', url: '/api/users?search=%00', message: MSG.textHasNul },
    { name: 'users cursor', method: 'GET', url: '/api/users?cursor=a%00', message: MSG.textHasNul },
    {
      name: 'role scope',
      method: 'POST',
      url: () => `/api/users/${targetId}/role`,
      payload: () => ({ newRole: 'admin', collegeId: college.id, yearGroup: `Y${NUL}` }),
      message: MSG.textHasNul,
    },
    {
      name: 'user delete confirmation',
      method: 'DELETE',
      url: () => `/api/users/${targetId}`,
      payload: { confirmEmail: `x${NUL}` },
      message: MSG.textHasNul,
    },
    {
      name: 'progress item id',
      method: 'POST',
      url: '/api/sync/progress',
      payload: upsert({ itemId: `i${NUL}` }),
      message: MSG.textHasNul,
      op: true,
    },
    {
      name: 'progress device id',
      method: 'POST',
      url: '/api/sync/progress',
      payload: { deviceId: `device-${NUL}01`, ops: [] },
      message: MSG.textHasNul,
    },
    {
      name: 'progress interval beyond int4',
      method: 'POST',
      url: '/api/sync/progress',
      payload: upsert({ interval: 2 ** 31 }),
      op: true,
    },
    {
      name: 'progress due date beyond PostgreSQL',
      method: 'POST',
      url: '/api/sync/progress',
      payload: upsert({ dueDate: EPOCH_MS_MAX + 1 }),
      op: true,
    },
    {
      name: 'progress due date before 4713 BC',
      method: 'POST',
      url: '/api/sync/progress',
      payload: upsert({ dueDate: -9e14 }),
      op: true,
    },
    {
      name: 'progress reviewedAt beyond range',
      method: 'POST',
      url: '/api/sync/progress',
      payload: upsert({ reviewedAt: 1e16 }),
      op: true,
    },
    {
      name: 'study session name',
      method: 'POST',
      url: '/api/sync/progress',
      payload: session({ subjectName: `S${NUL}` }),
      message: MSG.textHasNul,
      op: true,
    },
    {
      name: 'study session date',
      method: 'POST',
      url: '/api/sync/progress',
      payload: session({ date: -1e15 }),
      op: true,
    },
    {
      name: 'delete op date',
      method: 'POST',
      url: '/api/sync/progress',
      payload: {
        deviceId: 'device-0001',
        ops: [{ opId: 'op-00000003', kind: 'delete', itemId: 'i', at: 9e15 }],
      },
      op: true,
    },
    {
      name: 'verification link',
      method: 'GET',
      url: '/api/auth/verify-email?token=a%00b',
      message: MSG.textHasNul,
    },
    // Found by the route fuzzer: the image browse query reached PostgreSQL with a NUL.
    {
      name: 'image browse topic',
      method: 'GET',
      url: '/api/admin/images?topicId=a%00b',
      message: MSG.textHasNul,
    },
  ];

  for (const c of cases) {
    it(
      c.op ? `refuses ${c.name} alone (rejected op, nothing written)` : `refuses ${c.name} with a 400`,
      async () => {
        const res = await t.app.inject({
          method: c.method,
          url: typeof c.url === 'function' ? c.url() : c.url,
          headers: { cookie: admin },
          ...(c.payload !== undefined
            ? { payload: (typeof c.payload === 'function' ? c.payload() : c.payload) as object }
            : {}),
        });
        if (c.op) {
          expect(res.statusCode, res.body).toBe(200);
          const body = res.json<{ accepted: string[]; rejected?: { opId: string; reason: string }[] }>();
          expect(body.accepted).toEqual([]);
          expect(body.rejected).toHaveLength(1);
          if (c.message) expect(body.rejected?.[0]?.reason).toContain(c.message);
          const pulled = await t.app.inject({
            method: 'GET',
            url: '/api/sync/progress?since=0',
            headers: { cookie: admin },
          });
          expect(pulled.json<{ records: { itemId: string }[] }>().records.map((r) => r.itemId)).not.toContain(
            `i${NUL}`,
          );
          return;
        }
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION');
        if (c.message) expect(res.json().error.message).toBe(c.message);
      },
    );
  }

  it('still accepts the widest storable values', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/progress',
      headers: { cookie: admin },
      payload: {
        deviceId: 'device-0001',
        ops: [
          {
            opId: 'op-wide-0001',
            kind: 'upsert',
            rating: 3,
            record: record({
              interval: 2 ** 31 - 1,
              dueDate: EPOCH_MS_MAX,
              itemId: 'wide-1',
              cardId: 'wide-1',
            }),
          },
          {
            opId: 'op-wide-0002',
            kind: 'upsert',
            rating: 3,
            record: record({ interval: 0, dueDate: EPOCH_MS_MIN, itemId: 'wide-2', cardId: 'wide-2' }),
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pulled = await t.app.inject({
      method: 'GET',
      url: '/api/sync/progress?since=0',
      headers: { cookie: admin },
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemId: 'wide-1', interval: 2 ** 31 - 1, dueDate: EPOCH_MS_MAX }),
        expect.objectContaining({ itemId: 'wide-2', interval: 0, dueDate: EPOCH_MS_MIN }),
      ]),
    );
  });
});
